import type { Logger, PostTrackCallback } from '../core/types';
import { send as transmit, type Transport } from './transport';

/** Sends a hit, then runs the site's post-track callbacks with its URL. SPEC §8: one that throws is logged, and the next ones still run. */
export function sendThenCall(callbacks: PostTrackCallback[], log: Logger, url: string, query: string, unload: boolean): Transport | undefined {
  const how = transmit(url, query, unload);
  for (const callback of callbacks.slice())
    try {
      callback(url + '?' + query);
    } catch (e) {
      log.error('Error in post-track callback', e);
    }
  return how;
}
