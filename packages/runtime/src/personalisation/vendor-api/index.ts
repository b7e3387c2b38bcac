import type { VendorApiDeps } from '../types';
import { sendNotifications, trackEvent } from './events';
import { ALREADY, OLD_BROWSER } from './messages';
import { applyOffer, applyOffers, getOffer, getOffers } from './offers';
import { createTarget } from './target';
import { triggerView } from './views';

// `window.adobe.target`, the vendor API the site's code calls (issue 15 item 5, CONTRACT §5, SPEC §5
// and §8; docs/PERSONALISATION.md). Every call is wrapped: nothing the page passes makes it throw.

const CALLS = { getOffer, getOffers, applyOffer, applyOffers, sendNotifications, trackEvent, triggerView };

type Call = (...args: unknown[]) => unknown;

export function installTargetApi(deps: VendorApiDeps): void {
  const w = window as unknown as { adobe?: { target?: unknown } };
  const { ctx } = deps;
  if (w.adobe && w.adobe.target) return ctx.log.warn(ALREADY);
  const old = typeof Promise == 'undefined' || typeof fetch == 'undefined' || typeof MutationObserver == 'undefined';
  if (old) {
    ctx.log.warn(OLD_BROWSER);
    // The page's log prints only in debug; this one the site's developers must see.
    ctx.safe('console', () => console.warn(OLD_BROWSER), undefined);
  }
  const t = createTarget(deps);
  const target: Record<string, Call> = {};
  // In a browser too old, the calls exist (the page's code must not break) and do nothing.
  for (const [name, call] of Object.entries(CALLS) as Array<[string, Call]>) target[name] = old ? () => {} : (...args) => ctx.safe('adobe.target.' + name, () => call(t, ...args), undefined);
  (w.adobe = w.adobe || {}).target = target;
}
