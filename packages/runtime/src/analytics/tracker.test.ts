// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsConfig, Logger } from '../core/types';
import { createTracker, type TrackerDeps } from './tracker';

const config: AnalyticsConfig = {
  trackingServer: 'metrics.health.localhost',
  reportSuites: ['twprod'],
  currency: 'GBP',
  codeVersion: 'TW-0.1.0',
  postcodeMarked: ['c2', 'v10', 'v11'],
  deniedParams: ['token'],
};

const logFn = () => vi.fn<(...args: unknown[]) => void>();
const logger = () => ({ log: logFn(), info: logFn(), warn: logFn(), error: logFn(), debug: logFn(), history: [] }) satisfies Logger;

/** An identity that knows the id at once, as on a page whose cookie holds it. */
const knownId = (id: string) => ({ withId: (send: (id: string) => void) => send(id) });

/** encodeURIComponent never writes '+', so URLSearchParams reads these queries faithfully. */
const read = (query: string) => Object.fromEntries(new URLSearchParams(query));

let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

function make(deps: Partial<TrackerDeps> = {}, cfg: AnalyticsConfig = config) {
  const log = logger();
  const t = createTracker(cfg, { log, identity: knownId('1'.repeat(38)), ...deps });
  const last = () => read(t.sent![t.sent!.length - 1]!);
  return { t, log, last };
}

beforeEach(() => {
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
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  vi.unstubAllGlobals();
});

describe('page hits', () => {
  it('sends the page defaults, the variables and the technical fields, and beacons what it records', () => {
    const { t, last } = make();
    t.set('pageName', 'nhs:conditions:chickenpox');
    t.set('ch', 'conditions');
    t.send({ type: 'page' });
    const q = last();
    expect(q).toMatchObject({ AQB: '1', ndh: '1', ce: 'UTF-8', pageName: 'nhs:conditions:chickenpox', ch: 'conditions', cc: 'GBP', g: location.href, AQE: '1' });
    expect(q.s).toMatch(/^\d+x\d+$/);
    expect(q.c).toMatch(/^\d+$/);
    expect(q.k).toMatch(/^[YN]$/);
    expect(q.bw).toBe(String(innerWidth));
    expect(q.bh).toBe(String(innerHeight));
    expect(q).not.toHaveProperty('pe');
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url] = beacon.mock.calls[0]!;
    expect(url).toMatch(/^http:\/\/metrics\.health\.localhost\/b\/ss\/twprod\/1\/TW-0\.1\.0\/s\d+\?AQB=1&/);
    expect(url.slice(url.indexOf('?') + 1)).toBe(t.sent![0]);
  });

  it('lets a rule override g, r and cc', () => {
    const { t, last } = make();
    t.set('g', 'https://www.health.localhost/x');
    t.set('r', 'https://ref.localhost/');
    t.set('cc', 'EUR');
    t.send({ type: 'page' });
    expect(last()).toMatchObject({ g: 'https://www.health.localhost/x', r: 'https://ref.localhost/', cc: 'EUR' });
    t.send({ type: 'page' });
    expect(last()).toMatchObject({ g: location.href, cc: 'GBP' });
  });

  it('SPEC §7: clears every variable, event, context data and link filter after each send; the config stays', () => {
    const { t, last } = make();
    t.set('pageName', 'p');
    t.set('v88', 'Y');
    t.addEvent('event1');
    t.setContextData('tool.name', 'bmi');
    t.setLinkTrackVars(['v17']);
    t.setLinkTrackEvents([]);
    t.send({ type: 'page' });
    expect(last()).toMatchObject({ pageName: 'p', v88: 'Y', events: 'event1', name: 'bmi' });
    t.set('v17', 'x');
    t.addEvent('event17');
    t.send({ type: 'link', linkType: 'o', name: 'n' });
    const q = last();
    expect(q).toMatchObject({ v17: 'x', events: 'event17', cc: 'GBP' });
    expect(q).not.toHaveProperty('pageName');
    expect(q).not.toHaveProperty('v88');
    expect(t.sent![1]).not.toContain('c.');
  });

  it('clears even when sending fails, and logs instead of throwing', () => {
    const { t, log } = make({}, { ...config, reportSuites: undefined as unknown as string[] });
    t.set('v1', 'x');
    expect(() => t.send({ type: 'page' })).not.toThrow();
    expect(log.error).toHaveBeenCalled();
    expect(t.sent!).toEqual([]);
    const ok = make();
    ok.t.set('v2', 'y');
    ok.t.send({ type: 'page' });
    expect(ok.last()).not.toHaveProperty('v1');
  });

  it('never throws when every transport is missing', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    vi.stubGlobal('fetch', undefined);
    vi.stubGlobal('Image', undefined);
    const { t } = make();
    expect(() => t.send({ type: 'page' })).not.toThrow();
  });

  it('keeps the last 20 hits, newest last', () => {
    const { t } = make();
    for (let i = 0; i < 25; i++) {
      t.set('c1', 'hit' + i);
      t.send({ type: 'page' });
    }
    expect(t.sent!).toHaveLength(20);
    expect(read(t.sent![0]!).c1).toBe('hit5');
    expect(read(t.sent![19]!).c1).toBe('hit24');
  });

  it('CONTRACT §4: posts a hit longer than 2047 characters as a form body with the same query', async () => {
    const { t } = make();
    for (let n = 1; n <= 20; n++) t.set('v' + n, 'x'.repeat(200));
    t.send({ type: 'page' });
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).not.toContain('?');
    expect((body as Blob).type).toBe('application/x-www-form-urlencoded');
    expect(await (body as Blob).text()).toBe(t.sent![0]);
  });

  it('runs the privacy guard on what is sent (SPEC §5)', () => {
    const { t, last } = make();
    t.set('c2', 'near sw1a 1aa');
    t.set('g', 'https://www.health.localhost/search?q=rash&token=abc');
    t.send({ type: 'page' });
    expect(last()).toMatchObject({ c2: 'postcode na', g: 'https://www.health.localhost/search?q=rash' });
  });
});

