/**
 * Confidence intervals for a conversion rate and for the comparison of two rates (issue 14 item 3;
 * docs/PERSONALISATION-STATISTICS.md says why these methods).
 */
import type { Interval } from './model';
import { Z_95 } from './normal';

/**
 * Wilson score interval for x successes in n trials. Unlike the textbook Wald interval it keeps
 * its coverage at small n and near 0% or 100%, and never leaves [0, 1] (Newcombe 1998, method 3).
 */
export function wilsonInterval(x: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { lower: 0, upper: 1 };
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At x = 0 or x = n one limit is 0 or 1 exactly; rounding must not move it off.
  return { lower: x === 0 ? 0 : Math.max(0, centre - half), upper: x === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Interval for the difference of two rates p1 - p2, by Newcombe's hybrid score method (Newcombe
 * 1998, method 10): built from the two Wilson intervals, so it behaves at zero counts and at 100%.
 */
export function differenceInterval(x1: number, n1: number, x2: number, n2: number, z = Z_95): Interval {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const a = wilsonInterval(x1, n1, z);
  const b = wilsonInterval(x2, n2, z);
  const d = p1 - p2;
  return {
    lower: Math.max(-1, d - Math.hypot(p1 - a.lower, b.upper - p2)),
    upper: Math.min(1, d + Math.hypot(a.upper - p1, p2 - b.lower)),
  };
}

/**
 * Interval for the relative lift p1 / p2 - 1, from the Katz log interval of the rate ratio
 * (Katz et al. 1978): exp(ln(p1/p2) +- z * sqrt(1/x1 - 1/n1 + 1/x2 - 1/n2)). It has no finite
 * limits when either group has no conversions; then it is null and the difference interval stands.
 */
export function liftInterval(x1: number, n1: number, x2: number, n2: number, z = Z_95): Interval | null {
  if (x1 <= 0 || x2 <= 0) return null;
  const logRatio = Math.log(x1 / n1 / (x2 / n2));
  const se = Math.sqrt(1 / x1 - 1 / n1 + 1 / x2 - 1 / n2);
  return { lower: Math.exp(logRatio - z * se) - 1, upper: Math.exp(logRatio + z * se) - 1 };
}
