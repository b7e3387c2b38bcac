import { describe, expect, it } from 'vitest';
import { percent, pText } from './verdict';

describe('numbers in the verdict', () => {
  it.each([
    [0.034, 'p = 0.034'],
    [0.0496, 'p = 0.0496'],
    [0.04996, 'p = 0.04996'],
    [0.0504, 'p = 0.050'],
    [0.5, 'p = 0.500'],
    [0.0009, 'p < 0.001'],
  ])('p-value %f reads "%s", never rounded across the 5% level', (p, text) => expect(pText(p, 0.05)).toBe(text));

  it.each([
    [0.0412, '4.12%'],
    [0.0035, '0.35%'],
    [0.512, '51.2%'],
    [1, '100.0%'],
  ])('rate %f reads %s', (rate, text) => expect(percent(rate)).toBe(text));
});
