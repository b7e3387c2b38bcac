import { scrubText } from '@tagwell/runtime/privacy/index';
import { SCHEMA_MISMATCH, type Rejection } from './model';

export function reject(detail: string, status: Rejection['status'] = 400): Rejection {
  return { ok: false, reason: SCHEMA_MISMATCH, detail, status };
}

/**
 * Text from the hit, quoted for a rejection's detail: cut to `max` characters and scrubbed, since
 * details are stored and logged (issue 4 item 6) and the text may be anything a client sent.
 */
export function quote(text: string, max = 80): string {
  const cut = text.length > max ? text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '') + '…' : text;
  let safe: string;
  try {
    safe = scrubText(cut);
  } catch {
    safe = '';
  }
  return JSON.stringify(safe);
}

/**
 * The first `maxBytes` (UTF-8) of a query or body, cut at a character boundary, before anything
 * reads it: what a rejected hit's record keeps, once scrubbed. A rejected body may be anything up
 * to the body limit, and its record (and the scrubbing) must cost the same whatever it holds.
 */
export function cutQuery(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  // A character is at least one byte: the first maxBytes bytes are within the first maxBytes characters.
  const head = text.slice(0, maxBytes).replace(/[\uD800-\uDBFF]$/, '');
  const bytes = Buffer.from(head, 'utf8');
  if (bytes.length <= maxBytes) return head;
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
