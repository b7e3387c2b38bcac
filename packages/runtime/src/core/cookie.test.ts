// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import customCode from '../actions/custom-code';
import { flushMicrotasks, makeConfig, makeRule, on, resetPage, startContainer, startWithContext } from './test-helpers';
import type { Context, EventModule, RuleEvent } from './types';

// Reading document.cookie can wait on the browser's cookie store: one read serves one run of the
// container (core/cookie.ts), and nothing written meanwhile is missed.

let ctx: Context;
let reads: { mock: { calls: unknown[] } };
const event: RuleEvent = { type: 'dom-ready' };
/** One run of the container, entered as the page, an event or a timer enters it. */
const run = <T>(fn: () => T): T => ctx.safe('test', fn, undefined as T);

beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
  document.cookie = 'tw_a=1; path=/';
  reads = vi.spyOn(document, 'cookie', 'get');
});

describe('cookie reads', () => {
  it('one read of document.cookie serves every get of one run', () => {
    const got = run(() => [ctx.cookie.get('tw_a'), ctx.cookie.get('tw_b'), ctx.cookie.get('tw_a')]);
    expect(got).toEqual(['1', undefined, '1']);
    expect(reads.mock.calls).toHaveLength(1);
  });

  it('the next run reads afresh, so it sees what the page wrote between runs', () => {
    expect(run(() => ctx.cookie.get('tw_b'))).toBeUndefined();
    document.cookie = 'tw_b=2; path=/';
    expect(run(() => ctx.cookie.get('tw_b'))).toBe('2');
    expect(reads.mock.calls).toHaveLength(2);
  });

  it('reads again once the microtasks of the turn have run', async () => {
    ctx.cookie.get('tw_a');
    document.cookie = 'tw_a=changed; path=/';
    await flushMicrotasks();
    expect(ctx.cookie.get('tw_a')).toBe('changed');
  });

  // Values are compared outside the run: ctx.safe would catch a failed expectation.
  it('a write through the API, or a removal, is seen at once in the same run', () => {
    const got = run(() => {
      const before = ctx.cookie.get('tw_c');
      ctx.cookie.set('tw_c', 'three');
      const after = ctx.cookie.get('tw_c');
      ctx.cookie.remove('tw_a');
      return [before, after, ctx.cookie.get('tw_a')];
    });
    expect(got).toEqual([undefined, 'three', undefined]);
  });

  it('a custom code action that writes document.cookie itself: what runs after it sees the cookie', () => {
    const fn = () => void (document.cookie = 'tw_d=4; path=/');
    const got = run(() => {
      const before = ctx.cookie.get('tw_d');
      customCode({ fn }, event, ctx);
      return [before, ctx.cookie.get('tw_d')];
    });
    expect(got).toEqual([undefined, '4']);
  });

  // The start in the head reads the consent cookie in the identity, the personalisation and the rules'
  // subscriptions; each read waits on the browser's cookie store (docs/PERFORMANCE.md, "Cookies").
  it("the container's start is one run: every module and subscription in it shares one read", () => {
    // A read made before the start, in the same turn: the start is an entry, so it reads afresh.
    ctx.cookie.get('tw_a');
    resetPage();
    document.cookie = 'tw_a=1; path=/';
    reads = vi.spyOn(document, 'cookie', 'get');
    const seen: unknown[] = [];
    const reader = (name: string): EventModule => (_subscriptions, c) => void seen.push(c.cookie.get(name));
    const satellite = startContainer(
      makeConfig({ rules: [makeRule('a', { events: [on('a', reader('tw_a'))] }), makeRule('b', { events: [on('b', reader('tw_b'))] })] }),
    );
    expect(seen).toEqual(['1', undefined]);
    expect(reads.mock.calls).toHaveLength(1);
    // Once started, the page's own calls enter afresh: what it wrote since, in the same task, is seen.
    document.cookie = 'tw_b=2; path=/';
    expect(satellite.cookie.get('tw_b')).toBe('2');
    expect(reads.mock.calls).toHaveLength(2);
  });
});

describe('cookie text', () => {
  it('decodes escaped names and values, keeps unescaped text and a broken escape as written', () => {
    document.cookie = 'tw%20name=a%20b%3Bc; path=/';
    document.cookie = 'tw_plain=a+b~c; path=/';
    document.cookie = 'tw_broken=100%zz%; path=/';
    document.cookie = 'tw_set=' + encodeURIComponent('£5 & 10% off') + '; path=/';
    const got = run(() => ['tw name', 'tw%20name', 'tw_plain', 'tw_broken', 'tw_set'].map((name) => ctx.cookie.get(name)));
    expect(got).toEqual(['a b;c', undefined, 'a+b~c', '100%zz%', '£5 & 10% off']);
  });
});
