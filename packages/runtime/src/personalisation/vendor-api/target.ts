import { shownOf } from '../analytics';
import { createNotifier } from '../notifications';
import type { Proposition, RenderResult, VendorApiDeps } from '../types';
import { DISABLED, NOT_OPTED_IN } from './messages';

export { DISABLED };

// What every call of `window.adobe.target` shares: the refusals it logs (SPEC §8), the page's
// callbacks kept from breaking it, and the display of what it renders (SPEC §4).


export interface Target {
  deps: VendorApiDeps;
  /** Logs and answers why a call may not go on: its options, disabled delivery, then (for a call that sends) no Statistics consent. */
  refuse(problem: string | undefined, sends?: boolean): string | undefined;
  /** Calls a callback of the page's code: one that throws is logged, never let out. */
  call(fn: unknown, ...args: unknown[]): void;
  /** Renders; what was shown is reported, and what the server did not count yet gets its display notification (unless `count` is false). */
  show(propositions: Proposition[], count?: boolean): Promise<RenderResult>;
  /** Prefetched views by (lower-case) name. */
  views: Map<string, Proposition>;
}

export function createTarget(deps: VendorApiDeps): Target {
  const { ctx } = deps;
  // SPEC §4: a display notification for what was prefetched, never twice for one page view.
  const notifier = createNotifier(deps.client);
  return {
    deps,
    views: new Map(),
    refuse(problem, sends) {
      const reason = problem || (deps.disabled ? DISABLED : sends && deps.consent() != 'send' ? NOT_OPTED_IN : undefined);
      if (reason) ctx.log.warn(reason);
      return reason;
    },
    call(fn, ...args) {
      if (typeof fn == 'function') ctx.safe('adobe.target callback', () => fn(...args), undefined);
    },
    async show(propositions, count = true) {
      const result = await deps.render(propositions);
      if (result.rendered && count) {
        deps.reportShown(shownOf(propositions));
        notifier.displayed(propositions);
      }
      return result;
    },
  };
}
