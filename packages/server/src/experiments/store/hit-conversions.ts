/**
 * Which goals a stored analytics hit reaches (issue 14 item 1 goals; SPEC §9: event15 and event17
 * are the personalisation events): a page view of a goal's path, or a goal's analytics event.
 * Click goals arrive as click notifications of the Delivery API instead; message goals from the hits
 * that name the activity (experiments/message-conversions.ts).
 */
import type { Conversion, Unscoped } from './record';

/** A goal as the property document has it (schema `Goal` fits). */
export type GoalShape = { type: 'page-view'; path: string } | { type: 'analytics-event'; event: string } | { type: 'click' } | { type: 'message'; event: string };

export interface ActivityGoals {
  id: number;
  goals: readonly GoalShape[];
}

/** What the matching needs of a hit: the visitor id is AppMeasurement's `mid`, sent only with Statistics consent. */
export interface GoalHit {
  visitorId: string | null | undefined;
  hitType: string;
  pageUrl: string | null;
  /** As sent: `event1,event15=3,event17:serial`. */
  events: string | null;
  receivedAt: string | Date;
}

/** `/a/b/` and `/a/b` are one page. */
function samePath(a: string, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return trim(a) === trim(b);
}

function pathOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://page.invalid').pathname;
  } catch {
    return null;
  }
}

/** The event names of an events list, without values or serials. */
function eventNames(events: string | null): Set<string> {
  return new Set((events ?? '').split(',').map((e) => e.split(/[=:]/)[0]!.trim()).filter(Boolean));
}

export function hitConversions(activities: readonly ActivityGoals[], hit: GoalHit): Array<Unscoped<Conversion>> {
  if (!hit.visitorId) return [];
  const path = hit.hitType === 'page' ? pathOf(hit.pageUrl) : null;
  const events = eventNames(hit.events);
  const out: Array<Unscoped<Conversion>> = [];
  for (const activity of activities) {
    activity.goals.forEach((goal, index) => {
      const reached = goal.type === 'page-view' ? path !== null && samePath(path, goal.path) : goal.type === 'analytics-event' ? events.has(goal.event) : false;
      if (reached) out.push({ activity: activity.id, goal: index, visitorId: hit.visitorId!, at: hit.receivedAt });
    });
  }
  return out;
}
