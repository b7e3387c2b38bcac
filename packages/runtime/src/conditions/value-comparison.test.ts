// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import constant from '../data-elements/constant';
import customCode from '../data-elements/custom-code';
import { element, makeConfig, resetPage, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import valueComparison from './value-comparison';

let ctx: Context;
let current: unknown;
const event: RuleEvent = { type: 'direct-call', detail: { count: 3, name: 'BMI' } };
const compare = (left: string, operator: string, right?: string, extra: Record<string, unknown> = {}) => valueComparison({ left, operator, right, ...extra }, event, ctx);
/** `%Value%` is whatever the test puts in `current`, of any type. */
const is = (value: unknown, operator: string, right?: string, extra: Record<string, unknown> = {}) => {
  current = value;
  return compare('%Value%', operator, right, extra);
};

beforeEach(() => {
  resetPage();
  ctx = startWithContext(
    makeConfig({
      dataElements: {
        'Page Name': element('constant', constant, { value: 'Conditions:Chickenpox' }),
        Value: element('custom-code', customCode, { fn: () => current }),
      },
    }),
  ).ctx;
});

describe('value-comparison: text operators', () => {
  it('equals', () => {
    expect(compare('%Page Name%', 'equals', 'Conditions:Chickenpox')).toBe(true);
    expect(compare('%Page Name%', 'equals', 'conditions:chickenpox')).toBe(false);
    expect(compare('%Page Name%', 'equals', 'conditions:chickenpox', { caseInsensitive: true })).toBe(true);
    expect(compare('%Page Name%', 'equals', 'Conditions')).toBe(false);
  });

  it('contains', () => {
    expect(compare('%Page Name%', 'contains', 'Chicken')).toBe(true);
    expect(compare('%Page Name%', 'contains', 'chicken')).toBe(false);
    expect(compare('%Page Name%', 'contains', 'CHICKEN', { caseInsensitive: true })).toBe(true);
    expect(compare('%Page Name%', 'contains', 'hives')).toBe(false);
  });

  it('startsWith', () => {
    expect(compare('%Page Name%', 'startsWith', 'Conditions:')).toBe(true);
    expect(compare('%Page Name%', 'startsWith', 'conditions:')).toBe(false);
    expect(compare('%Page Name%', 'startsWith', 'conditions:', { caseInsensitive: true })).toBe(true);
    expect(compare('%Page Name%', 'startsWith', 'Chickenpox')).toBe(false);
  });

  it('endsWith', () => {
    expect(compare('%Page Name%', 'endsWith', 'Chickenpox')).toBe(true);
    expect(compare('%Page Name%', 'endsWith', 'chickenpox')).toBe(false);
    expect(compare('%Page Name%', 'endsWith', 'CHICKENPOX', { caseInsensitive: true })).toBe(true);
    expect(compare('%Page Name%', 'endsWith', 'Conditions')).toBe(false);
  });

  it('matchesRegex', () => {
    expect(compare('%Page Name%', 'matchesRegex', undefined, { pattern: '^Conditions:' })).toBe(true);
    expect(compare('%Page Name%', 'matchesRegex', undefined, { pattern: '^conditions:' })).toBe(false);
    expect(compare('%Page Name%', 'matchesRegex', undefined, { pattern: '^conditions:', caseInsensitive: true })).toBe(true);
  });

  it('both sides are resolved: tokens on the right, tokens of the event', () => {
    expect(compare('Conditions:Chickenpox', 'equals', '%Page Name%')).toBe(true);
    expect(compare('%event.detail.name%', 'equals', 'BMI')).toBe(true);
    expect(compare('tool %event.detail.name%', 'equals', 'tool BMI')).toBe(true);
  });

  it('numbers and booleans compare as their text; objects and missing values as empty text', () => {
    expect(is(5, 'equals', '5')).toBe(true);
    expect(is(true, 'equals', 'true')).toBe(true);
    expect(is({ a: 1 }, 'equals', '')).toBe(true);
    expect(is(undefined, 'equals', '')).toBe(true);
    expect(is(null, 'contains', 'null')).toBe(false);
  });
});

describe('value-comparison: numeric operators', () => {
  it('lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual', () => {
    expect(is(5, 'lessThan', '10')).toBe(true);
    expect(is(5, 'lessThanOrEqual', '10')).toBe(true);
    expect(is(5, 'greaterThan', '10')).toBe(false);
    expect(is(5, 'greaterThanOrEqual', '10')).toBe(false);

    expect(is(5, 'lessThan', '5')).toBe(false);
    expect(is(5, 'lessThanOrEqual', '5')).toBe(true);
    expect(is(5, 'greaterThan', '5')).toBe(false);
    expect(is(5, 'greaterThanOrEqual', '5')).toBe(true);

    expect(is(11, 'greaterThan', '10')).toBe(true);
    expect(is(11, 'lessThan', '10')).toBe(false);
  });

  it('compares numbers, not text ("10" > "9")', () => {
    expect(is('10', 'greaterThan', '9')).toBe(true);
    expect(is('9', 'lessThan', '10')).toBe(true);
    expect(is(' 2.5 ', 'lessThan', '3')).toBe(true);
    expect(is('-1', 'lessThan', '0')).toBe(true);
    expect(compare('%event.detail.count%', 'greaterThanOrEqual', '3')).toBe(true);
  });

  it.each(['lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual'])('%s is false when either side is not a number', (operator) => {
    for (const left of ['abc', '', '  ', '12px', null, undefined, true, false, {}, [], [5], NaN]) {
      expect(is(left, operator, '0'), `${String(left)} ${operator} 0`).toBe(false);
      expect(is(left, operator, '100'), `${String(left)} ${operator} 100`).toBe(false);
    }
    expect(is(5, operator, 'abc')).toBe(false);
    expect(is(5, operator, '')).toBe(false);
    expect(is(5, operator, undefined)).toBe(false);
  });
});

describe('value-comparison: truthiness', () => {
  it('isTruthy / isFalsy use the resolved value, of its own type', () => {
    for (const truthy of [1, 'x', '0', 'false', {}, []]) {
      expect(is(truthy, 'isTruthy')).toBe(true);
      expect(is(truthy, 'isFalsy')).toBe(false);
    }
    for (const falsy of [0, '', null, undefined, false, NaN]) {
      expect(is(falsy, 'isTruthy')).toBe(false);
      expect(is(falsy, 'isFalsy')).toBe(true);
    }
  });
});
