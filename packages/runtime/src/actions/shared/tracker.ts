import { createTracker, type Tracker } from '../../analytics';
import type { Context } from '../../core/types';

/** The page's one analytics tracker, created on first use from the container's settings. */
export function trackerOf(ctx: Context): Tracker {
  let tracker = ctx.shared.tracker as Tracker | undefined;
  if (!tracker) {
    const config = ctx.config.analytics;
    if (!config) throw new Error('the container has no analytics settings');
    const canIdentify = ctx.shared.canIdentify as (() => boolean) | undefined;
    ctx.shared.tracker = tracker = createTracker(config, { log: ctx.log, cookie: ctx.cookie, cookieDomain: ctx.config.cookieDomain, canIdentify });
  }
  return tracker;
}
