// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { logged, makeConfig, resetPage, setUrl, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import removeQueryParameter from './remove-query-parameter';

let ctx: Context;
let satellite: ReturnType<typeof startWithContext>['satellite'];
let replace: MockInstance<(url: string | URL) => void>;
const event: RuleEvent = { type: 'library-loaded' };
const remove = (name = 'mcid') => removeQueryParameter({ name }, event, ctx);

beforeEach(() => {
  resetPage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  replace = vi.spyOn(location, 'replace').mockImplementation(() => {});
  ({ ctx, satellite } = startWithContext(makeConfig()));
});

describe('remove-query-parameter', () => {
  it('removes the parameter (any case, every occurrence) and reloads the page once', () => {
    setUrl('https://www.health.localhost/conditions/?MCID=123&q=hay%20fever&mcid=456&other=1#top');
    remove('mcId');
    expect(replace).toHaveBeenCalledTimes(1);
    const target = new URL(String(replace.mock.calls[0]![0]));
    expect(target.origin + target.pathname).toBe('https://www.health.localhost/conditions/');
    expect([...target.searchParams.keys()]).toEqual(['q', 'other']);
    expect(target.searchParams.get('q')).toBe('hay fever');
    expect(target.hash).toBe('#top');
  });

  it('leaves no lone "?" when it was the only parameter', () => {
    setUrl('https://www.health.localhost/conditions/?mcid=123');
    remove();
    expect(replace).toHaveBeenCalledWith('https://www.health.localhost/conditions/');
  });

  it('a second call within 10 s to the same address does not reload again (and says so)', () => {
    setUrl('https://www.health.localhost/?mcid=1');
    remove();
    // The page came back with the parameter (location.replace is stubbed, so it never left).
    vi.setSystemTime(Date.now() + 9_000);
    remove();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(logged(satellite, 'warn').some((m) => m.includes('mcid'))).toBe(true);
  });

  it('reloads again after 10 s, or for another address', () => {
    setUrl('https://www.health.localhost/?mcid=1');
    remove();
    setUrl('https://www.health.localhost/other?mcid=1');
    remove();
    expect(replace).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + 10_001);
    remove();
    expect(replace).toHaveBeenCalledTimes(3);
  });

  it('does nothing when the address has no such parameter', () => {
    setUrl('https://www.health.localhost/conditions/?q=mcid&mcidx=1#mcid=1');
    remove();
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it('still reloads (once, by the parameter being gone) when sessionStorage is blocked', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    setUrl('https://www.health.localhost/?mcid=1');
    expect(() => remove()).not.toThrow();
    expect(replace).toHaveBeenCalledTimes(1);
  });
});
