import { createTracker, type HitVariables, type Tracker, type TrackerDeps } from '../../analytics';
import { rememberedGuard } from '../../privacy';
import type { Context, PostTrackCallback, RuleEvent } from '../../core/types';

/** The property's consent gate, and the release of the hits that waited for it when the choice changes; none without settings. */
function consentGate(ctx: Context): Pick<TrackerDeps, 'gate'> | undefined {
  const consent = ctx.config.consent;
  if (!consent) return;
  document.addEventListener(consent.changeEvent, () => ctx.safe('Consent', () => trackerOf(ctx).release(), undefined));
  return { gate: consent.module(ctx, consent) };
}

/** The page's one analytics tracker, created on first use from the container's settings. */
export function trackerOf(ctx: Context): Tracker {
  let tracker = ctx.shared.tracker as Tracker | undefined;
  if (!tracker) {
    const config = ctx.config.analytics;
    if (!config) throw new Error('the container has no analytics settings');
    ctx.shared.tracker = tracker = createTracker(config, {
      log: ctx.log,
      // A page that sends more than its page view (link hits) guards the values every hit repeats once.
      ...(TW_LINK_HITS && { guard: rememberedGuard() }),
      // The consent gate (SPEC §4); compiled in only where the property has one (TW_CONSENT).
      ...(TW_CONSENT && consentGate(ctx)),
      // The visitor id for `mid` (docs/IDENTITY.md); compiled in only when the property uses it.
      ...(TW_IDENTITY && { identity: ctx.identity }),
      // The tracker the page creates itself, looked for from now on; compiled in only when the property names one.
      ...(TW_PREINSTALLED && config.preinstalled && { preinstalled: config.preinstalled.module(config, ctx.log) }),
      // Resolved when each hit is sent, so a hit carries the context of the page it happens on.
      ...(TW_EVERY_HIT && { everyHit: () => (config.everyHit || []).map(([key, value]) => [key, ctx.resolve(value)] as [string, unknown]) }),
      // The events of each hit that leaves go into the visitor's event history (issue 16); compiled in only with the event history (TW_EVENT_HISTORY).
      ...(TW_EVENT_HISTORY && ctx.target && { history: ctx.target.record }),
      // The site's post-track callbacks (core/boot.ts `registerPostTrackCallback`); compiled in only with settings.postTrackCallbacks.
      ...(TW_POST_TRACK && { callbacks: ctx.shared.callbacks as PostTrackCallback[] | undefined }),
      // Development and staging containers tell the debugger what the privacy guard removes.
      ...(TW_DEBUG_BRIDGE && { bridge: ctx.bridge }),
    });
  }
  return tracker;
}

/**
 * The variables of the hit the rule's event occurrence sends, kept on the occurrence: what a rule sets goes
 * with that hit, or, when the occurrence sends none, nowhere. Without an occurrence: the tracker's own.
 */
export const hitOf: (ctx: Context, event: RuleEvent) => HitVariables = TW_OCCURRENCES
  ? (ctx, event) => (event.occurrence ? event.occurrence.hit || (event.occurrence.hit = trackerOf(ctx).batch()) : trackerOf(ctx))
  : trackerOf;
