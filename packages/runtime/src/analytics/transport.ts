import type { AnalyticsConfig } from '../core/types';

/** Longest GET URL that every browser and proxy on the way keeps whole; longer hits are POSTed (CONTRACT §4). */
export const MAX_GET = 2047;
const FORM = 'application/x-www-form-urlencoded';

export type Transport = 'beacon' | 'fetch' | 'image';

/** `https://server/b/ss/rsid1,rsid2/1/<codeVersion>/s<random>`; the random part defeats caches. */
export function beaconUrl(config: AnalyticsConfig): string {
  const host = location.protocol == 'https:' ? 'https://' + (config.trackingServerSecure || config.trackingServer) : 'http://' + config.trackingServer;
  return `${host}/b/ss/${config.reportSuites.join(',')}/1/${config.codeVersion}/s${Math.floor(Math.random() * 1e13)}`;
}

/**
 * Sends one hit and says how: sendBeacon (survives page unload), then keep-alive fetch, then an image.
 * Never throws. A long hit goes as a form body with the same query (CONTRACT §4), except on the image
 * fallback, which can only GET.
 */
export function send(url: string, query: string): Transport | undefined {
  const full = url + '?' + query;
  const post = full.length > MAX_GET;
  const body = () => (post ? new Blob([query], { type: FORM }) : undefined);
  try {
    if (navigator.sendBeacon(post ? url : full, body())) return 'beacon';
  } catch {
    // Old browsers lack sendBeacon and some refuse it (quota, blocked URL); fetch may still deliver.
  }
  try {
    const options: RequestInit = { method: post ? 'POST' : 'GET', keepalive: true, mode: 'no-cors', credentials: 'include', body: body() };
    // An offline visitor's rejection is not worth a second request.
    Promise.resolve(fetch(post ? url : full, options)).catch(() => {});
    return 'fetch';
  } catch {
    // Old browsers lack fetch; an image reaches every collector.
  }
  try {
    new Image().src = full;
    return 'image';
  } catch {
    return undefined;
  }
}
