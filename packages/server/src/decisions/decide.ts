import { allocation } from './allocation';
import type { Artifact, ArtifactRule } from './artifact';
import type { DeliveryRequest, MboxRequest, RequestDetails, ViewRequest } from './delivery-request';
import { holds } from './json-logic';
import { pageContext, parameterContext } from './page-context';
import { withForcedExperience, type ForcedExperience } from './preview';

// The server's decision (issue 14 item 2): the artifact's rules applied to a Delivery API request
// in the on-device engine's order, and answered in the Delivery API's shapes. Nothing of the
// request is kept (docs/PERSONALISATION.md "Privacy").

type Mode = 'execute' | 'prefetch';
type Json = Record<string, unknown>;

/** The id the allocation reads: Marketing Cloud id, tntId (without its location hint), third-party id, else the session. */
export function visitorIdOf(ids: DeliveryRequest['id'], sessionId: string): string {
  return ids?.marketingCloudVisitorId || ids?.tntId?.split('.')[0] || ids?.thirdPartyId || sessionId;
}

const withoutUndefined = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

export interface Decider {
  client: string;
  artifact: Artifact;
  /** The experience a preview token forces (preview.ts), for this request only. */
  forced?: ForcedExperience;
}

export function decide(request: DeliveryRequest, sessionId: string, { client, artifact: published, forced }: Decider): Json {
  const artifact = forced ? withForcedExperience(published, forced) : published;
  const visitorId = visitorIdOf(request.id, sessionId);
  const basePage = pageContext(request.context.address?.url);
  const responseTokens = new Set(artifact.responseTokens);

  const contextOf = (rule: ArtifactRule, detail: RequestDetails) => ({
    page: detail.address ? pageContext(detail.address.url) : basePage,
    mbox: parameterContext(detail.parameters),
    allocation: allocation(client, rule.activityId, visitorId),
  });

  /** An answer option as the mode gives it: execute drops event tokens (it counts as displayed). */
  function answer(rule: ArtifactRule, mode: Mode, keepMetrics: boolean): Json {
    const tokens: Json = { 'activity.decisioningMethod': 'server-side' };
    for (const [key, value] of Object.entries(rule.meta)) if (responseTokens.has(key) && value !== undefined) tokens[key] = value;
    // Marks a forced experience for the page and for counting: never an exposure (docs/PERSONALISATION.md "Previewing an experience").
    if (rule.preview) tokens['experience.preview'] = true;
    // An executed in-app message is not displayed yet: the page shows it only when its rule set holds, and
    // sends its display notification then (SPEC §4), so it keeps its event token.
    const options = rule.consequence.options.map((option) =>
      mode === 'execute' && option.type !== 'inAppMessage' ? { type: option.type, content: option.content, responseTokens: tokens } : { ...option, responseTokens: tokens },
    );
    const metrics = mode === 'execute' || keepMetrics ? rule.consequence.metrics : [];
    return withoutUndefined({ name: rule.consequence.name, options, metrics: metrics.length ? metrics : undefined });
  }

  /** A named location: its first matching rule; on the global location, one per activity. */
  function mboxRules(name: string, detail: RequestDetails): ArtifactRule[] {
    const global = name === artifact.globalMbox;
    const matched: ArtifactRule[] = [];
    const keys = new Set<string>();
    for (const rule of artifact.rules.mboxes[name] ?? []) {
      if (global && keys.has(rule.ruleKey)) continue;
      if (!holds(rule.condition, contextOf(rule, detail))) continue;
      matched.push(rule);
      keys.add(rule.ruleKey);
      if (!global) break;
    }
    return matched;
  }

  /** A named location's answers: one, blank when nothing matched; on the global location, one per activity. */
  function mbox(request: MboxRequest, mode: Mode): Json[] {
    const rules = mboxRules(request.name, request);
    if (rules.length === 0) return request.name === artifact.globalMbox ? [] : [withoutUndefined({ name: request.name, index: request.index })];
    return rules.map((rule) => withoutUndefined({ ...answer(rule, mode, false), index: request.index }));
  }

  function pageLoad(detail: RequestDetails, mode: Mode): Json {
    const answers = mboxRules(artifact.globalMbox, detail).map((rule) => answer(rule, mode, false));
    const metrics = new Map<string, Json>();
    for (const a of answers) for (const metric of (a.metrics as Json[] | undefined) ?? []) metrics.set(String(metric.eventToken), metric);
    return withoutUndefined({ options: answers.flatMap((a) => a.options as Json[]), metrics: metrics.size ? [...metrics.values()] : undefined });
  }

  /** Views: one experience per activity; a request without a name asks for every view. */
  function viewAnswers(detail: ViewRequest, mode: Mode): Json[] {
    const rules = detail.name !== undefined ? (artifact.rules.views[detail.name] ?? []) : Object.values(artifact.rules.views).flat();
    const byName = new Map<string, Json>();
    const keys = new Set<string>();
    for (const rule of rules) {
      if (keys.has(rule.ruleKey) || !holds(rule.condition, contextOf(rule, detail))) continue;
      keys.add(rule.ruleKey);
      const one = answer(rule, mode, true);
      const seen = byName.get(rule.consequence.name);
      byName.set(
        rule.consequence.name,
        seen
          ? { ...seen, options: [...(seen.options as Json[]), ...(one.options as Json[])], metrics: [...((seen.metrics as Json[]) ?? []), ...((one.metrics as Json[]) ?? [])] }
          : one,
      );
    }
    return [...byName.values()];
  }

  function section(mode: Mode): Json | undefined {
    const asked = request[mode];
    if (!asked) return undefined;
    return withoutUndefined({
      mboxes: asked.mboxes?.flatMap((m) => mbox(m, mode)),
      views: asked.views?.flatMap((v) => viewAnswers(v, mode)),
      pageLoad: asked.pageLoad ? pageLoad(asked.pageLoad, mode) : undefined,
    });
  }

  // The tntId answers for the session: a visitor without ids keeps the session's experience.
  const ids = { ...request.id, tntId: request.id?.tntId ?? sessionId };
  return withoutUndefined({
    status: 200,
    requestId: request.requestId,
    id: ids,
    client,
    execute: section('execute'),
    prefetch: section('prefetch'),
    notifications: request.notifications?.map((n) => ({ id: n.id })),
  });
}
