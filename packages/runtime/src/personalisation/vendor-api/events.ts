import { parameters } from './offers';
import { DISABLED, TRACK_FAILED } from './messages';
import type { Target } from './target';
import { checkSendNotifications, checkTrackEvent } from './validate';

// sendNotifications and trackEvent (CONTRACT §5): what the page reports itself.

type Options = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the page's code passes anything

export function sendNotifications(t: Target, options: Options): void {
  if (!t.refuse(checkSendNotifications(options), true)) t.deps.client.notify(options.request.notifications);
}

/**
 * Asks for the mbox (the decision service counts the location's goals from it); with `type` and `selector`,
 * on each such event of the elements the selector finds now, as at.js does.
 */
export function trackEvent(t: Target, options: Options): void {
  const { deps } = t;
  const problem = checkTrackEvent(options);
  if (t.refuse(problem)) return void (problem || t.call(options.error, 'warning', DISABLED));
  const { mbox, params, type, success, error } = options;
  // Quoted: the compiler shortens the runtime's own `selector` property, not the page's (internal-properties.ts).
  const selector = options['selector'];
  const send = () => {
    const reason = t.refuse(undefined, true);
    if (reason) return t.call(error, 'error', reason);
    deps.client.deliver({ execute: { mboxes: [{ index: 0, name: mbox, parameters: parameters(params) }] } }, typeof options.timeout == 'number' ? options.timeout : undefined).then(
      () => t.call(success),
      () => {
        deps.ctx.log.warn(TRACK_FAILED);
        t.call(error, 'unknown', TRACK_FAILED);
      },
    );
  };
  if (typeof type != 'string' || !type || !selector) return send();
  const elements = selector instanceof Element ? [selector] : document.querySelectorAll(selector);
  elements.forEach((element) => element.addEventListener(type, () => deps.ctx.safe('adobe.target.trackEvent', send, undefined)));
}
