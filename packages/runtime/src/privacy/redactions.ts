import { guardValue, URL_KEYS, type GuardOptions } from './guard';
import { dropEmails } from './email';
import { markNhsNumbers } from './nhs-number';
import { hasPostcode } from './postcode';
import { decode, once, scrubText, view } from './scrub-text';
import { DENIED_PARAMS } from './url';

export type RedactionKind = 'postcode' | 'email' | 'nhs-number' | 'query-parameter';
/** What the guard removed, never the removed text; `parameter` names a dropped query parameter. */
export interface Redaction {
  kind: RedactionKind;
  parameter?: string;
}
type TextKind = 'nhs-number' | 'postcode' | 'email';

// The rounds of scrubText, each kind noted in the view it was found in. SPEC §5
const textKinds = (text: string, found: Set<TextKind>): void => {
  for (let round = 0; round < 10; round++) {
    const seen = view(text);
    const settled = decode(seen) == seen;
    if (settled) {
      if (markNhsNumbers(seen) != seen) found.add('nhs-number');
      if (hasPostcode(seen)) found.add('postcode');
      if (dropEmails(seen) != seen) found.add('email');
    }
    const next = settled ? once(seen) : seen;
    if (next == text) return;
    text = next;
  }
};

// The steps of scrubUrl: denied parameters (each named), then the text rules, and again on what they left.
const urlKinds = (url: string, denied: string[], out: Redaction[], found: Set<TextKind>): void => {
  const deny = DENIED_PARAMS.concat(denied).map((name) => name.toLowerCase());
  url = url.replace(/\?[^#]*/, (query) =>
    query
      .replace(/[?&]([^&=]*)[^&]*/g, (pair, raw: string) => {
        const name = decode(raw);
        if (!deny.includes(name.toLowerCase())) return pair;
        out.push({ kind: 'query-parameter', parameter: name.slice(0, 100) });
        return '';
      })
      .replace(/^&/, '?'),
  );
  const scrubbed = scrubText(url);
  if (scrubbed == url) return;
  textKinds(url, found);
  urlKinds(encodeURI(scrubbed), denied, out, found);
};

/**
 * Says why guardValue changes a value (for the debug bridge; not used to guard anything, and not
 * in production containers): the denied query parameters a URL loses, then one entry for each
 * kind of text the guard removes. Never throws.
 */
export function redactions(key: string, value: string, opts: GuardOptions): Redaction[] {
  const out: Redaction[] = [];
  const found = new Set<TextKind>();
  try {
    if (guardValue(key, value, opts) === value) return out;
    if (URL_KEYS.includes(key)) urlKinds(value, opts.deniedParams || [], out, found);
    // A marked key loses its whole value to a postcode, whatever else it holds.
    else if (opts.postcodeMarked.includes(key) && scrubText(value) != scrubText(value, 'postcodes')) found.add('postcode');
    else textKinds(value, found);
  } catch {
    // The debugger misses a reason; the page is untouched.
  }
  for (const kind of ['nhs-number', 'postcode', 'email'] as const) if (found.has(kind)) out.push({ kind });
  return out;
}
