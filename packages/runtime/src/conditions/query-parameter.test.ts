// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPage, setUrl, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import queryParameter from './query-parameter';

let ctx: Context;
const event: RuleEvent = { type: 'dom-ready' };
const test = (settings: Record<string, unknown>) => queryParameter(settings, event, ctx);
beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
  setUrl('https://www.health.localhost/service-search?GpOnlineReg=Yes&LocationName=Leeds+City%20Centre&flag&empty=&id=1&ID=2#x=1');
});

describe('query-parameter condition', () => {
  it('presence: names match case-insensitively', () => {
    expect(test({ name: 'gponlinereg' })).toBe(true);
    expect(test({ name: 'GPONLINEREG' })).toBe(true);
    expect(test({ name: 'locationname' })).toBe(true);
    expect(test({ name: 'missing' })).toBe(false);
    expect(test({ name: 'x' })).toBe(false);
  });

  it('presence: a parameter without a value, or with an empty one, is present', () => {
    expect(test({ name: 'flag' })).toBe(true);
    expect(test({ name: 'empty' })).toBe(true);
    expect(test({ name: 'empty', value: '' })).toBe(true);
  });

  it('value: exact, decoded (+ and %20 are spaces), case-sensitive unless caseInsensitive', () => {
    expect(test({ name: 'gpOnlineReg', value: 'Yes' })).toBe(true);
    expect(test({ name: 'gpOnlineReg', value: 'yes' })).toBe(false);
    expect(test({ name: 'gpOnlineReg', value: 'yes', caseInsensitive: true })).toBe(true);
    expect(test({ name: 'gpOnlineReg', value: 'Ye' })).toBe(false);
    expect(test({ name: 'LocationName', value: 'Leeds City Centre' })).toBe(true);
    expect(test({ name: 'missing', value: '' })).toBe(false);
  });

  it('pattern: a regular expression on the value', () => {
    expect(test({ name: 'locationname', pattern: '^Leeds\\b' })).toBe(true);
    expect(test({ name: 'locationname', pattern: '^leeds' })).toBe(false);
    expect(test({ name: 'locationname', pattern: '^leeds', caseInsensitive: true })).toBe(true);
    expect(test({ name: 'missing', pattern: '.*' })).toBe(false);
  });

  it('the first parameter of that name (in any case) counts', () => {
    expect(test({ name: 'Id', value: '1' })).toBe(true);
    expect(test({ name: 'Id', value: '2' })).toBe(false);
  });
});
