// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCookieApi } from '../core/cookie';
import type { Context } from '../core/types';
import { createSession, SESSION_MS } from './session';

// SPEC §9: the session id lives 1,860,000 ms, renewed on activity; SPEC §5: targetMigrationEnabled shares
// the session of a Target library already on the page (its `mbox` cookie).

const ctx = () => ({ cookie: createCookieApi() }) as unknown as Context;
const clearCookies = () => {
  for (const part of document.cookie.split(/; */)) if (part) document.cookie = part.split('=')[0] + '=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe('the session', () => {
  beforeEach(() => {
    vi.useRealTimers();
    clearCookies();
  });

  it('is kept in a cookie for 1,860,000 ms and renewed on every use', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const session = createSession(ctx());
    const id = session.id();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    vi.setSystemTime(Date.now() + SESSION_MS - 1000);
    // Still within its life: the same id, and its life starts again.
    expect(createSession(ctx()).id()).toBe(id);
    vi.setSystemTime(Date.now() + SESSION_MS - 1000);
    expect(session.id()).toBe(id);
    // Unused for longer than its life: a new session.
    vi.setSystemTime(Date.now() + SESSION_MS + 1000);
    expect(session.id()).not.toBe(id);
    expect(session.tntId()).toBeUndefined();
  });

  it('a new id once the cookie has gone', () => {
    const first = createSession(ctx()).id();
    clearCookies();
    expect(createSession(ctx()).id()).not.toBe(first);
  });

  it("with targetMigrationEnabled, the Target library's session and visitor in its mbox cookie", () => {
    const expires = Math.floor(Date.now() / 1000) + 1000;
    document.cookie = `mbox=${encodeURIComponent(`PC#7d3c1e0b.37_0#${expires + 60_000}|session#at-session-1#${expires}`)}; path=/`;
    const session = createSession(ctx(), true);
    expect(session.id()).toBe('at-session-1');
    expect(session.tntId()).toBe('7d3c1e0b.37_0');
    // Written back renewed, the Target library's entries kept.
    const written = decodeURIComponent(document.cookie.match(/(?:^|; )mbox=([^;]*)/)![1]!);
    expect(written).toMatch(/^PC#7d3c1e0b\.37_0#\d+\|session#at-session-1#\d+$/);
    expect(+written.split('#').pop()!).toBeGreaterThan(expires);
  });

  it('with targetMigrationEnabled and an expired session entry, a new session in the mbox cookie', () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    document.cookie = `mbox=${encodeURIComponent(`session#old#${past}`)}; path=/`;
    const id = createSession(ctx(), true).id();
    expect(id).not.toBe('old');
    expect(decodeURIComponent(document.cookie)).toContain(`session#${id}#`);
  });
});
