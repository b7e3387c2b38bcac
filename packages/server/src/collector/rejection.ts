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
