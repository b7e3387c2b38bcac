import { scrubText } from './scrub-text';
import { scrubUrl } from './url';

export interface GuardOptions {
  /** query keys whose WHOLE value becomes 'postcode na' when it contains a postcode (SPEC §5: sub category 2 = c2, search term = v10, search location = v11) */
  postcodeMarked: string[];
  /** query parameter names dropped from every URL sent */
  deniedParams?: string[];
}

/** The query keys that hold URLs: g (page URL), r (referrer), pev1 (link URL). */
export const URL_KEYS: string[] = ['g', 'r', 'pev1'];

/** The value of one beacon query key, as it may leave the page. Never throws. */
export function guardValue(key: string, value: string, opts: GuardOptions): string {
  try {
    if (URL_KEYS.includes(key)) return scrubUrl(value, opts.deniedParams);
    const out = scrubText(value);
    // SPEC §5: marked keys lose the whole value to a postcode (one found, the word it became
    // differs); pageName and the rest keep the sentence.
    return opts.postcodeMarked.includes(key) && out != scrubText(value, 'postcodes') ? 'postcode na' : out;
  } catch {
    // Nothing is better than something unchecked.
    return '';
  }
}

/** Guards every pair of a beacon, keeping keys and order. */
export function guardHit(pairs: Array<[string, string]>, opts: GuardOptions): Array<[string, string]> {
  try {
    return pairs.map(([key, value]) => [key, guardValue(key, value, opts)]);
  } catch {
    return [];
  }
}
