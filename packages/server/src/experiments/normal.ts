/**
 * The standard normal distribution, to the precision the p-values need (relative error below
 * 1e-11 over the whole range): no statistics library is a dependency of the server.
 */

/** The 97.5th percentile of the standard normal: the multiplier of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/** erfc(x) for x >= 0: a Taylor series of erf near zero, a continued fraction in the tail. */
function erfcNonNegative(x: number): number {
  if (x < 2.5) {
    // erf(x) = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)); the terms shrink fast for x < 2.5.
    let term = x;
    let sum = x;
    const x2 = x * x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), by modified Lentz.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = d === 0 ? tiny : d;
    c = x + a / c;
    c = c === 0 ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** P(|Z| >= |z|) for a standard normal Z: the two-sided p-value of a z statistic. */
export function twoSidedNormalP(z: number): number {
  if (!Number.isFinite(z)) return Number.isNaN(z) ? 1 : 0;
  return Math.min(1, erfcNonNegative(Math.abs(z) / Math.SQRT2));
}

/** The standard normal density. */
function density(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

/**
 * The z with P(Z > z) = tail, for 0 < tail < 1: Acklam's rational approximation (relative error
 * 1.15e-9), polished by two Newton steps on the exact tail above to full double precision.
 */
export function upperQuantile(tail: number): number {
  if (!(tail > 0 && tail < 1)) throw new RangeError(`tail must be in (0, 1), got ${tail}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const p = 1 - tail; // the lower-tail probability of the answer
  const low = 0.02425;
  let x: number;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : tail));
    const v = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
    x = p < low ? v : -v;
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  }
  for (let i = 0; i < 2; i++) {
    // upper tail of x, signed: P(Z > x) = erfc(x / sqrt 2) / 2 for x >= 0, 1 - that for x < 0.
    const upper = x >= 0 ? twoSidedNormalP(x) / 2 : 1 - twoSidedNormalP(x) / 2;
    x += (upper - tail) / density(x);
  }
  return x;
}
