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

/**
 * `guard`, then `cut`, and again while the cut takes something: a cut can leave a new match at its end
 * (`M1 1AE` of `M1 1AEX`), and what the guard puts in its place can be longer than the cut allows. Text still
 * cut after five rounds goes out empty. Most text is guarded once and cut by nothing.
 */
export const guardThenCut = (text: string, guard: (text: string) => string, cut: (text: string) => string, round = 1): string => {
  const guarded = guard(text);
  const out = cut(guarded);
  return out == guarded ? out : round < 5 ? guardThenCut(out, guard, cut, round + 1) : '';
};

/**
 * `guard` (guardValue) for one set of options, remembering what it gave: a page's every hit carries its URL,
 * page name and screen size again, and each is guarded once (a URL goes through every rule; docs/PERFORMANCE.md).
 * At most 100 values are kept; a page whose values keep changing starts over.
 */
export const rememberedGuard = (guard = guardValue): typeof guardValue => {
  const seen = new Map<string, string>();
  return (key, text, opts) => {
    const id = key + '\0' + text;
    let out = seen.get(id);
    if (out == null) {
      if (seen.size > 99) seen.clear();
      seen.set(id, (out = guard(key, text, opts)));
    }
    return out;
  };
};

/**
 * The pairs of a beacon as they may leave, keeping keys and order: each value guarded (`guard`, guardValue or
 * one rememberedGuard made for `opts`, which `hear` is told of first), then cut to its key's limit (`cut`), by
 * guardThenCut. Throws only when `pairs` is not a list of pairs (the tracker then sends nothing).
 */
export function guardHit(
  pairs: Array<[string, string]>,
  opts: GuardOptions,
  cut: (key: string, value: string) => string,
  hear?: (key: string, value: string) => void,
  guard = guardValue,
): Array<[string, string]> {
  return pairs.map(([key, value]) => [
    key,
    guardThenCut(
      value,
      (text) => (hear && hear(key, text), guard(key, text, opts)),
      (text) => cut(key, text),
    ),
  ]);
}
