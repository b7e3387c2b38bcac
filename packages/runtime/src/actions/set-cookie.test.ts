// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import constant from '../data-elements/constant';
import { element, makeConfig, resetPage, setUrl, startWithContext } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import setCookie from './set-cookie';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
let ctx: Context;
let setter: { mock: { calls: unknown[][] } };
/** Every cookie string the page wrote (the spy calls through, so the cookies are written too). */
const written = () => setter.mock.calls.map(([value]) => String(value));
const event: RuleEvent = { type: 'click' };
/** A read in a run of its own, as the page enters the container (core/cookie.ts keeps one read per run). */
const read = (name: string) => ctx.safe('read', () => ctx.cookie.get(name), undefined);
const start = (cookieDomain?: string) => {
  ctx = startWithContext(makeConfig({ cookieDomain, dataElements: { Answer: element('constant', constant, { value: 'Yes' }) } })).ctx;
};

beforeEach(() => {
  resetPage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setter = vi.spyOn(document, 'cookie', 'set');
  start();
});

describe('set-cookie', () => {
  it('writes the resolved value, encoded, with expires from days and path /', () => {
    setCookie({ name: 'tw_pregnant', value: 'Are You Pregnant: %Answer%', days: 7, path: '/' }, event, ctx);
    expect(written()).toHaveLength(1);
    const cookie = written()[0]!;
    expect(cookie).toContain('tw_pregnant=Are%20You%20Pregnant%3A%20Yes');
    expect(cookie).toContain('; path=/');
    expect(cookie).toContain(`; expires=${new Date(NOW.getTime() + 7 * DAY).toUTCString()}`);
    expect(read('tw_pregnant')).toBe('Are You Pregnant: Yes');
  });

  it('the cookie lasts the given days', () => {
    setCookie({ name: 'tw_sample', value: '1', days: 7 }, event, ctx);
    vi.setSystemTime(NOW.getTime() + 7 * DAY - 60_000);
    expect(read('tw_sample')).toBe('1');
    vi.setSystemTime(NOW.getTime() + 7 * DAY + 60_000);
    expect(read('tw_sample')).toBeUndefined();
  });

  it('fractional days: 30 minutes', () => {
    setCookie({ name: 'tw_ppn', value: 'x', days: 30 / 1440 }, event, ctx);
    expect(written()[0]).toContain(`; expires=${new Date(NOW.getTime() + 30 * 60_000).toUTCString()}`);
  });

  it('without days: a session cookie (no expires); path defaults to /', () => {
    setCookie({ name: 'tw_session', value: 'v' }, event, ctx);
    expect(written()[0]).not.toContain('expires=');
    expect(written()[0]).toContain('; path=/');
    expect(read('tw_session')).toBe('v');
  });

  it('a path of its own: visible only under that path', () => {
    setCookie({ name: 'tw_account', value: 'a', path: '/account' }, event, ctx);
    expect(written()[0]).toContain('; path=/account');
    expect(read('tw_account')).toBeUndefined();
    setUrl('http://localhost:3000/account/settings');
    expect(read('tw_account')).toBe('a');
  });

  it('the domain (setting or container default) applies only when the page is under it', () => {
    setUrl('https://www.health.localhost/');
    resetCtx('health.localhost');
    setCookie({ name: 'tw_a', value: '1' }, event, ctx);
    setCookie({ name: 'tw_b', value: '1', domain: 'other.localhost' }, event, ctx);
    expect(written()[0]).toContain('; domain=health.localhost');
    expect(written()[1]).not.toContain('domain=');
    expect(written()[0]).toContain('; Secure');
  });
});

function resetCtx(cookieDomain: string) {
  delete (window as unknown as { _satellite?: unknown })._satellite;
  start(cookieDomain);
}
