import { requestJson } from '../core/request-json';
import type { Context, PersonalisationConfig } from '../core/types';
import type { ConsentState, DeliveryClient, DeliveryNotification, DeliveryRequestBody, DeliveryResponse } from './types';
import type { Session } from './session';

// The page's connection to the decision service (SPEC §7, CONTRACT §5): Delivery API v1,
// `POST //<server>/rest/v1/delivery?client=&sessionId=&version=` with a JSON body. SPEC §9 sends a
// request URL longer than 2048 characters as POST; every request here is a POST (the service's
// endpoint is POST-only), so no URL grows with the request. The body goes as text/plain, as the
// Target library sends it: a simple request, no CORS preflight before the page is shown.

/** SPEC §9: the personalisation request time-out. */
export const REQUEST_TIMEOUT = 3_000;
/** SPEC §9: the visitor API time-out: the visitor id is waited for at most this long. */
const VISITOR_TIMEOUT = 2_000;
/** The service refuses a longer address (SPEC §9: URL size limit). */
const URL_MAX = 2_048;
/** A console preview link's signed token (docs/PERSONALISATION.md). */
const PREVIEW = /[?&]at_preview_token=([^&#]*)/;

const requestId = () => Date.now().toString(36) + Math.random().toString(36).slice(2);

export function createDeliveryClient(ctx: Context, config: PersonalisationConfig, session: Session, consent: () => ConsentState): DeliveryClient {
  const endpoint = () =>
    (location.protocol == 'https:' ? 'https://' : 'http://') + config.server + '/rest/v1/delivery?client=' + encodeURIComponent(config.client) +
    '&sessionId=' + session.id() + '&version=' + encodeURIComponent(ctx.config.build.runtimeVersion);

  /** The visitor id of the identity module, only with the Statistics choice on (CONTRACT §5). */
  const visitorId = (): string => (consent() == 'send' && ctx.identity && ctx.identity.getMarketingCloudVisitorID()) || '';

  /** The id, waited for at most `wait` ms when the identity is still asking its service for it. */
  const awaitVisitorId = (wait: number): Promise<string> =>
    new Promise((resolve) => {
      const now = visitorId();
      if (now || !ctx.identity || consent() != 'send') return resolve(now);
      setTimeout(() => resolve(''), wait);
      ctx.identity.withId((id) => resolve(id));
    });

  /** What every request carries: its id, the visitor, the page, the environment and a preview token. */
  const envelope = (mid: string): Omit<DeliveryRequestBody, 'context'> & { context: DeliveryRequestBody['context'] } => {
    const tntId = session.tntId();
    const preview = PREVIEW.exec(location.search);
    let token: string | undefined;
    try {
      token = preview ? decodeURIComponent(preview[1]!) : undefined;
    } catch {
      token = undefined;
    }
    return {
      requestId: requestId(),
      id: mid || tntId ? { ...(mid && { marketingCloudVisitorId: mid }), ...(tntId && { tntId }) } : undefined,
      context: { channel: 'web', address: { url: location.href.slice(0, URL_MAX), referringUrl: document.referrer.slice(0, URL_MAX) || undefined } },
      environmentId: config.environmentId,
      preview: token ? { token } : undefined,
    };
  };

  return {
    deliver(body, timeout = REQUEST_TIMEOUT) {
      const started = Date.now();
      return awaitVisitorId(Math.min(VISITOR_TIMEOUT, timeout)).then((mid) => {
        const base = envelope(mid);
        const full = { ...base, ...body, id: { ...base.id, ...body.id }, context: body.context || base.context };
        return requestJson(endpoint(), JSON.stringify(full), false, Math.max(0, timeout - (Date.now() - started))).then(([status, answer]) => {
          const response = answer as (DeliveryResponse & { error?: { message?: string } }) | undefined;
          if (status < 200 || status > 299 || !response || typeof response != 'object')
            throw new Error('Delivery request failed: ' + status + ' ' + ((response && response.error && response.error.message) || ''));
          return response;
        });
      });
    },
    notify(notifications: DeliveryNotification[]) {
      ctx.safe(
        'Personalisation notification',
        () => {
          if (!notifications.length || consent() != 'send') return;
          const url = endpoint();
          const body = JSON.stringify({ ...envelope(visitorId()), notifications });
          // A notification may leave as the page goes (a click that navigates): the beacon outlives it.
          if (!(navigator.sendBeacon && navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))))
            fetch(url, { method: 'POST', body, credentials: 'omit', keepalive: true }).catch((error) => ctx.log.warn('Personalisation notification failed:', error));
        },
        undefined,
      );
    },
    session: () => session.id(),
  };
}
