import { pageNonce } from '../core/nonce';
import type { Context, Personalisation, PersonalisationConfig } from '../core/types';
import { reportShown } from './analytics';
import { createHistory, HISTORY_KEY, type History } from './event-history';
import { showMessages } from './messages/index';
import { createNotifier } from './notifications';
import { pageLoad } from './page-load';
import { renderPropositions } from './render/index';
import { createDeliveryClient } from './request';
import { createSession } from './session';
import type { ConsentState, Proposition, RenderEnv, VendorApiDeps } from './types';
import { installTargetApi } from './vendor-api/index';
import { DISABLED } from './vendor-api/messages';

/** SPEC §9: a selector not on the page yet is waited for at most this long. */
const SELECTOR_TIMEOUT = 5_000;

/** No cookies, or an `mboxDisable` cookie or query parameter: nothing is asked or rendered (SPEC §8). */
function deliveryDisabled(ctx: Context): boolean {
  try {
    // A sandboxed frame throws on reading document.cookie; the read is the one the rest of the start shares (core/cookie.ts).
    return !navigator.cookieEnabled || /(^|[?&])mboxDisable([=&]|$)/i.test(location.search.slice(1)) || ctx.cookie.get('mboxDisable') !== undefined;
  } catch {
    return true;
  }
}

/**
 * The page's personalisation (issue 15, docs/PERSONALISATION.md): the session, the connection to the
 * decision service, the renderer and `window.adobe.target`, built once per page by core/boot.ts when
 * a rule of the property personalises; the `personalise` action runs its page-load decision. Never throws.
 */
export default function createPersonalisation(ctx: Context, config: PersonalisationConfig): Personalisation {
  const gate = ctx.config.consent;
  // CONTRACT §5, SPEC §5: the gate the hits obey; without one (the schema requires it) nothing is asked.
  const consent = (): ConsentState => (gate ? gate.module(ctx, gate)() : 'drop');
  const disabled = deliveryDisabled(ctx);
  if (disabled) ctx.log.warn(DISABLED);
  const client = createDeliveryClient(ctx, config, createSession(ctx, config.targetMigrationEnabled), consent);
  const notifier = createNotifier(client);
  const env: RenderEnv = { log: ctx.log, autoCollect: config.autoCollect || 'never', onClick: notifier.clicked, selectorTimeout: SELECTOR_TIMEOUT, nonce: pageNonce(ctx) };
  const render = (propositions: Proposition[]) => renderPropositions(propositions, env);
  const history: History = TW_EVENT_HISTORY
    ? createHistory(config, consent)
    : // Built without the history (the property keeps none): a history kept while it did goes (SPEC §4).
      (ctx.safe('Event history', () => localStorage.removeItem(HISTORY_KEY), undefined), { record() {}, counts: () => ({}), count: () => 0 });
  let pageLoadRan = false;
  const deps: VendorApiDeps = {
    ctx,
    client,
    consent,
    render,
    reportShown: (shown) => reportShown(ctx, shown),
    disabled,
    viewsEnabled: !!config.views,
    // Read when the site's code calls: true once the `personalise` action ran on this page.
    get pageLoadEnabled() {
      return pageLoadRan;
    },
    globalLocation: config.globalLocation,
  };
  ctx.safe('Personalisation API', () => installTargetApi(deps), undefined);
  return {
    pageLoad: () =>
      ctx.safe(
        'Personalisation',
        () => {
          pageLoadRan = true;
          pageLoad(ctx, config, {
            client,
            consent,
            disabled,
            render,
            notifier,
            history: history.counts,
            messages: (propositions) => TW_IN_APP_MESSAGES && showMessages(propositions, { ctx, notifier, count: history.count, record: history.record, nonce: env.nonce }),
          });
        },
        undefined,
      ),
    record: history.record,
  };
}
