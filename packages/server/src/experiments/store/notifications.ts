/**
 * Exposures and click conversions from the Delivery API's notifications (issue 14 item 2): a
 * display or click token names the activity and experience (decisions/tokens.ts). A click also
 * proves a display, so it records an exposure too; the first exposure wins anyway.
 */
import { readEventToken } from '../../decisions/tokens';
import type { Conversion, Exposure, Unscoped } from './record';

/** What the mapping needs of an activity (schema `Activity` fits). */
export interface ClickGoalShape {
  id: number;
  experiences: readonly { offers: readonly { type: string }[] }[];
  goals: readonly { type: string }[];
}

export interface NotificationShape {
  type: 'display' | 'click';
  tokens: readonly string[];
}

/**
 * A click token's metric counts the experience's trackClick offers first, then the activity's click
 * goals (decisions/artifact.ts); the goal's position, or undefined for a trackClick offer.
 */
function clickGoal(activity: ClickGoalShape, experience: number, metric: number): number | undefined {
  const offers = activity.experiences[experience]!.offers.filter((o) => o.type === 'trackClick').length;
  if (metric < offers) return undefined;
  const clickGoals = activity.goals.flatMap((g, i) => (g.type === 'click' ? [i] : []));
  return clickGoals[metric - offers];
}

/**
 * The exposures and conversions of one request's notifications, at the server's time `at` (a
 * client's timestamp is not compared with another client's). Tokens of activities or experiences
 * not in `activities` (the published ones), and a preview's tokens, are ignored.
 */
export function notificationEvents(
  activities: readonly ClickGoalShape[],
  notifications: readonly NotificationShape[],
  visitorId: string,
  at: Date | string,
): { exposures: Array<Unscoped<Exposure>>; conversions: Array<Unscoped<Conversion>> } {
  const exposures: Array<Unscoped<Exposure>> = [];
  const conversions: Array<Unscoped<Conversion>> = [];
  for (const notification of notifications) {
    for (const token of notification.tokens) {
      const read = readEventToken(token);
      // A preview link's forced experience is never counted (docs/PERSONALISATION.md "Previewing an experience").
      const activity = read && !read.preview && activities.find((a) => a.id === read.activityId);
      if (!read || !activity || !activity.experiences[read.experienceId]) continue;
      exposures.push({ activity: activity.id, experience: read.experienceId, visitorId, at });
      const goal = read.type === 'click' ? clickGoal(activity, read.experienceId, read.metric ?? 0) : undefined;
      if (goal !== undefined) conversions.push({ activity: activity.id, goal, visitorId, at });
    }
  }
  return { exposures, conversions };
}
