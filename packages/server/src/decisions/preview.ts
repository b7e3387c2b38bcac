import type { Activity } from '@tagwell/schema';
import type { ExperiencePreviewClaims } from '../preview/experience-tokens';
import { previewRule, type Artifact, type ArtifactRule } from './artifact';
import type { Published } from './published';

// Previewing one experience (issue 14 item 4; docs/PERSONALISATION.md "Previewing an experience"):
// a Delivery request carrying a valid preview token gets that experience of that activity in place
// of whatever its allocation and audiences would give, on this request only; other activities
// decide as usual. A token that does not hold for the publication deciding is ignored silently:
// the page still gets its usual answer (as a stale draft-preview cookie gets production).

export interface ForcedExperience {
  activity: Activity;
  experienceId: number;
}

/**
 * The experience a verified token forces on this publication, or undefined when the token names
 * another property or environment, or an activity or experience this publication does not have.
 * Paused activities may be previewed: that is how an analyst checks one before it runs.
 */
export function forcedExperience(claims: ExperiencePreviewClaims | undefined, published: Published): ForcedExperience | undefined {
  if (!claims || claims.property !== published.property || claims.environment !== published.environment) return undefined;
  const activity = published.personalisation.activities.find((a) => a.id === claims.activityId);
  if (!activity?.experiences[claims.experienceId]) return undefined;
  return { activity, experienceId: claims.experienceId };
}

const without = (rules: Record<string, ArtifactRule[]>, ruleKey: string): Record<string, ArtifactRule[]> =>
  Object.fromEntries(Object.entries(rules).map(([name, list]) => [name, list.filter((rule) => rule.ruleKey !== ruleKey)]));

/** The artifact with the activity's own rules replaced by the forced one, first on its location (so it wins there). */
export function withForcedExperience(artifact: Artifact, { activity, experienceId }: ForcedExperience): Artifact {
  const rule = previewRule(activity, experienceId);
  const mboxes = without(artifact.rules.mboxes, rule.ruleKey);
  const views = without(artifact.rules.views, rule.ruleKey);
  const into = activity.location.type === 'mbox' ? mboxes : views;
  into[activity.location.name] = [rule, ...(into[activity.location.name] ?? [])];
  return { ...artifact, rules: { mboxes, views } };
}
