import { messageData, type Activity, type EnvironmentName, type Experience, type Offer, type Personalisation } from '@tagwell/schema';
import { splitRanges } from './allocation';
import { allOf, allocationLogic, audienceLogic } from './audience-logic';
import type { Logic } from './json-logic';
import { eventToken } from './tokens';

// The on-device decisioning artifact (issue 14 item 2, CONTRACT §5): the published activities of
// one environment as rules in the format the Target SDK's on-device engine reads (artifact major
// version 1). The server decides from the same rules (decide.ts), so both choose alike.

export const ARTIFACT_VERSION = '1.0.0';

/** Response tokens the answers carry: the activity and experience they come from. */
export const RESPONSE_TOKENS = ['activity.id', 'activity.name', 'activity.type', 'experience.id', 'experience.name', 'location.name', 'location.type', 'option.id', 'option.name'] as const;

export interface ArtifactOption {
  /** inAppMessage: shown by the page when its rule set holds (docs/PERSONALISATION.md "In-app messages"). */
  type: 'html' | 'json' | 'redirect' | 'actions' | 'inAppMessage';
  content: unknown;
  eventToken: string;
}
export interface ArtifactMetric {
  type: 'click';
  selector: string;
  eventToken: string;
}
export interface ArtifactRule {
  ruleKey: string;
  activityId: number;
  meta: Record<string, unknown>;
  condition: Logic;
  consequence: { name: string; options: ArtifactOption[]; metrics: ArtifactMetric[] };
  /** A rule made for a preview link (previewRule): never in an artifact, never counted. */
  preview?: true;
}
export interface Artifact {
  version: string;
  globalMbox: string;
  geoTargetingEnabled: false;
  responseTokens: string[];
  remoteMboxes: string[];
  remoteViews: string[];
  localMboxes: string[];
  localViews: string[];
  meta: { clientCode: string; environment: EnvironmentName; property: string; propertyVersion: number; publishedAt: string };
  rules: { mboxes: Record<string, ArtifactRule[]>; views: Record<string, ArtifactRule[]> };
}

/** A DOM action as the page library applies it: the selector twice, as Target sends it. */
function wireAction(offer: Offer & { selector: string }): Record<string, unknown> {
  const { type, selector, ...rest } = offer as Offer & { selector: string; priority?: string; content?: unknown };
  if (type === 'setStyle' && 'priority' in rest && rest.priority) {
    const { priority, content } = rest as { priority: string; content: Record<string, string> };
    return { type, selector, cssSelector: selector, content: { ...content, priority } };
  }
  return { type, selector, cssSelector: selector, ...rest };
}

/** The experience's offers as answer options: DOM actions in a row share one `actions` option. */
function options(experience: Experience, token: string): ArtifactOption[] {
  const out: ArtifactOption[] = [];
  for (const offer of experience.offers) {
    if (offer.type === 'html' || offer.type === 'json') out.push({ type: offer.type, content: offer.content, eventToken: token });
    else if (offer.type === 'redirect') out.push({ type: 'redirect', content: offer.url, eventToken: token });
    else if (offer.type === 'inAppMessage') out.push({ type: 'inAppMessage', content: messageData(offer), eventToken: token });
    else {
      const last = out[out.length - 1];
      if (last?.type === 'actions') (last.content as unknown[]).push(wireAction(offer));
      else out.push({ type: 'actions', content: [wireAction(offer)], eventToken: token });
    }
  }
  return out;
}

/** Click metrics: the experience's trackClick actions, then the activity's click goals. */
function metrics(activity: Activity, experienceId: number, preview: boolean): ArtifactMetric[] {
  const selectors = [
    ...activity.experiences[experienceId]!.offers.flatMap((offer) => (offer.type === 'trackClick' ? [offer.selector] : [])),
    ...activity.goals.flatMap((goal) => (goal.type === 'click' ? [goal.selector] : [])),
  ];
  return selectors.map((selector, metric) => ({ type: 'click', selector, eventToken: eventToken({ activityId: activity.id, experienceId, type: 'click', metric, preview }) }));
}

/** One experience's rule under `condition`; a preview's carries preview event tokens. */
function ruleOf(activity: Activity, experienceId: number, condition: Logic, preview: boolean): ArtifactRule {
  const experience = activity.experiences[experienceId]!;
  const name = activity.location.name;
  const token = eventToken({ activityId: activity.id, experienceId, type: 'display', preview });
  return {
    // One key per activity: on the global location and on views one experience per activity.
    ruleKey: String(activity.id),
    activityId: activity.id,
    meta: {
      'activity.id': activity.id,
      'activity.name': activity.name,
      'activity.type': activity.type === 'ab' ? 'ab' : 'landing',
      'experience.id': experienceId,
      'experience.name': experience.name,
      'location.name': name,
      'location.type': activity.location.type,
      'location.id': 0,
      'audience.ids': [],
      'option.id': experienceId,
      'option.name': experience.name,
    },
    condition,
    consequence: { name, options: options(experience, token), metrics: metrics(activity, experienceId, preview) },
    ...(preview && { preview: true as const }),
  };
}

function rulesOf(activity: Activity): ArtifactRule[] {
  const ranges = splitRanges(activity.experiences.map((e) => e.split ?? 0));
  return activity.experiences.flatMap((experience, experienceId) => {
    if (activity.type === 'ab' && ranges[experienceId]!.to === ranges[experienceId]!.from) return [];
    const condition = allOf([
      ...(activity.type === 'ab' ? allocationLogic(ranges[experienceId]!.from, ranges[experienceId]!.to) : []),
      ...audienceLogic(activity.audience),
      ...audienceLogic(experience.audience),
    ]);
    return [ruleOf(activity, experienceId, condition, false)];
  });
}

/**
 * The rule a preview link forces (docs/PERSONALISATION.md "Previewing an experience"): the
 * experience on its activity's location for whoever holds the link, whatever the allocation, the
 * audiences or the activity's state (Target's QA mode ignores audiences by default), with preview
 * event tokens so that nothing it shows is counted.
 */
export function previewRule(activity: Activity, experienceId: number): ArtifactRule {
  return ruleOf(activity, experienceId, true, true);
}

export interface ArtifactSource {
  property: string;
  propertyVersion: number;
  publishedAt: string;
  environment: EnvironmentName;
  personalisation: Personalisation;
}

/** The artifact of one environment's published activities (paused ones left out). */
export function buildArtifact(source: ArtifactSource): Artifact {
  const { personalisation } = source;
  const globalMbox = personalisation.globalLocation;
  const mboxes: Record<string, ArtifactRule[]> = {};
  const views: Record<string, ArtifactRule[]> = {};
  for (const activity of personalisation.activities) {
    if (activity.state !== 'active') continue;
    const into = activity.location.type === 'mbox' ? mboxes : views;
    (into[activity.location.name] ??= []).push(...rulesOf(activity));
  }
  return {
    version: ARTIFACT_VERSION,
    globalMbox,
    geoTargetingEnabled: false,
    responseTokens: [...RESPONSE_TOKENS],
    remoteMboxes: [],
    remoteViews: [],
    // Every location this artifact decides; others would need the server (hybrid mode asks it).
    localMboxes: [...new Set([globalMbox, ...Object.keys(mboxes)])].sort(),
    localViews: Object.keys(views).sort(),
    meta: { clientCode: personalisation.client, environment: source.environment, property: source.property, propertyVersion: source.propertyVersion, publishedAt: source.publishedAt },
    rules: { mboxes, views },
  };
}
