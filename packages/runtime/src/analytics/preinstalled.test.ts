// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsConfig, Logger } from '../core/types';
import preinstalled, { ATTEMPTS, INTERVAL } from './preinstalled';
import { createTracker } from './tracker';

// settings.preinstalledTracker: the page creates its own tracker (window.s); the container looks for it at
// most 40 times, 250 ms apart (SPEC §9), and our tracker sends every hit with its account and server.

const config: AnalyticsConfig = {
  trackingServer: 'metrics.health.localhost',
  trackingServerSecure: 'smetrics.health.localhost',
  reportSuites: ['twprod'],
  currency: 'GBP',
  codeVersion: 'TW-0.1.0',
  postcodeMarked: ['c2'],
  preinstalled: { module: preinstalled, variable: 's' },
};

const logFn = () => vi.fn<(...args: unknown[]) => void>();
const logger = () => ({ log: logFn(), info: logFn(), warn: logFn(), error: logFn(), debug: logFn(), history: [] }) satisfies Logger;

let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;
const win = window as unknown as Record<string, unknown>;

/** The tracker as the container builds it, with the page's tracker looked for from now on. */
function make(cfg: AnalyticsConfig = config) {
  const log = logger();
  const t = createTracker(cfg, { log, preinstalled: preinstalled(cfg, log) });
  const page = (pageName: string) => {
    t.set('pageName', pageName);
    t.send({ type: 'page' });
  };
  return { t, log, page };
}

/** The beacons sent: where each went (scheme, host, report suites) and its pageName. */
const sent = () =>
  beacon.mock.calls.map(([url]) => {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/1\/TW-0\.1\.0\/s\d+$/, '')} ${u.searchParams.get('pageName')}`;
  });

/** Defines window.s as a getter, counting the reads (each attempt reads it once). */
function watch(value: (read: number) => unknown) {
  let reads = 0;
  Object.defineProperty(window, 's', { configurable: true, get: () => value(++reads) });
  return () => reads;
}

beforeEach(() => {
  vi.useFakeTimers();
  beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  // Both transports report to the same mock: an image as (url), a beacon as (url, body).
  vi.stubGlobal(
    'Image',
    class {
      set src(url: string) {
        beacon(url);
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete win.s;
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

describe('the page tracker found', () => {
  it('on attempt 1: hits leave at once with its account and tracking server', () => {
    win.s = { account: 'pagesuite1,pagesuite2', trackingServer: 'page.metrics.example' };
    const { page, log } = make();
    page('home');
    expect(sent()).toEqual(['http://page.metrics.example/b/ss/pagesuite1,pagesuite2 home']);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('on attempt N: hits wait in order until then, and leave once, with its account and server', () => {
    const reads = watch((read) => (read >= 5 ? { account: 'pagesuite', trackingServer: 'page.metrics.example' } : undefined));
    const { page } = make();
    page('one');
    page('two');
    vi.advanceTimersByTime(3 * INTERVAL);
    expect(reads()).toBe(4);
    page('three');
    expect(beacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INTERVAL);
    expect(reads()).toBe(5);
    expect(sent()).toEqual(['one', 'two', 'three'].map((name) => `http://page.metrics.example/b/ss/pagesuite ${name}`));
    page('four');
    vi.advanceTimersByTime(20 * INTERVAL);
    expect(reads()).toBe(5);
    expect(sent()).toHaveLength(4);
    expect(sent()[3]).toBe('http://page.metrics.example/b/ss/pagesuite four');
  });

  it("https pages use its trackingServerSecure; with its trackingServer only, that one, as AppMeasurement does", () => {
    vi.stubGlobal('location', new URL('https://www.health.localhost/page'));
    try {
      win.s = { trackingServer: 'page.metrics.example', trackingServerSecure: 'spage.metrics.example' };
      make().page('a');
      win.s = { trackingServer: 'page.metrics.example' };
      make().page('b');
      win.s = { account: 'pagesuite' };
      make().page('c');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent()).toEqual(['https://spage.metrics.example/b/ss/twprod a', 'https://page.metrics.example/b/ss/twprod b', 'https://smetrics.health.localhost/b/ss/pagesuite c']);
  });
});

