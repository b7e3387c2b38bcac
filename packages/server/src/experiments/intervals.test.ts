// Interval methods against published worked examples and independent high-precision values
// (reference/reference-values.py: mpmath from the published formulas, SciPy for Katz).
import { describe, expect, it } from 'vitest';
import { differenceInterval, liftInterval, wilsonInterval } from './intervals';
import { upperQuantile, Z_95 } from './normal';
import { expectClose } from './reference/close';

describe('Wilson score interval for one rate', () => {
  // Newcombe RG (1998) Statistics in Medicine 17:857-872, Table I, method 3, to the 4 places printed.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i matches the published example', (x, n, lower, upper) => {
    const ci = wilsonInterval(x, n);
    expect(ci.lower).toBeCloseTo(lower, 4);
    expect(ci.upper).toBeCloseTo(upper, 4);
  });

  it.each([
    [81, 263, 0.255288519878274, 0.3662095769828],
    [15, 148, 0.0623863995307363, 0.160487241723308],
    [1, 29, 0.00611321429276266, 0.171755218793203],
    [0, 1, 0, 0.793450685622763],
    [1, 1, 0.206549314377237, 1],
    [3, 3, 0.438502968244954, 1],
    [500_000, 10_000_000, 0.0498650915853403, 0.0501352541458207],
    [1, 10_000_000, 1.76524557116174e-8, 5.66493201960646e-7],
  ])('%i of %i matches the high-precision value', (x, n, lower, upper) => {
    const ci = wilsonInterval(x, n);
    expectClose(ci.lower, lower, 'lower', 1e-8);
    expectClose(ci.upper, upper, 'upper', 1e-8);
  });

  it('is exactly 0 at no conversions and exactly 1 when all convert', () => {
    expect(wilsonInterval(0, 50).lower).toBe(0);
    expect(wilsonInterval(50, 50).upper).toBe(1);
  });
});

describe('Newcombe hybrid score interval for a difference of rates', () => {
  // Newcombe RG (1998) Statistics in Medicine 17:873-890, Table II, method 10: examples (a), (b), (d)-(h).
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i against %i/%i matches the published example', (x1, n1, x2, n2, lower, upper) => {
    const ci = differenceInterval(x1, n1, x2, n2);
    expect(ci.lower).toBeCloseTo(lower, 4);
    expect(ci.upper).toBeCloseTo(upper, 4);
  });

  it.each([
    [56, 70, 48, 80, Z_95, 0.0524314724023649, 0.333872654036906],
    [62, 1000, 41, 1000, Z_95, 0.00155752578307524, 0.0407887644158784],
    [501_500, 10_000_000, 500_000, 10_000_000, Z_95, -4.11694656074119e-5, 0.000341169730911564],
    [0, 1000, 41, 1000, upperQuantile(0.025 / 3), -0.0588109943273587, -0.0271897220491568],
  ])('%i/%i against %i/%i matches the high-precision value', (x1, n1, x2, n2, z, lower, upper) => {
    const ci = differenceInterval(x1, n1, x2, n2, z);
    expectClose(ci.lower, lower, 'lower', 1e-8);
    expectClose(ci.upper, upper, 'upper', 1e-8);
  });
});

describe('Katz log interval for the relative lift', () => {
  // SciPy's relative_risk(...).confidence_interval(), minus 1.
  it.each([
    [62, 1000, 41, 1000, 0.95, 0.0293148149134861, 1.22160805782754],
    [45, 1000, 41, 1000, 0.95, -0.274494460214032, 0.660414744092542],
    [5, 100, 8, 1000, 0.95, 1.08402655959339, 17.7437630389996],
    [501_500, 10_000_000, 500_000, 10_000_000, 0.95, -0.000821817835399696, 0.00683643614055041],
    [62, 1000, 41, 1000, 1 - 0.05 / 3, -0.0547331553307583, 1.41914132474753],
  ])('%i/%i against %i/%i at %f matches SciPy', (x1, n1, x2, n2, level, lower, upper) => {
    const ci = liftInterval(x1, n1, x2, n2, upperQuantile((1 - level) / 2));
    expectClose(ci?.lower, lower, 'lower', 1e-9);
    expectClose(ci?.upper, upper, 'upper', 1e-9);
  });

  it('has no finite limits, so none, when either group has no conversions', () => {
    expect(liftInterval(0, 1000, 41, 1000)).toBeNull();
    expect(liftInterval(30, 1000, 0, 1000)).toBeNull();
  });
});
