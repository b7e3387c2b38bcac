// UK postcode format (outward + inward code, plus GIR 0AA), any case. Between the two codes any
// run of whitespace, `+` (form encoding), `-`, `_`, `.`, `/` or a dash (U+2010..2015, U+2212);
// scrubText has already decoded percent-encoding, folded fullwidth forms and dropped zero-width
// characters (view). The character before it, if any, is captured rather than looked behind
// (lookbehind is missing from Safari before 16.4). Every part but the gap has a bounded length,
// and a gap can only be given back where `\d` fails at once: linear.
// A stateful /g regex is safe here: `replace` resets lastIndex.
const POSTCODE =
  /(^|[^a-z\d])(?:gir|[a-pr-uwyz](?:\d[a-hjkps-uw\d]?|[a-hk-y]\d[abehmnprv-y\d]?))[\s+_./\u2010-\u2015-]*\d[abd-hjlnp-uw-z]{2}(?![a-z\d])/gi;

/**
 * Replaces each postcode with `word` (SPEC §5). Kept: a code in capitals followed by an ordinal or
 * a dose in small letters (`E1 2nd floor`, `Y12 2nd term`, `room G12 4th`, `Vitamin B12 1ug`).
 * A postcode is written in one case; the same letters in one case (`E1 2ND`, `e1 2nd`) go.
 */
export const replacePostcodes = (text: string, word = 'postcode'): string =>
  // No small letter before the inward part, which is a digit and small st, nd, rd, th or ug.
  text.replace(POSTCODE, (all, before: string) => (/^[^a-z]*\d(st|nd|rd|th|ug)$/.test(all) ? all : before + word));

export const hasPostcode = (text: string): boolean => replacePostcodes(text) != text;
