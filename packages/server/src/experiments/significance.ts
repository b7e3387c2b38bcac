/**
 * The significance test of one experience against control on one goal: two-sided, at the 5%
 * level (issue 14 item 3; docs/PERSONALISATION-STATISTICS.md).
 */
import { twoSidedNormalP } from './normal';

/** Below this expected count in any cell of the 2x2 table, the normal approximation is not trusted (Cochran 1954). */
export const MIN_EXPECTED_CELL = 5;

/** R's fisher.test tolerance: tables this close in probability to the observed one count as "as extreme". */
const FISHER_RELATIVE_TOLERANCE = 1 + 1e-7;

export type TestMethod = 'two-proportion-z' | 'fisher-exact';

export interface TestResult {
  method: TestMethod;
  /** The z statistic (pooled standard error), for the z-test; null for Fisher's test. */
  statistic: number | null;
  pValue: number;
}

/**
 * Two-sided pooled two-proportion z-test (the Pearson chi-square test of the 2x2 table without
 * continuity correction, z^2 = chi^2). When every group has the same rate, or none, p = 1.
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): TestResult {
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { method: 'two-proportion-z', statistic: 0, pValue: 1 };
  const z = (x1 / n1 - x2 / n2) / se;
  return { method: 'two-proportion-z', statistic: z, pValue: twoSidedNormalP(z) };
}

/**
 * Fisher's exact test, two-sided: the probability, given both margins, of every table no more
 * likely than the observed one. Hypergeometric weights come from the ratio of neighbouring terms,
 * in logs, so no factorial of a large count is ever formed.
 */
export function fisherExactTest(x1: number, n1: number, x2: number, n2: number): TestResult {
  const total = n1 + n2;
  const successes = x1 + x2;
  const lo = Math.max(0, successes - n2);
  const hi = Math.min(n1, successes);
  const logWeights: number[] = [0];
  for (let x = lo; x < hi; x++) {
    const ratio = ((successes - x) * (n1 - x)) / ((x + 1) * (total - successes - n1 + x + 1));
    logWeights.push(logWeights[logWeights.length - 1]! + Math.log(ratio));
  }
  const max = Math.max(...logWeights);
  const weights = logWeights.map((w) => Math.exp(w - max));
  const sum = weights.reduce((a, b) => a + b, 0);
  const observed = weights[x1 - lo]!;
  let extreme = 0;
  for (const w of weights) if (w <= observed * FISHER_RELATIVE_TOLERANCE) extreme += w;
  return { method: 'fisher-exact', statistic: null, pValue: Math.min(1, extreme / sum) };
}

/** The smallest expected count of the four cells (converted, not converted) x (group 1, group 2). */
export function smallestExpectedCell(x1: number, n1: number, x2: number, n2: number): number {
  const total = n1 + n2;
  const successes = x1 + x2;
  return (Math.min(n1, n2) * Math.min(successes, total - successes)) / total;
}

/** The z-test where its approximation holds; Fisher's exact test where any expected cell is below 5. */
export function compareRates(x1: number, n1: number, x2: number, n2: number): TestResult {
  return smallestExpectedCell(x1, n1, x2, n2) < MIN_EXPECTED_CELL ? fisherExactTest(x1, n1, x2, n2) : twoProportionZTest(x1, n1, x2, n2);
}

/**
 * Bonferroni's adjustment for m comparisons with control: p * m, at most 1. It keeps the chance of
 * any false "significant" among them at 5% whatever their dependence, and it has matching
 * simultaneous intervals (each at level 1 - 0.05 / m), so the verdict and the interval never
 * tell different stories (docs/PERSONALISATION-STATISTICS.md).
 */
export function bonferroniAdjust(pValue: number, comparisons: number): number {
  return Math.min(1, pValue * Math.max(1, comparisons));
}