describe('set', () => {
  it('turns numbers and booleans into text, ignores other types, and deletes on "" or undefined', () => {
    const { t, last } = make();
    t.set('c1', 12);
    t.set('c2', true);
    t.set('c3', 'keep');
    t.set('c3', { not: 'text' });
    t.set('c3', null);
    t.set('c3', NaN);
    t.set('c4', 'gone');
    t.set('c4', '');
    t.set('c5', 'gone');
    t.set('c5', undefined);
    t.send({ type: 'page' });
    const q = last();
    expect(q).toMatchObject({ c1: '12', c2: 'true', c3: 'keep' });
    expect(q).not.toHaveProperty('c4');
    expect(q).not.toHaveProperty('c5');
  });

  it('caps lengths after the guard: pageName and props 100, URLs 2047, the rest 255', () => {
    const { t, last } = make();
    t.set('pageName', 'p'.repeat(150));
    t.set('c75', 'c'.repeat(150));
    t.set('v1', 'v'.repeat(300));
    t.set('l1', 'l'.repeat(300));
    t.set('g', 'https://www.health.localhost/' + 'g'.repeat(3000));
    t.set('v2', 'x'.repeat(254) + '😀');
    t.set('c5', 'x'.repeat(93) + ' M1 1AEX');
    t.setContextData('long', 'd'.repeat(300));
    for (let n = 1; n <= 60; n++) t.addEvent('event' + n);
    t.send({ type: 'link', linkType: 'd', name: 'n'.repeat(300), url: 'https://x.localhost/' + 'u'.repeat(3000) });
    const q = last();
    expect(q.pageName).toHaveLength(100);
    expect(q.c75).toHaveLength(100);
    expect(q.v1).toHaveLength(255);
    expect(q.l1).toHaveLength(255);
    expect(q.g).toHaveLength(2047);
    expect(q.pev1).toHaveLength(2047);
    expect(q.pev2).toHaveLength(255);
    expect(q.long).toHaveLength(255);
    expect(q.v2).toBe('x'.repeat(254));
    // The cut makes a postcode of `M1 1AEX`; guarded again, then cut again, since the word is longer.
    expect(q.c5).toBe('x'.repeat(93) + ' postco');
    // An event list cut mid-name would count a different event: it is not capped.
    expect(q.events!.split(',')).toHaveLength(60);
  });
});

describe('events', () => {
  it('writes values and serials in Adobe syntax and keeps one entry per event', () => {
    const { t, last } = make();
    t.addEvent('event1');
    t.addEvent('event5', 3);
    t.addEvent('event20', undefined, 'serial-1!');
    t.addEvent('event14', 'not a number');
    t.addEvent('event15', '-2.50', 'x'.repeat(30));
    t.addEvent('event1', 2);
    t.send({ type: 'page' });
    expect(last().events).toBe(`event1=2,event5=3,event20:serial1,event14,event15:${'x'.repeat(20)}=-2.50`);
  });
});

