import { createTracker, type Tracker } from '../../analytics';
import type { Context } from '../../core/types';

/** The page's one analytics tracker, created on first use from the container's settings. */
export function trackerOf(ctx: Context): Tracker {
  let tracker = ctx.shared.tracker as Tracker | undefined;
  if (!tracker) {
    const config = ctx.config.analytics;
    if (!config) throw new Error('the container has no analytics settings');
    const consent = ctx.config.consent;
    const gate = consent && consent.module(ctx, consent);
    // Development and staging containers tell the debugger what the privacy guard removes.
    const created = (tracker = createTracker(config, { log: ctx.log, cookie: ctx.cookie, gate, ...(TW_DEBUG_BRIDGE && { bridge: ctx.bridge }) }));
    ctx.shared.tracker = created;
    // A changed choice sends or drops the hits that waited for it.
    if (consent) document.addEventListener(consent.changeEvent, () => ctx.safe('Consent', created.release, undefined));
  }
  return tracker;
}
