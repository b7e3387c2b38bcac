// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCookieApi } from '../core/cookie';
import type { CookieApi } from '../core/types';
import { getNewRepeat } from './new-repeat';
import { getPreviousValue } from './previous-value';

const MINUTE = 60_000;

/** A cookie jar that honours lifetimes against the (fake) clock. */
function clockJar(): CookieApi & { expiresAt: Record<string, number> } {
  const values: Record<string, string> = {};
  const expiresAt: Record<string, number> = {};
  return {
    expiresAt,
    get: (name) => (name in values && (expiresAt[name] ?? Infinity) > Date.now() ? values[name] : undefined),
    set: (name, value, options = {}) => {
      values[name] = value;
      expiresAt[name] = options.expires === undefined ? Infinity : Date.now() + options.expires * 86_400_000;
    },
    remove: (name) => void delete values[name],
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-10-22T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getNewRepeat (SPEC §9: 30-minute window)', () => {
  it("is 'New' on the first visit and while activity goes on, then 'Repeat' after 30 idle minutes", () => {
    const jar = clockJar();
    expect(getNewRepeat(jar)).toBe('New');
    vi.advanceTimersByTime(29 * MINUTE);
    expect(getNewRepeat(jar)).toBe('New');
    // Each call slides the window: 58 minutes after the first visit, 29 after the last call.
    vi.advanceTimersByTime(29 * MINUTE);
    expect(getNewRepeat(jar)).toBe('New');
    vi.advanceTimersByTime(30 * MINUTE);
    expect(getNewRepeat(jar)).toBe('Repeat');
    vi.advanceTimersByTime(MINUTE);
    expect(getNewRepeat(jar)).toBe('Repeat');
  });

  it("stays 'Repeat' for a returning visitor and forgets them after 30 days without a visit", () => {
    const jar = clockJar();
    getNewRepeat(jar);
    vi.advanceTimersByTime(2 * 86_400_000);
    expect(getNewRepeat(jar)).toBe('Repeat');
    vi.advanceTimersByTime(29 * 86_400_000);
    expect(getNewRepeat(jar)).toBe('Repeat');
    vi.advanceTimersByTime(31 * 86_400_000);
    expect(getNewRepeat(jar)).toBe('New');
  });

  it('writes `<last activity ms>-<N|R>` under tw_nr or the given name', () => {
    const jar = clockJar();
    getNewRepeat(jar, 'nr');
    expect(jar.get('nr')).toBe(`${Date.now()}-N`);
    expect(jar.get('tw_nr')).toBeUndefined();
    vi.advanceTimersByTime(31 * MINUTE);
    getNewRepeat(jar, 'nr');
    expect(jar.get('nr')).toBe(`${Date.now()}-R`);
  });

  it('treats an unreadable cookie as a first visit', () => {
    const jar = clockJar();
    jar.set('tw_nr', 'garbage', { expires: 1 });
    expect(getNewRepeat(jar)).toBe('New');
  });

  it('works with the runtime cookie API', () => {
    const cookie = createCookieApi();
    cookie.remove('tw_nr');
    expect(getNewRepeat(cookie)).toBe('New');
    vi.advanceTimersByTime(31 * MINUTE);
    expect(getNewRepeat(cookie)).toBe('Repeat');
    cookie.remove('tw_nr');
  });
});

describe('getPreviousValue (SPEC §9: 30-minute cookie)', () => {
  it('returns the value stored by the last call and stores the current one', () => {
    const jar = clockJar();
    expect(getPreviousValue(jar, 'tw_pv', 'home')).toBe('');
    expect(getPreviousValue(jar, 'tw_pv', 'conditions:chickenpox')).toBe('home');
    expect(getPreviousValue(jar, 'tw_pv', 'conditions:hives')).toBe('conditions:chickenpox');
    expect(jar.expiresAt.tw_pv).toBe(Date.now() + 30 * MINUTE);
  });

  it('forgets the value after 30 minutes', () => {
    const jar = clockJar();
    getPreviousValue(jar, 'tw_pv', 'home');
    vi.advanceTimersByTime(29 * MINUTE);
    expect(getPreviousValue(jar, 'tw_pv', 'a')).toBe('home');
    vi.advanceTimersByTime(30 * MINUTE + 1);
    expect(getPreviousValue(jar, 'tw_pv', 'b')).toBe('');
  });

  it('keeps separate names apart', () => {
    const jar = clockJar();
    getPreviousValue(jar, 'one', 'x');
    expect(getPreviousValue(jar, 'two', 'y')).toBe('');
    expect(getPreviousValue(jar, 'one', 'z')).toBe('x');
  });
});
