import type { AnalyticsConfig } from '../core/types';

/** Longest GET URL that every browser and proxy on the way keeps whole; longer hits are POSTed (CONTRACT §4). */
export const MAX_GET = 2047;
const FORM = 'application/x-www-form-urlencoded';

export type Transport = 'beacon' | 'image';

/** True from the page's pagehide until it is shown again (back-forward cache): an image may not leave in time. */
let leaving = false;
// Registered as the container script runs, not when the tracker is first used: a page left before its
// first hit sends that hit from pagehide (e2e/runtime.test.ts). Capturing, so it runs before the page's
// own pagehide listeners, which may send a hit.
addEventListener('pagehide', () => (leaving = true), true);
addEventListener('pageshow', () => (leaving = false), true);

/** `https://server/b/ss/rsid1,rsid2/1/<codeVersion>/s<random>`; the random part defeats caches. */
export function beaconUrl(config: AnalyticsConfig): string {
  const host = location.protocol == 'https:' ? 'https://' + (config.trackingServerSecure || config.trackingServer) : 'http://' + config.trackingServer;
  return `${host}/b/ss/${config.reportSuites.join(',')}/1/${config.codeVersion}/s${Math.floor(Math.random() * 1e13)}`;
}

/**
 * Sends one hit and says how. Never throws. A hit that fits in a GET goes as an image, as AppMeasurement
 * sends it: the cheapest call for the page (docs/PERFORMANCE.md, "Transport"). sendBeacon only where an image
 * may not outlive the page (`unload`: an exit link; the page hidden or being left) and for a long hit, sent as
 * a form body with the same query (CONTRACT §4). No keep-alive fetch after a refused beacon: it shares the
 * beacon's quota (Fetch standard, 64 KiB in flight) and exists in no browser that lacks sendBeacon; the image
 * reaches every collector.
 */
export function send(url: string, query: string, unload?: boolean): Transport | undefined {
  const full = url + '?' + query;
  const post = full.length > MAX_GET;
  try {
    if ((post || unload || leaving || document.hidden) && navigator.sendBeacon(post ? url : full, post ? new Blob([query], { type: FORM }) : undefined)) return 'beacon';
  } catch {
    // Old browsers lack sendBeacon and some refuse it (blocked URL): the image may still deliver.
  }
  try {
    new Image().src = full;
    return 'image';
  } catch {
    return undefined;
  }
}
