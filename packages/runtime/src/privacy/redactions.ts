import { guardValue, URL_KEYS, type GuardOptions } from './guard';
import { dropEmails } from './email';
import { dropNhsNumbers } from './nhs-number';
import { hasPostcode } from './postcode';
import { decode, DENIED_PARAMS } from './url';

export type RedactionKind = 'postcode' | 'email' | 'nhs-number' | 'query-parameter';
/** What the guard removed, never the removed text; `parameter` names a dropped query parameter. */
export interface Redaction {
  kind: RedactionKind;
  parameter?: string;
}

// The text rules of scrubText, one kind at a time. SPEC §5
const textKinds = (text: string, out: Redaction[]): void => {
  if (dropNhsNumbers(text) !== text) out.push({ kind: 'nhs-number' });
  if (hasPostcode(text)) out.push({ kind: 'postcode' });
  if (dropEmails(text) !== text) out.push({ kind: 'email' });
};

/**
 * Says why guardValue changes a value (for the debug bridge; not used to guard anything, and not
 * in production containers). URLs are read as scrubUrl reads them: denied parameters, then
 * each piece between delimiters, decoded. Never throws.
 */
export function redactions(key: string, value: string, opts: GuardOptions): Redaction[] {
  const out: Redaction[] = [];
  try {
    if (guardValue(key, value, opts) === value) return out;
    if (!URL_KEYS.includes(key)) {
      // A marked key loses its whole value to a postcode, whatever else it holds.
      if (opts.postcodeMarked.includes(key) && hasPostcode(value)) out.push({ kind: 'postcode' });
      else textKinds(value, out);
      return out;
    }
    const deny = DENIED_PARAMS.concat(opts.deniedParams || []).map((name) => name.toLowerCase());
    const [main, ...hash] = value.split('#');
    const [path, ...query] = main!.split('?');
    const kept = query
      .join('?')
      .split('&')
      .filter((pair) => {
        const name = decode(pair.split('=')[0]!);
        const denied = deny.includes(name.toLowerCase());
        if (denied) out.push({ kind: 'query-parameter', parameter: name.slice(0, 100) });
        return !denied;
      });
    const delimiters = /[/?&=]/;
    const plus = (piece: string) => piece.replace(/\+/g, ' ');
    const pieces = path!.split(delimiters).concat(kept.join('&').split(delimiters).map(plus), hash.join('#').split(delimiters).map(plus));
    const found: Redaction[] = [];
    for (const piece of pieces) textKinds(decode(piece), found);
    // One entry per kind: a URL may hold the same kind in many pieces.
    for (const kind of ['nhs-number', 'postcode', 'email'] as const) if (found.some((r) => r.kind == kind)) out.push({ kind });
  } catch {
    // The debugger misses a reason; the page is untouched.
  }
  return out;
}
