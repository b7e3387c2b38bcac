// UK postcode format (outward + inward code, plus GIR 0AA), any case. The gap may be
// whitespace, `+` or `%20` so that form-encoded text is caught too. Every part but the gap
// has a bounded length, and a gap can only be given back where `\d` fails at once: linear.
// A stateful /g regex is safe here: `replace` and `search` both reset lastIndex.
const POSTCODE =
  /(?<![a-z\d])(?:gir|[a-pr-uwyz](?:\d[a-hjkps-uw\d]?|[a-hk-y]\d[abehmnprv-y\d]?))(?:[\s+]|%20)*\d[abd-hjlnp-uw-z]{2}(?![a-z\d])/gi;

export const hasPostcode = (text: string): boolean => text.search(POSTCODE) >= 0;

/** Replaces each postcode with the word `postcode`. SPEC §5 */
export const replacePostcodes = (text: string): string => text.replace(POSTCODE, 'postcode');
