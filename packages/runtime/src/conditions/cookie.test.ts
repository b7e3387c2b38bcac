// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPage, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import cookie from './cookie';

let ctx: Context;
const event: RuleEvent = { type: 'dom-ready' };
// Through ctx.safe, as the page enters the container: each test is a run of its own (core/cookie.ts).
const test = (settings: Record<string, unknown>) => ctx.safe('test', () => cookie(settings, event, ctx), undefined);
beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
  document.cookie = 'tw_consent=Statistics-Off; path=/';
  document.cookie = 'tw_answer=Are%20You%20Pregnant%3A%20Yes; path=/';
  document.cookie = 'tw_empty=; path=/';
});

describe('cookie condition', () => {
  it('presence', () => {
    expect(test({ name: 'tw_consent' })).toBe(true);
    expect(test({ name: 'tw_empty' })).toBe(true);
    expect(test({ name: 'tw_missing' })).toBe(false);
    // Cookie names are case-sensitive.
    expect(test({ name: 'TW_CONSENT' })).toBe(false);
  });

  it('value: exact and decoded; case-insensitive on request', () => {
    expect(test({ name: 'tw_consent', value: 'Statistics-Off' })).toBe(true);
    expect(test({ name: 'tw_consent', value: 'statistics-off' })).toBe(false);
    expect(test({ name: 'tw_consent', value: 'statistics-off', caseInsensitive: true })).toBe(true);
    expect(test({ name: 'tw_answer', value: 'Are You Pregnant: Yes' })).toBe(true);
    expect(test({ name: 'tw_missing', value: '' })).toBe(false);
  });

  it('pattern', () => {
    expect(test({ name: 'tw_consent', pattern: '-Off$' })).toBe(true);
    expect(test({ name: 'tw_consent', pattern: '-off$' })).toBe(false);
    expect(test({ name: 'tw_consent', pattern: '-off$', caseInsensitive: true })).toBe(true);
  });

  it('sees cookies set after the container started', () => {
    expect(test({ name: 'tw_late' })).toBe(false);
    document.cookie = 'tw_late=1; path=/';
    expect(test({ name: 'tw_late', value: '1' })).toBe(true);
  });
});
