// Tests and adjustments against independent references (reference/reference-values.py) and the
// worked examples of R's fisher.test documentation.
import { describe, expect, it } from 'vitest';
import { twoSidedNormalP, upperQuantile, Z_95 } from './normal';
import { expectClose } from './reference/close';
import { bonferroniAdjust, compareRates, fisherExactTest, twoProportionZTest } from './significance';

describe('the normal distribution', () => {
  // Two-sided tail probabilities, erfc(z / sqrt 2) in 40-digit mpmath.
  it.each([
    [0, 1],
    [1, 0.3173105078629141],
    [1.96, 0.04999579029644087],
    [3, 0.002699796063260189],
    [5, 5.733031437583878e-7],
    [10, 1.523970604832105e-23],
  ])('P(|Z| >= %f) = %f', (z, p) => expectClose(twoSidedNormalP(z), p, `z=${z}`, 1e-11));

  it.each([
    [0.025, 1.95996398454005],
    [0.025 / 2, 2.24140272760495],
    [0.025 / 3, 2.39397979981851],
    [0.025 / 4, 2.49770547441237],
    [1e-12, 7.034483825301131],
  ])('the upper %f quantile is %f', (tail, z) => expectClose(upperQuantile(tail), z, `tail=${tail}`, 1e-12));

  it('Z_95 is the 97.5th percentile', () => expectClose(Z_95, 1.95996398454005, 'Z_95', 1e-14));
});

describe('two-proportion z-test', () => {
  // SciPy chi2_contingency(correction=False): chi2 = z^2, the same two-sided p.
  it.each([
    [62, 1000, 41, 1000, 0.0336180274934405],
    [45, 1000, 41, 1000, 0.659274590581072],
    [501_500, 10_000_000, 500_000, 10_000_000, 0.124079106160352],
  ])('%i/%i against %i/%i: p = %f', (x1, n1, x2, n2, p) => {
    expectClose(twoProportionZTest(x1, n1, x2, n2).pValue, p, 'p', 1e-9);
    expect(compareRates(x1, n1, x2, n2).method).toBe('two-proportion-z');
  });

  it('gives p = 1 when no one converts or everyone does', () => {
    expect(twoProportionZTest(0, 100, 0, 100).pValue).toBe(1);
    expect(twoProportionZTest(100, 100, 100, 100).pValue).toBe(1);
  });
});

describe("Fisher's exact test", () => {
  it("matches R's fisher.test examples: tea tasting and convictions of twins", () => {
    expectClose(fisherExactTest(3, 4, 1, 4).pValue, 0.4857, 'tea', 1e-4);
    expectClose(fisherExactTest(2, 12, 15, 18).pValue, 0.0005367, 'convictions', 1e-4);
  });

  it.each([
    [3, 4, 1, 4, 0.485714285714286],
    [2, 12, 15, 18, 0.000536724119143436],
    [5, 100, 8, 1000, 0.00401051529004206],
    [0, 5, 5, 5, 0.00793650793650794],
    [0, 1000, 4, 1000, 0.124624906344008],
    // A small experience against a million visitors: the support is wide, the weights tiny.
    [3, 100, 3997, 1_000_000, 0.007748407603376868],
    [0, 100, 4000, 1_000_000, 1],
    [30, 3000, 1, 3000, 2.7838718415976006e-8],
  ])('%i/%i against %i/%i matches SciPy: p = %f', (x1, n1, x2, n2, p) => expectClose(fisherExactTest(x1, n1, x2, n2).pValue, p, 'p', 1e-9));

  it('is chosen when an expected cell count is below 5', () => {
    expect(compareRates(5, 100, 8, 1000).method).toBe('fisher-exact');
    expect(compareRates(0, 1000, 4, 1000).method).toBe('fisher-exact');
  });
});

describe('Bonferroni adjustment', () => {
  it('multiplies by the number of comparisons and stops at 1', () => {
    expect(bonferroniAdjust(0.01, 1)).toBe(0.01);
    expectClose(bonferroniAdjust(0.0336180274934405, 3), 0.100854082480322, 'p*3', 1e-12);
    expect(bonferroniAdjust(0.659274590581072, 3)).toBe(1);
  });
});
