/**
 * Message goals (issue 16 item 2, SPEC §4): an in-app message's interact and dismiss events reach the
 * collector as custom link hits of their own (`Personalisation message interact` or `... dismiss`)
 * naming the activity and experience in `tnta` (runtime personalisation/messages/report.ts); each
 * is a conversion of the activity's goals for that event, as an analytics event is of its goals.
 */
import { MESSAGE_LINK_NAMES } from '@tagwell/schema';
import { tntaItems, tntaOf } from './hit-exposures';
import type { Conversion, GoalShape, Unscoped } from './store';

export interface MessageGoalHit {
  visitorId: string | null | undefined;
  hitType: string;
  linkName: string | null;
  query: string;
  receivedAt: string | Date;
}

const EVENT_OF: Record<string, string> = { [MESSAGE_LINK_NAMES.interact]: 'interact', [MESSAGE_LINK_NAMES.dismiss]: 'dismiss' };

export function messageConversions(activities: ReadonlyArray<{ id: number; goals: readonly GoalShape[] }>, hit: MessageGoalHit): Array<Unscoped<Conversion>> {
  const event = hit.hitType === 'link' && hit.linkName ? EVENT_OF[hit.linkName] : undefined;
  const tnta = event && hit.visitorId ? tntaOf(hit.query) : null;
  if (!tnta) return [];
  const out: Array<Unscoped<Conversion>> = [];
  const named = new Set(tntaItems(tnta).map((item) => item.activity));
  for (const activity of activities) {
    if (!named.has(activity.id)) continue;
    activity.goals.forEach((goal, goalIndex) => {
      if (goal.type === 'message' && goal.event === event) out.push({ activity: activity.id, goal: goalIndex, visitorId: hit.visitorId!, at: hit.receivedAt });
    });
  }
  return out;
}
