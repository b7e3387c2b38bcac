import { pageNonce } from '../core/nonce';
import { toText } from '../core/read-path';
import type { Context, PersonalisationConfig } from '../core/types';
import { reportShown, shownOf } from './analytics';
import type { Notifier } from './notifications';
import { prehide } from './prehide';
import { propositionsOf } from './render/propositions';
import { REQUEST_TIMEOUT } from './request';
import type { ConsentState, DeliveryClient, DeliveryRequestBody, Proposition, RenderResult } from './types';

export interface PageLoadDeps {
  client: DeliveryClient;
  consent(): ConsentState;
  /** Delivery disabled (no cookies, an `mboxDisable` cookie or query parameter): already logged. */
  disabled: boolean;
  render(propositions: Proposition[]): Promise<RenderResult>;
  notifier: Notifier;
  /** The event history's parameters (event-history.ts): empty without personalizationStorageEnabled and the Statistics choice. */
  history(): Record<string, string>;
  /** Shows the answer's first in-app message whose rule set holds (messages/index.ts); only with TW_IN_APP_MESSAGES. */
  messages(propositions: Proposition[]): void;
}

/** The location parameters the activities' audiences read (schema audienceParameter): the event history's in `out`, and their data elements'. */
function parameters(ctx: Context, config: PersonalisationConfig, out: Record<string, string>): Record<string, string> {
  for (const [parameter, element] of config.parameters || []) {
    const value = toText(ctx.getVar(element));
    if (value) out[parameter] = value;
  }
  return out;
}

/**
 * The `personalise` action (issue 15 item 1): the page-load decision of the global location, asked
 * for with the body hidden and rendered before it is shown. No request before the Statistics choice
 * (SPEC §5): with the choice pending or off the page is never hidden and nothing is asked.
 */
export function pageLoad(ctx: Context, config: PersonalisationConfig, deps: PageLoadDeps): void {
  if (deps.disabled) return;
  const consent = deps.consent();
  if (consent != 'send') return ctx.log.debug('Personalisation: no decision request without the Statistics choice (' + consent + ')');
  // Synchronously, while the container's script runs in the head: the body is hidden before it is painted.
  const show = prehide(config.prehidingStyle, pageNonce(ctx), REQUEST_TIMEOUT);
  const body: Omit<DeliveryRequestBody, 'context'> = { execute: { pageLoad: { parameters: parameters(ctx, config, deps.history()) } } };
  deps.client
    .deliver(body)
    .then((response) => {
      const propositions = propositionsOf(response, config.globalLocation);
      return deps.render(propositions).then((result) => {
        // SPEC §4: a redirect keeps the body hidden until the navigation (the time-out shows it should none come).
        if (!result.redirected) show();
        deps.notifier.displayed(propositions);
        reportShown(ctx, shownOf(propositions));
        // After the page is shown: a message opens over the page the visitor sees (issue 16 item 2).
        if (TW_IN_APP_MESSAGES && !result.redirected) deps.messages(propositions);
      });
    })
    .catch((error) => {
      show();
      ctx.log.warn('Personalisation: the page-load decision failed:', error);
    });
}
