import { dropEmails } from './email';
import { markNhsNumbers } from './nhs-number';
import { replacePostcodes } from './postcode';

// Decodes one level of percent-encoding, one UTF-8 sequence (a byte and its continuation bytes)
// at a time: a sequence that is not valid UTF-8 is read as Latin-1 (unescape never throws), so a
// stray byte cannot hide the `%40`, `%20` or encoded fullwidth digit next to it.
export const decode = (text: string): string =>
  text.replace(/%[\da-f]{2}(?:%[89ab][\da-f])*/gi, (bytes) => {
    try {
      return decodeURIComponent(bytes);
    } catch {
      return unescape(bytes);
    }
  });

/**
 * The text as the patterns read it, a step nearer each round: one level of percent-encoding
 * decoded, Unicode compatibility forms folded (NFKC: fullwidth letters and digits, non-breaking
 * and other odd spaces), and the characters that show nothing dropped (NUL, soft hyphen,
 * zero-width space and joiners, word joiner, byte order mark). NUL is then only ever the mark
 * the rules leave.
 */
export const view = (text: string): string =>
  decode(text)
    .normalize('NFKC')
    .replace(/[\0\xad\u200b-\u200d\u2060\ufeff]/g, '');

/** One round of the text rules on a view. */
export const once = (text: string, word?: string): string => {
  // Numbers and postcodes go before addresses, a number leaving a mark the address scan
  // takes in: an address glued to either then goes whole instead of cutting it in two.
  const marked = replacePostcodes(markNhsNumbers(text), word);
  const out = dropEmails(marked).replace(/\0/g, '');
  // A gap left by what went is closed.
  return out == marked ? out : out.replace(/ {2,}/g, ' ').trim();
};

/**
 * What the rules can find something in. An e-mail address needs an '@', an NHS number and a postcode a
 * digit, as the text is read: percent-encoding decoded (`%40` is an '@', `%EF%BC%91` a fullwidth 1) and
 * compatibility forms folded (`１`, `＠`, `﹫`, all beyond ASCII). So ASCII text without a digit, '@' or '%'
 * holds none, and scrubText gives it back untouched without a round (scrub-text.test.ts checks the
 * premise against the rounds themselves); most values of a hit are such text.
 */
export const NEEDS_GUARD = /[\d@%\x80-\uffff]/;

/** scrubText's rounds, on any text: the rules until nothing changes. */
export const rounds = (text: string, word?: string): string => {
  let out = text;
  let found;
  for (let round = 0; round < 10; round++) {
    const seen = view(out);
    const next = decode(seen) == seen ? once(seen, word) : seen;
    found ||= next != seen;
    if (next == out) return found ? out : text;
    out = next;
  }
  return '';
};

/**
 * Free text: e-mail addresses and NHS numbers removed (the gaps they leave closed), postcodes
 * become `word` (SPEC §5: the word `postcode`). The rules run on the view, again and again
 * until nothing changes, since what one removes can bring the halves of another together
 * (`943 476 jane@x.org 5919`); not while the view can still be decoded, since a pattern must
 * never see a half-decoded escape, whose hex digits could end up in a match. Text in which
 * nothing was found comes back as it came in; otherwise as the view reads it. Ten rounds at most,
 * each linear: text still changing after them (percent-encoded nine times over) goes out empty.
 */
export const scrubText = (text: string, word?: string): string =>
  // Throws on what is not text, as the rounds do (guardValue sends nothing then).
  text.search(NEEDS_GUARD) < 0 ? text : rounds(text, word);
