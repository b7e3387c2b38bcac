// Issue 15 item 4: the activity and experience shown reach the analytics hits, as Analytics for Target
// logs them client side: a `tnta` value (`<activity>:<experience>:0|2`, comma-separated) on a custom
// link hit of its own, sent by the container's tracker, so consent, the privacy guard and the transport
// apply. A link hit, not the page view: a decision rendered after the page view is still reported,
// and the page views the analysts count stay as they were (docs/PERSONALISATION.md).
import { trackerOf } from '../actions/shared/tracker';
import type { Context } from '../core/types';
import type { Proposition, Shown } from './types';

/** A non-negative whole number from a response token (a number, or its digits as text). */
const id = (value: unknown) => (/^\d{1,15}$/.test('' + value) ? +('' + value) : -1);

/** The activities and experiences of the options of rendered propositions, each once; previews left out. */
export function shownOf(propositions: Proposition[]): Shown[] {
  const out: Shown[] = [];
  const seen: Record<string, 1> = {};
  for (const proposition of propositions || [])
    // SPEC §4: only what the page tried to render was shown (every option failed, or JSON only: nothing was).
    for (const option of (proposition && proposition.state == 'render-attempted' && proposition.options) || []) {
      // An in-app message reports itself when its rule set lets it show (messages/index.ts).
      if (option && option.type == 'inAppMessage') continue;
      const tokens = (option && option.responseTokens) || {};
      const activityId = id(tokens['activity.id']);
      const experienceId = id(tokens['experience.id']);
      const key = activityId + ':' + experienceId;
      // An experience a console preview link forced is shown to the analyst, not a visitor: never reported.
      if (activityId >= 0 && experienceId >= 0 && !seen[key] && tokens['experience.preview'] !== true) {
        seen[key] = 1;
        out.push({ activityId, experienceId });
      }
    }
  return out;
}

/**
 * Sends one link hit naming what was shown and not yet reported on this page (each activity and
 * experience once per page). Without analytics settings nothing is sent. Never throws.
 */
export function reportShown(ctx: Context, shown: Shown[]): void {
  ctx.safe(
    'Personalisation analytics',
    () => {
      const reported = (ctx.shared.tnta || (ctx.shared.tnta = {})) as Record<string, 1>;
      const tnta: string[] = [];
      for (const s of shown || []) {
        const key = id(s.activityId) + ':' + id(s.experienceId);
        if (key.indexOf('-') < 0 && !reported[key]) {
          reported[key] = 1;
          tnta.push(key + ':0|2');
        }
      }
      if (tnta.length) sendTnta(ctx, tnta.join(','), 'Personalisation display');
    },
    undefined,
  );
}

/** One custom link hit of the container's tracker carrying `tnta`; without analytics settings nothing is sent. */
export function sendTnta(ctx: Context, tnta: string, name: string): void {
  if (!ctx.config.analytics) return;
  const hit = trackerOf(ctx).batch();
  hit.set('tnta', tnta);
  hit.send({ type: 'link', linkType: 'o', name });
}
