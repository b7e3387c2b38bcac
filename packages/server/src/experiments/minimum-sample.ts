/**
 * The minimum sample below which a comparison says "not enough data" (issue 14 item 3). Intervals
 * are still shown, since they are valid at any size; the test and the verdict wait.
 */

/** Each of the two experiences compared needs this many visitors. */
export const MIN_VISITORS_PER_EXPERIENCE = 100;
/** The two together need this many converting visitors, and as many who did not convert. */
export const MIN_CONVERSIONS = 10;

export interface Shortfall {
  /** The experiences (by name) with fewer visitors than the minimum, with their counts. */
  fewVisitors: { name: string; visitors: number }[];
  /** Converting visitors of the pair, when below the minimum. */
  fewConversions: number | null;
  /** Non-converting visitors of the pair, when below the minimum. */
  fewNonConversions: number | null;
}

interface Side {
  name: string;
  visitors: number;
  conversions: number;
}

/** Null when the pair has enough data to test. */
export function shortfall(a: Side, b: Side): Shortfall | null {
  const fewVisitors = [a, b].filter((s) => s.visitors < MIN_VISITORS_PER_EXPERIENCE).map((s) => ({ name: s.name, visitors: s.visitors }));
  const conversions = a.conversions + b.conversions;
  const nonConversions = a.visitors + b.visitors - conversions;
  const result: Shortfall = {
    fewVisitors,
    fewConversions: conversions < MIN_CONVERSIONS ? conversions : null,
    fewNonConversions: nonConversions < MIN_CONVERSIONS ? nonConversions : null,
  };
  return fewVisitors.length || result.fewConversions !== null || result.fewNonConversions !== null ? result : null;
}
