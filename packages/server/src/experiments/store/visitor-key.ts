import { createHash } from 'node:crypto';

/**
 * What the experiment tables keep of a visitor id (issue 14 item 5: no browsing history beyond
 * the hits): 128 bits of its SHA-256, enough to tell visitors apart, not the id the hits carry.
 */
export function visitorKey(visitorId: string): string {
  return createHash('sha256').update(visitorId).digest('base64url').slice(0, 22);
}
