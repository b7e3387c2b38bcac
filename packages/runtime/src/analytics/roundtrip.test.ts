// @vitest-environment happy-dom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsConfig, Logger } from '../core/types';
import { encode, type Pair } from './encode';
import { createTracker } from './tracker';

// ---- An independent decoder of the Adobe image-request query (CONTRACT §4) ----

interface Decoded {
  /** Top-level keys in order, context-data markers included as `c.` / `.c`. */
  keys: string[];
  vars: Record<string, string>;
  contextData: Record<string, string>;
}

function decode(query: string): Decoded {
  const out: Decoded = { keys: [], vars: {}, contextData: {} };
  const stack: string[] = [];
  for (const part of query.split('&')) {
    const [rawKey, rawValue, ...extra] = part.split('=');
    expect(extra).toEqual([]);
    const key = decodeURIComponent(rawKey!);
    if (rawValue === undefined) {
      // A marker: `name.` opens a level, `.name` closes the level opened last.
      if (key.endsWith('.')) stack.push(key.slice(0, -1));
      else if (key.startsWith('.')) expect(stack.pop()).toBe(key.slice(1));
      else throw new Error(`bare key ${key}`);
      if (stack.length <= 1 && (key === 'c.' || key === '.c')) out.keys.push(key);
      continue;
    }
    const value = decodeURIComponent(rawValue);
    if (stack.length === 0) {
      expect(out.vars).not.toHaveProperty(key);
      out.keys.push(key);
      out.vars[key] = value;
    } else {
      expect(stack[0]).toBe('c');
      out.contextData[[...stack.slice(1), key].join('.')] = value;
    }
  }
  expect(stack).toEqual([]);
  return out;
}

const wellFormed = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed();

// ---- Arbitrary text heavy in what breaks query strings ----

const RESERVED = ['&', '=', '?', '#', '%', '+', '/', ':', ';', ',', ' ', '"', "'", '.', '%20', '%zz', 'ŵ', 'ŷ', '😀', '中文', '한'];
const unit = fc.oneof(
  fc.constantFrom(...RESERVED),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const text = fc.string({ unit, maxLength: 30 });
const segment = fc.string({ unit, minLength: 1, maxLength: 6 }).filter((s) => !s.includes('.'));
const ctxKey = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segs) => segs.join('.'));

describe('encode -> independent decoder', () => {
  it('round-trips arbitrary strings in every kind of variable and in nested context data', () => {
    const keys = ['pageName', 'g', 'r', 'cc', 'ch', 'server', 'events', 'products', 'c1', 'c75', 'v0', 'v88', 'v250', 'h1', 'h5', 'l1', 'l3', 'pe', 'pev1', 'pev2', 'mid'];
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(keys.map((k) => [k, text]))),
        fc.uniqueArray(fc.tuple(ctxKey, text), { maxLength: 6, selector: ([k]) => wellFormed(k) }),
        (vars, ctx) => {
          const pairs: Pair[] = [...Object.entries(vars), ...ctx.map(([k, v]): Pair => ['c.' + k, v])];
          const got = decode(encode(pairs, new Date(2026, 0, 1)));
          for (const [k, v] of Object.entries(vars)) {
            if (v) expect(got.vars[k]).toBe(wellFormed(v));
            else expect(got.vars).not.toHaveProperty(k);
          }
          const expectedCtx = Object.fromEntries(ctx.filter(([, v]) => v).map(([k, v]) => [wellFormed(k), wellFormed(v)]));
          expect(got.contextData).toEqual(expectedCtx);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replaces lone surrogates by U+FFFD and keeps pairs whole', () => {
    const got = decode(encode([['v1', 'a\uD83Db\uDE00c😀'], ['c.x\uDC00', '\uD800']]));
    expect(got.vars.v1).toBe('a\uFFFDb\uFFFDc😀');
    expect(got.contextData).toEqual({ 'x\uFFFD': '\uFFFD' });
  });
});

// ---- Every variable type through the tracker, the privacy guard and the transport ----

const config: AnalyticsConfig = {
  trackingServer: 'metrics.health.localhost',
  reportSuites: ['twprod'],
  currency: 'GBP',
  codeVersion: 'TW-0.1.0',
  postcodeMarked: [],
  deniedParams: [],
};
const log: Logger = { log() {}, info() {}, warn() {}, error() {}, debug() {}, history: [] };

// Values with no postcode, e-mail or NHS number in them, which the privacy guard would rightly change.
const TRICKY = ` ŵŷ 😀 中文 & = ? # % + / : ; , "dq" 'sq'`;

describe('tracker -> independent decoder', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => true), configurable: true });
  });
  afterEach(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('round-trips every variable type of a page hit', () => {
    const t = createTracker(config, { log, identity: { withId: (send) => send('12345678901234567890123456789012345678') } });
    const expected: Record<string, string> = {};
    const put = (key: string, value: string) => {
      t.set(key, value);
      expected[key] = value;
    };
    put('pageName', 'conditions:chickenpox' + TRICKY);
    put('g', 'https://www.health.localhost/conditions/ŵ?q=a%20b&x=😀#top');
    put('r', 'https://search.example/?q=chickenpox+rash');
    put('ch', 'conditions' + TRICKY);
    put('server', 'www.health.localhost');
    put('products', ';bmi tool;1;0.00,;heart age;;');
    for (let n = 1; n <= 75; n++) put('c' + n, `p${n}${TRICKY}`);
    for (let n = 0; n <= 250; n++) put('v' + n, `e${n}${TRICKY}`);
    for (let n = 1; n <= 5; n++) put('h' + n, `a|b|${n}`);
    for (let n = 1; n <= 3; n++) put('l' + n, `x,y,${n}`);
    t.set('v99', 'lone \uD83D surrogate');
    expected.v99 = 'lone \uFFFD surrogate';
    t.addEvent('event1');
    t.addEvent('event5', 3);
    t.addEvent('event20', undefined, 'serial1');
    t.addEvent('event17', '2.5', 'abc');
    t.setContextData('tool.name', 'bmi ŵ');
    t.setContextData('tool.stage', 2);
    t.setContextData('tool.result.band', 'healthy 中');
    t.setContextData('a', 'x&y=z');
    t.send({ type: 'page' });

    expect(t.sent!).toHaveLength(1);
    const got = decode(t.sent![0]!);
    for (const [k, v] of Object.entries(expected)) expect(got.vars[k], k).toBe(v);
    expect(got.vars.cc).toBe('GBP');
    expect(got.vars.mid).toBe('12345678901234567890123456789012345678');
    expect(got.vars.events).toBe('event1,event5=3,event20:serial1,event17:abc=2.5');
    expect(got.contextData).toEqual({ 'tool.name': 'bmi ŵ', 'tool.stage': '2', 'tool.result.band': 'healthy 中', a: 'x&y=z' });
    expect(got.vars).not.toHaveProperty('pe');
  });

  it('round-trips the link fields', () => {
    const t = createTracker(config, { log, gate: () => 'drop' });
    t.send({ type: 'link', linkType: 'e', name: 'Survey: Agree & "close" 😀', url: 'https://vendor.localhost/survey?a=1&b=ŷ', exempt: true });
    const got = decode(t.sent![0]!);
    expect(got.vars.pe).toBe('lnk_e');
    expect(got.vars.pev1).toBe('https://vendor.localhost/survey?a=1&b=ŷ');
    expect(got.vars.pev2).toBe('Survey: Agree & "close" 😀');
    expect(got.vars).not.toHaveProperty('mid');
  });
});
