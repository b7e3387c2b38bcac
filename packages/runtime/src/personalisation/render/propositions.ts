import type { DeliveryMetric, DeliveryOption, DeliveryResponse, Proposition } from '../types';

type Answer = { options?: DeliveryOption[]; metrics?: DeliveryMetric[] } | undefined;

/**
 * The Delivery API answer as propositions, execute before prefetch (docs/PERSONALISATION.md):
 * execute answers were counted as displayed by the server; a location with neither options nor
 * metrics has nothing to render or report and is left out. Never throws on a malformed answer.
 */
export function propositionsOf(response: DeliveryResponse, globalLocation: string): Proposition[] {
  const out: Proposition[] = [];
  const add = (scope: string, scopeType: Proposition['scopeType'], executed: boolean, answer: Answer) => {
    const options = answer?.options || [];
    const metrics = answer?.metrics || [];
    if (options.length || metrics.length) out.push({ scope, scopeType, options, metrics, executed });
  };
  try {
    const { execute, prefetch } = response;
    add(globalLocation, 'page', true, execute?.pageLoad);
    execute?.mboxes?.map((mbox) => add(mbox.name, 'mbox', true, mbox));
    add(globalLocation, 'page', false, prefetch?.pageLoad);
    prefetch?.mboxes?.map((mbox) => add(mbox.name, 'mbox', false, mbox));
    prefetch?.views?.map((view) => add(view.name, 'view', false, view));
  } catch {
    // A malformed answer renders what was read before it (the runtime never throws into the page).
  }
  return out;
}