describe('link hits', () => {
  it('sends pe, pev1 and pev2', () => {
    const { t, last } = make();
    t.send({ type: 'link', linkType: 'o', name: 'Find a Pharmacy', url: 'https://www.health.localhost/service-search' });
    expect(last()).toMatchObject({ pe: 'lnk_o', pev1: 'https://www.health.localhost/service-search', pev2: 'Find a Pharmacy' });
    t.send({ type: 'link', linkType: 'd', name: 'leaflet.pdf' });
    expect(last()).toMatchObject({ pe: 'lnk_d', pev2: 'leaflet.pdf' });
    expect(last()).not.toHaveProperty('pev1');
    t.send({ type: 'link', linkType: 'o', name: 42 as unknown as string });
    expect(last().pev2).toBe('42');
  });

  it('sends a link hit with sendBeacon, which outlives a navigation its click starts, unless the click cannot leave the page; page hits as images', () => {
    const { t } = make();
    t.send({ type: 'page' });
    t.send({ type: 'link', linkType: 'o', name: 'Find a Pharmacy' });
    t.send({ type: 'link', linkType: 'd', name: 'leaflet.pdf' });
    t.send({ type: 'link', linkType: 'e', name: 'GOV.UK', url: 'https://www.gov.uk/' });
    // A button's click (events/click.ts leavesPage false): an image, a third of a beacon's main-thread time.
    t.send({ type: 'link', linkType: 'o', name: 'Feedback: Yes', stays: true });
    // An image is heard as (url), a beacon as (url, body).
    expect(beacon.mock.calls.map((call) => (call.length == 1 ? 'image' : 'beacon'))).toEqual(['image', 'beacon', 'beacon', 'beacon', 'image']);
    expect(new URL(beacon.mock.calls[3]![0]).searchParams.get('pe')).toBe('lnk_e');
    expect(new URL(beacon.mock.calls[4]![0]).searchParams.get('pev2')).toBe('Feedback: Yes');
  });

  it('sends every variable set when linkTrackVars and linkTrackEvents are undefined', () => {
    const { t, last } = make();
    t.set('v17', 'a');
    t.set('c5', 'web');
    t.addEvent('event17');
    t.addEvent('event20');
    t.setContextData('x', '1');
    t.send({ type: 'link', linkType: 'o', name: 'n' });
    expect(last()).toMatchObject({ v17: 'a', c5: 'web', events: 'event17,event20', x: '1' });
  });

  it('keeps only the listed variables and events, and always pageName, g, r, cc and the technical fields', () => {
    const { t, last } = make();
    t.set('pageName', 'p');
    t.set('v17', 'a');
    t.set('v18', 'b');
    t.set('c5', 'web');
    t.set('ch', 'conditions');
    t.addEvent('event17');
    t.addEvent('event20', 2);
    t.setContextData('tool.name', 'bmi');
    t.setContextData('tool.stage', '2');
    t.setLinkTrackVars(['v17', 'c.tool.name']);
    t.setLinkTrackEvents(['event20']);
    t.send({ type: 'link', linkType: 'e', name: 'n', url: 'https://x.localhost/' });
    const q = last();
    expect(q).toMatchObject({ pageName: 'p', v17: 'a', events: 'event20=2', name: 'bmi', cc: 'GBP', g: location.href, pe: 'lnk_e' });
    for (const key of ['v18', 'c5', 'ch', 'stage']) expect(q).not.toHaveProperty(key);
    for (const key of ['mid', 's', 'c', 'k', 'bw', 'bh', 'pev1', 'pev2']) expect(q).toHaveProperty(key);
  });

  it('does not filter page hits', () => {
    const { t, last } = make();
    t.set('v18', 'b');
    t.addEvent('event1');
    t.setLinkTrackVars([]);
    t.setLinkTrackEvents([]);
    t.send({ type: 'page' });
    expect(last()).toMatchObject({ v18: 'b', events: 'event1' });
  });
});

describe('hits of their own (batch) and variables on every hit', () => {
  it('a batch collects the variables of a hit of its own; none reaches another hit', () => {
    const { t, last } = make();
    const search = t.batch();
    const click = t.batch();
    search.set('v10', 'chickenpox');
    search.addEvent('event2');
    click.set('v35', 'yes');
    click.addEvent('event25');
    click.send({ type: 'link', linkType: 'o', name: 'Feedback: Yes' });
    expect(last()).toMatchObject({ v35: 'yes', events: 'event25' });
    expect(last()).not.toHaveProperty('v10');
    t.send({ type: 'page' });
    expect(last()).not.toHaveProperty('v10');
    expect(last()).not.toHaveProperty('events');
    search.send({ type: 'page' });
    expect(last()).toMatchObject({ v10: 'chickenpox', events: 'event2' });
    expect(t.sent!).toHaveLength(3);
  });

  it('the every-hit variables go on every hit as they are when it is sent, link filters or not; a variable set for the hit wins', () => {
    let pageName = 'conditions:chickenpox';
    const { t, last } = make({ everyHit: () => [['pageName', pageName], ['c5', 'web'], ['v88', ''], ['c1', undefined]] });
    t.setLinkTrackVars(['v35']);
    t.set('v35', 'yes');
    t.send({ type: 'link', linkType: 'o', name: 'Feedback: Yes' });
    expect(last()).toMatchObject({ pageName: 'conditions:chickenpox', c5: 'web', v35: 'yes' });
    expect(last()).not.toHaveProperty('v88');
    expect(last()).not.toHaveProperty('c1');
    pageName = 'conditions:hives';
    t.set('c5', 'developer');
    t.send({ type: 'page' });
    expect(last()).toMatchObject({ pageName: 'conditions:hives', c5: 'developer' });
  });
});

