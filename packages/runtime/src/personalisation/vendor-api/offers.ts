import { propositionsOf } from '../render/propositions';
import type { DeliveryOption, DeliveryResponse, Proposition, RenderResult } from '../types';
import { DISABLED, PAGE_LOAD_DISABLED } from './messages';
import type { Target } from './target';
import { checkApplyOffer, checkApplyOffers, checkGetOffer, checkGetOffers } from './validate';

// getOffer, getOffers, applyOffer and applyOffers (CONTRACT §5), as at.js 2 documents them: getOffer's
// success gets the location's options (the `offer` applyOffer takes), getOffers the Delivery response.

type Options = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the page's code passes anything

/** The decisions behind each `offer` getOffer gave, so applyOffer renders them with their click metrics. */
const decided = new WeakMap<object, Proposition[]>();

/** Parameters as the Delivery API takes them: names to strings; objects and empty values left out. */
export const parameters = (params: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (params && typeof params == 'object') for (const [name, value] of Object.entries(params)) if (value != null && typeof value != 'object') out[name] = '' + value;
  return out;
};

const timeout = (value: unknown) => (typeof value == 'number' && value >= 0 ? value : undefined);

/**
 * at.js: HTML offers go into the `selector` given to applyOffer(s), as DOM actions the renderer knows.
 * Quoted, and given as `cssSelector`: the compiler shortens the runtime's own `selector` property (internal-properties.ts).
 */
const into = (propositions: Proposition[], options: Options): Proposition[] => {
  const selector = options['selector'];
  return typeof selector == 'string' && selector
    ? propositions.map((p) => ({ ...p, options: p.options.map((o) => (o.type == 'html' ? { ...o, type: 'actions', content: [{ type: 'setHtml', cssSelector: selector, content: o.content }] } : o)) }))
    : propositions;
};

const render = (t: Target, propositions: Proposition[]): Promise<RenderResult> =>
  t.show(propositions).catch((error) => {
    t.deps.ctx.log.error('adobe.target rendering failed:', error);
    throw error;
  });

export function getOffer(t: Target, options: Options): void {
  const { deps } = t;
  const problem = checkGetOffer(options);
  const pageLoad = !problem && options.mbox == deps.globalLocation;
  const reason = t.refuse(problem || (pageLoad && !deps.pageLoadEnabled ? PAGE_LOAD_DISABLED : undefined), true);
  // at.js: bad options are only logged; a refused request goes to the error callback too.
  if (reason) return void (problem || t.call(options.error, reason == DISABLED ? 'warning' : 'error', reason));
  const details = { parameters: parameters(options.params) };
  deps.client
    .deliver({ execute: pageLoad ? { pageLoad: details } : { mboxes: [{ index: 0, name: options.mbox, ...details }] } }, timeout(options.timeout))
    .then((response) => {
      const propositions = propositionsOf(response, deps.globalLocation);
      const offer = propositions.flatMap((p) => p.options);
      decided.set(offer, propositions);
      return offer;
    })
    .then(
      (offer) => t.call(options.success, offer),
      (error) => t.call(options.error, (error && error.status) || 'unknown', error),
    );
}

export async function getOffers(t: Target, options: Options): Promise<DeliveryResponse> {
  const { deps } = t;
  const problem = checkGetOffers(options);
  const reason = t.refuse(problem || (!deps.pageLoadEnabled && options.request.execute?.pageLoad ? PAGE_LOAD_DISABLED : undefined), true);
  if (reason) throw new Error(reason);
  return deps.client.deliver(options.request, timeout(options.timeout));
}

export function applyOffer(t: Target, options: Options): void {
  if (t.refuse(checkApplyOffer(options))) return;
  const offer = options.offer as DeliveryOption[];
  // An offer the page built itself: prefetched when its options carry event tokens, so it is displayed once shown.
  const part = offer.some((o) => o && o.eventToken) ? 'prefetch' : 'execute';
  const propositions = decided.get(offer) || propositionsOf({ [part]: { mboxes: [{ name: options.mbox, options: offer }] } }, t.deps.globalLocation);
  render(t, into(propositions, options)).catch(() => {});
}

export async function applyOffers(t: Target, options: Options): Promise<RenderResult> {
  const reason = t.refuse(checkApplyOffers(options));
  if (reason) throw new Error(reason);
  const propositions = propositionsOf(options.response, t.deps.globalLocation);
  // at.js keeps prefetched views for triggerView rather than rendering them now.
  for (const p of propositions) if (p.scopeType == 'view') t.views.set(p.scope.toLowerCase(), p);
  return render(t, into(propositions.filter((p) => p.scopeType != 'view'), options));
}
