/**
 * Exposures and click conversions of one Delivery API call (issue 14 items 2-3): an answer given
 * for execution counts as displayed (the Delivery API sends no display notification for it), but an
 * in-app message, which counts when the page shows it (issue 16 item 2);
 * prefetched answers count when their display or click notification arrives. Only a call that
 * carries the Marketing Cloud visitor id counts: the page sends it after Statistics consent. An
 * experience forced by a preview link never counts (docs/PERSONALISATION.md "Previewing an experience").
 */
import { notificationEvents, type ClickGoalShape, type Conversion, type Exposure, type NotificationShape, type Scope } from './store';

type Json = Record<string, unknown>;

/**
 * Every `responseTokens` object under a part of the response (pageLoad, mboxes, views), but an in-app
 * message's: it is displayed only when the page's rule set holds, and counted by its display notification.
 */
function responseTokens(value: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const item of value) responseTokens(item, out);
  else if (value && typeof value === 'object' && (value as Json).type !== 'inAppMessage') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'responseTokens' && inner && typeof inner === 'object') out.push(inner as Json);
      else responseTokens(inner, out);
    }
  }
  return out;
}

export function deliveryEvents(
  { property, environment }: Required<Scope>,
  activities: readonly ClickGoalShape[],
  request: { id?: { marketingCloudVisitorId?: string }; notifications?: readonly NotificationShape[] },
  response: Json,
  at: Date,
): { exposures: Exposure[]; conversions: Conversion[] } {
  const visitorId = request.id?.marketingCloudVisitorId;
  if (!visitorId) return { exposures: [], conversions: [] };
  const notified = notificationEvents(activities, request.notifications ?? [], visitorId, at);
  const exposures: Exposure[] = notified.exposures.map((e) => ({ ...e, property, environment }));
  const conversions: Conversion[] = notified.conversions.map((c) => ({ ...c, property, environment }));
  for (const tokens of responseTokens(response.execute)) {
    // An experience a preview link forced is shown to the analyst, not to a visitor: never counted.
    if (tokens['experience.preview'] === true) continue;
    const activity = activities.find((a) => a.id === tokens['activity.id']);
    const experience = tokens['experience.id'];
    if (activity && typeof experience === 'number' && activity.experiences[experience]) exposures.push({ property, environment, activity: activity.id, experience, visitorId, at });
  }
  return { exposures, conversions };
}