describe('visitor id (mid)', () => {
  it('sends the id the identity gives', () => {
    const { t, last } = make();
    t.send({ type: 'page' });
    expect(last().mid).toBe('1'.repeat(38));
  });

  it('sends no id without the identity: no cookie of its own is read', () => {
    const t = createTracker(config, { log: logger() });
    t.send({ type: 'page' });
    expect(read(t.sent![0]!)).not.toHaveProperty('mid');
  });

  it('a hit that waits for the id leaves once, when the identity calls back, with the time it happened', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0, 0));
    const calls: Array<(id: string) => void> = [];
    const t = createTracker(config, { log: logger(), identity: { withId: (send) => void calls.push(send) } });
    t.set('pageName', 'first');
    t.send({ type: 'page' });
    t.set('pageName', 'second');
    t.send({ type: 'page' });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0, 30));
    expect(t.sent!).toEqual([]);
    calls[0]!('3'.repeat(38));
    calls[1]!('');
    vi.useRealTimers();
    expect(t.sent!.map((q) => [read(q).pageName, read(q).mid])).toEqual([
      ['first', '3'.repeat(38)],
      ['second', undefined],
    ]);
    expect(read(t.sent![0]!).t).toMatch(/^22\/10\/2026 9:0:0 /);
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it('asks the identity only for a hit that leaves: none for a hit consent drops', () => {
    const withId = vi.fn((send: (id: string) => void) => send('4'.repeat(38)));
    const t = createTracker(config, { log: logger(), gate: () => 'drop', identity: { withId } });
    t.send({ type: 'page' });
    expect(withId).not.toHaveBeenCalled();
    expect(t.sent!).toEqual([]);
  });
});

describe('consent (SPEC §4)', () => {
  const gated = () => {
    let decision: 'send' | 'wait' | 'drop' = 'wait';
    const { t, log } = make({ gate: () => decision });
    return { t, log, set: (d: typeof decision) => (decision = d) };
  };

  it('keeps hits in memory while the choice is pending and sends them, in order and with their own time, once Statistics is on', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0, 0));
    const { t, set } = gated();
    t.set('pageName', 'first');
    t.send({ type: 'page' });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 5, 0));
    t.set('pageName', 'second');
    t.send({ type: 'page' });
    expect(t.sent!).toEqual([]);
    expect(beacon).not.toHaveBeenCalled();
    t.release();
    expect(t.sent!).toEqual([]);
    set('send');
    t.release();
    vi.useRealTimers();
    expect(t.sent!.map((q) => read(q).pageName)).toEqual(['first', 'second']);
    expect(read(t.sent![0]!).t).toMatch(/^22\/10\/2026 9:0:0 /);
    // The identifier allowed when they leave goes with them.
    expect(read(t.sent![0]!).mid).toBe('1'.repeat(38));
    t.release();
    expect(t.sent!).toHaveLength(2);
  });

  it('drops the waiting hits and every later one when Statistics is off, except an exempt report', () => {
    const { t, set } = gated();
    t.send({ type: 'page' });
    set('drop');
    t.release();
    set('send');
    t.release();
    expect(t.sent!).toEqual([]);
    set('drop');
    t.send({ type: 'page' });
    t.send({ type: 'link', linkType: 'o', name: 'Cookies: Statistics Off', exempt: true });
    expect(t.sent!).toHaveLength(1);
    expect(read(t.sent![0]!)).toMatchObject({ pev2: 'Cookies: Statistics Off' });
    expect(read(t.sent![0]!)).not.toHaveProperty('mid');
  });

  it('keeps at most 50 waiting hits, the newest', () => {
    const { t, set } = gated();
    for (let i = 0; i < 60; i++) {
      t.set('c1', 'hit' + i);
      t.send({ type: 'page' });
    }
    set('send');
    t.release();
    expect(beacon).toHaveBeenCalledTimes(50);
    expect(read(t.sent![19]!).c1).toBe('hit59');
  });
});