describe('the page tracker never found', () => {
  it('is looked for exactly 40 times, 250 ms apart; then one error, and the waiting hits leave in order with the property settings', () => {
    const reads = watch(() => undefined);
    const { page, log } = make();
    page('one');
    expect(reads()).toBe(1);
    for (let attempt = 2; attempt <= ATTEMPTS; attempt++) {
      vi.advanceTimersByTime(INTERVAL - 1);
      expect(reads()).toBe(attempt - 1);
      expect(beacon).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reads()).toBe(attempt);
      if (attempt == 20) page('two');
    }
    expect(ATTEMPTS).toBe(40);
    expect(INTERVAL).toBe(250);
    expect(sent()).toEqual(['http://metrics.health.localhost/b/ss/twprod one', 'http://metrics.health.localhost/b/ss/twprod two']);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(`Preinstalled tracker "s" not found after 40 attempts; hits use the property's settings`);
    page('three');
    vi.advanceTimersByTime(60_000);
    expect(reads()).toBe(40);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(sent()).toHaveLength(3);
  });

  it('the page hidden first: one last look, then the waiting hits leave before it goes', () => {
    const reads = watch(() => undefined);
    const { page, log } = make();
    page('one');
    vi.advanceTimersByTime(2 * INTERVAL);
    dispatchEvent(new Event('pagehide'));
    expect(reads()).toBe(4);
    expect(sent()).toEqual(['http://metrics.health.localhost/b/ss/twprod one']);
    expect(log.error).toHaveBeenCalledWith(`Preinstalled tracker "s" not found after 4 attempts; hits use the property's settings`);
    vi.advanceTimersByTime(60_000);
    expect(reads()).toBe(4);
  });

  it('an element with its id (named access, through the prototype) is not the page tracker', () => {
    const div = document.createElement('div');
    div.id = 's';
    const named = Object.getPrototypeOf(window) as object;
    Object.defineProperty(named, 's', { value: div, configurable: true });
    try {
      expect(win.s).toBe(div);
      const { page } = make();
      page('one');
      expect(beacon).not.toHaveBeenCalled();
      vi.advanceTimersByTime(ATTEMPTS * INTERVAL);
      expect(sent()).toEqual(['http://metrics.health.localhost/b/ss/twprod one']);
    } finally {
      delete (named as Record<string, unknown>).s;
    }
  });
});

describe('whatever the page holds, nothing throws and nothing of it runs', () => {
  it('a global whose getter throws, null, and text are looked past until the page tracker appears', () => {
    let value: unknown = null;
    watch((read) => {
      if (read == 1) throw new Error('hostile getter');
      return value;
    });
    const { page, log } = make();
    page('one');
    vi.advanceTimersByTime(INTERVAL);
    value = 'text';
    vi.advanceTimersByTime(INTERVAL);
    value = 42;
    vi.advanceTimersByTime(INTERVAL);
    expect(beacon).not.toHaveBeenCalled();
    value = { account: 'pagesuite' };
    vi.advanceTimersByTime(INTERVAL);
    expect(sent()).toEqual(['http://metrics.health.localhost/b/ss/pagesuite one']);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('reads only account and the tracking servers, as text of their shape, and calls none of its methods', () => {
    const t = vi.fn();
    const tl = vi.fn();
    const toString = vi.fn(() => 'evilsuite');
    win.s = {
      account: { toString },
      trackingServer: 'evil.example/collect?x=',
      trackingServerSecure: 'https://evil.example',
      t,
      tl,
      get pageName() {
        throw new Error('never read');
      },
    };
    make().page('one');
    win.s = { account: 'ok,bad suite', trackingServer: 42 };
    make().page('two');
    expect(sent()).toEqual(['http://metrics.health.localhost/b/ss/twprod one', 'http://metrics.health.localhost/b/ss/twprod two']);
    expect(t).not.toHaveBeenCalled();
    expect(tl).not.toHaveBeenCalled();
    expect(toString).not.toHaveBeenCalled();
  });

  it('a proxy whose every trap throws: found, its fields skipped, the hit sent with the property settings', () => {
    const keys: PropertyKey[] = [];
    const hostile = (): never => {
      throw new Error('hostile trap');
    };
    win.s = new Proxy(
      {},
      {
        get: (_target, key) => {
          keys.push(key);
          return hostile();
        },
        has: hostile,
        getPrototypeOf: hostile,
        ownKeys: hostile,
        getOwnPropertyDescriptor: hostile,
      },
    );
    const { page, log } = make();
    expect(() => page('one')).not.toThrow();
    expect(sent()).toEqual(['http://metrics.health.localhost/b/ss/twprod one']);
    expect(keys).toEqual(['account', 'trackingServer', 'trackingServerSecure']);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a proxy as the page tracker is read through its traps, for those three fields only', () => {
    const keys: PropertyKey[] = [];
    win.s = new Proxy({ account: 'pagesuite', trackingServer: 'page.metrics.example' }, { get: (target, key) => (keys.push(key), Reflect.get(target, key)) });
    make().page('one');
    expect(sent()).toEqual(['http://page.metrics.example/b/ss/pagesuite one']);
    expect(keys).toEqual(['account', 'trackingServer', 'trackingServerSecure']);
  });
});
