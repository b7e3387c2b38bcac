// @vitest-environment happy-dom
// What our container sends, read back by the collector: the runtime's encoder with arbitrary
// values, and the tracker and transport end to end (GET under 2047 characters, POST above).
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encode, type Pair } from '@tagwell/runtime/analytics/encode';
import { createTracker } from '@tagwell/runtime/analytics/tracker';
import { MAX_GET } from '@tagwell/runtime/analytics/transport';
import type { AnalyticsConfig, Logger } from '@tagwell/runtime/core/types';
import { longName } from '@tagwell/schema';
import { parseHit, privacyForProperties, rulesForProperties, scrubParsed, validateHit, type HitInput, type ParsedHit, type ValidationRules } from '../src/collector';
import { tntaItems, tntaOf } from '../src/experiments/hit-exposures';
import { HOST, parsed, repoProperty } from './collector-helpers';

const wellFormed = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed();
const PATH = '/b/ss/twprod,twglobal/1/TW-0.1.0/s4417293';

// Text heavy in what breaks query strings (as the runtime's own round-trip test).
const RESERVED = ['&', '=', '?', '#', '%', '+', '/', ':', ';', ',', ' ', '"', "'", '.', '%20', '%zz', 'c.', '.c', 'AQE=1', 'ŵ', '😀', '中文'];
const unit = fc.oneof(
  fc.constantFrom(...RESERVED),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const text = fc.string({ unit, maxLength: 30 });
const segment = fc.string({ unit, minLength: 1, maxLength: 6 }).filter((s) => !s.includes('.'));
const ctxKey = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segs) => segs.join('.'));

const KEYS = ['pageName', 'g', 'r', 'cc', 'ch', 'server', 'products', 'c1', 'c75', 'v0', 'v88', 'v250', 'h1', 'h5', 'l1', 'l3', 'pev1', 'pev2', 'mid', 'xact', 'pageType'];

const both = (query: string): [ParsedHit, ParsedHit] => [
  parsed({ method: 'GET', path: PATH, query, host: HOST }),
  parsed({ method: 'POST', path: PATH, query: '', body: query, contentType: 'application/x-www-form-urlencoded', host: HOST }),
];

describe('encode -> parseHit', () => {
  it('reads back arbitrary values in every kind of variable and in nested context data, from GET and POST alike', () => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(KEYS.map((k) => [k, text]))),
        fc.uniqueArray(fc.tuple(ctxKey, text), { maxLength: 6, selector: ([k]) => wellFormed(k) }),
        fc.option(fc.constantFrom('lnk_o', 'lnk_d', 'lnk_e'), { nil: undefined }),
        (vars, ctx, pe) => {
          const pairs: Pair[] = [...Object.entries(vars), ...ctx.map(([k, v]): Pair => ['c.' + k, v])];
          if (pe) pairs.push(['pe', pe]);
          const query = encode(pairs, new Date(2026, 0, 1, 9, 5, 7));
          const [hit, viaPost] = both(query);
          expect({ ...viaPost, method: 'GET' }).toEqual(hit);

          const expected: Record<string, string> = {};
          for (const [k, v] of Object.entries(vars)) if (v) expected[longName(k)!] = wellFormed(v);
          if (pe) expected.linkType = pe.slice(4);
          expect(hit.variables).toEqual(expected);
          expect(hit.contextData).toEqual(Object.fromEntries(ctx.filter(([, v]) => v).map(([k, v]) => [wellFormed(k), wellFormed(v)])));
          expect(hit.hitType).toBe(pe ? 'link' : 'page');
          expect(hit.linkType).toBe(pe ? pe.slice(4) : null);
          expect(hit.linkName).toBe(vars.pev2 ? wellFormed(vars.pev2) : null);
          expect(hit.linkUrl).toBe(vars.pev1 ? wellFormed(vars.pev1) : null);
          expect(hit.timestamp).toBe('1/0/2026 9:5:7 ' + new Date(2026, 0, 1).getDay() + ' ' + new Date(2026, 0, 1).getTimezoneOffset());
          expect(hit.technical).toMatchObject({ AQB: '1', ndh: '1', ce: 'UTF-8', AQE: '1' });
          expect(hit.unknown).toEqual({});
          expect(hit.duplicates).toEqual([]);
          expect(hit.keys[0]).toBe('AQB');
          expect(hit.keys.at(-1)).toBe('AQE');
        },
      ),
      { numRuns: 300 },
    );
  });

  const eventItem = fc.record(
    {
      name: fc.oneof(fc.integer({ min: 1, max: 1000 }).map((n) => 'event' + n), fc.constantFrom('prodView', 'scOpen', 'scAdd', 'scRemove', 'scView', 'scCheckout', 'purchase')),
      id: fc.stringMatching(/^[A-Za-z0-9]{1,20}$/),
      value: fc.oneof(fc.integer({ min: -1e6, max: 1e9 }).map(String), fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toFixed(2))),
    },
    { requiredKeys: ['name'] },
  );

  it('reads back events with serials and values, and accepts them when the SDR has them', () => {
    fc.assert(
      fc.property(fc.uniqueArray(eventItem, { minLength: 1, maxLength: 12, selector: (e) => e.name }), fc.record({ c1: text, v88: text }), (events, vars) => {
        const raw = events.map((e) => e.name + (e.id ? ':' + e.id : '') + (e.value !== undefined ? '=' + e.value : '')).join(',');
        const query = encode([['cc', 'GBP'], ['events', raw], ...Object.entries(vars)]);
        const [hit] = both(query);
        expect(hit.eventsRaw).toBe(raw);
        expect(hit.events).toEqual(events);
        expect(hit.variables.events).toEqual(events.map((e) => e.name));
        const rules: ValidationRules = {
          allowedKeys: new Set(['AQB', 'ndh', 't', 'ce', 'cc', 'events', 'c1', 'v88', 'AQE']),
          allowedEvents: new Set(events.map((e) => e.name)),
          currency: 'GBP',
          maxQueryLength: 65536,
        };
        expect(validateHit(hit, rules)).toEqual({ ok: true });
        const missing = { ...rules, allowedEvents: new Set(events.slice(1).map((e) => e.name)) };
        expect(validateHit(hit, missing)).toMatchObject({ ok: false, detail: `unknown event ${events[0]!.name}` });
      }),
      { numRuns: 300 },
    );
  });
});

// ---- The tracker and its transport, as a page sends a hit ----

const health = repoProperty('health-site');
const config: AnalyticsConfig = {
  trackingServer: health.settings.trackingServer,
  reportSuites: health.environments.production.reportSuites,
  currency: health.settings.currency,
  codeVersion: 'TW-0.1.0',
  postcodeMarked: ['c2', 'v10', 'v11'],
  deniedParams: health.settings.privacy.deniedQueryParams,
};
const log: Logger = { log() {}, info() {}, warn() {}, error() {}, debug() {}, history: [] };
/** The visitor identity, as a page whose cookie holds the id. */
const identity = { withId: (send: (id: string) => void) => send('1'.repeat(38)) };

// What the page hands to the browser: sendBeacon calls (long hits, unload) and image requests (the rest).
type Sent = { via: 'beacon'; url: string; data?: BodyInit | null } | { via: 'image'; url: string };
let sent: Sent[];
const realImage = globalThis.Image;
beforeEach(() => {
  sent = [];
  const beacon = (url: string, data?: BodyInit | null) => (sent.push({ via: 'beacon', url, data }), true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  globalThis.Image = class {
    set src(url: string) {
      sent.push({ via: 'image', url });
    }
  } as unknown as typeof Image;
});
afterEach(() => {
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  globalThis.Image = realImage;
});

/** The request the collector gets for the last hit: an image GET, a bodiless POST with the query in the URL, or a POST with a form body. */
async function request(): Promise<HitInput> {
  const last = sent.at(-1)!;
  const { pathname, search, host } = new URL(last.url);
  if (last.via === 'image') return { method: 'GET', path: pathname, query: search.slice(1), host };
  // navigator.sendBeacon(url) without data: a bodiless POST with no Content-Type.
  if (!last.data) return { method: 'POST', path: pathname, query: search.slice(1), host };
  const blob = last.data as Blob;
  return { method: 'POST', path: pathname, query: search.slice(1), body: await blob.text(), contentType: blob.type, host };
}

describe('tracker -> transport -> parseHit -> validateHit, on the health site\'s SDR', () => {
  const rules = rulesForProperties([health]);

  it('accepts a page view sent as an image GET', async () => {
    const t = createTracker(config, { log, identity });
    t.set('pageName', 'nhs:conditions:hives');
    t.set('ch', 'conditions');
    t.set('c1', 'conditions');
    t.set('v88', 'Hives: symptoms & treatment');
    t.addEvent('event1');
    t.addEvent('event5', 2, 'abc123');
    t.setContextData('tool.bpReadingProvided', 'yes');
    t.send({ type: 'page' });
    const input = await request();
    expect(input.method).toBe('GET');
    expect(input.body).toBeUndefined();
    expect(input.path).toMatch(/^\/b\/ss\/nhsukprod\/1\/TW-0\.1\.0\/s\d+$/);
    const hit = parsed(input);
    expect(hit.query).toBe(t.sent![0]);
    expect(hit.reportSuites).toEqual(['nhsukprod']);
    expect(hit.variables).toMatchObject({
      pageName: 'nhs:conditions:hives', channel: 'conditions', prop1: 'conditions', eVar88: 'Hives: symptoms & treatment',
      currencyCode: 'GBP', pageURL: location.href, events: ['event1', 'event5'], marketingCloudVisitorID: '1'.repeat(38),
    });
    expect(hit.events).toEqual([{ name: 'event1' }, { name: 'event5', id: 'abc123', value: '2' }]);
    expect(hit.contextData).toEqual({ 'tool.bpReadingProvided': 'yes' });
    expect(validateHit(hit, rules)).toEqual({ ok: true });
    expect(scrubParsed(hit, privacyForProperties([health]))).toEqual(hit);
  });

  it(`accepts a hit over ${MAX_GET} characters sent as a POST form body`, async () => {
    const t = createTracker(config, { log, identity });
    t.set('pageName', 'nhs:search');
    for (const key of ['v12', 'v13', 'v14', 'v17', 'v18', 'v20', 'v21', 'v22', 'v23', 'v24']) t.set(key, 'ŵ'.repeat(40) + ' ' + key);
    t.send({ type: 'page' });
    const input = await request();
    expect(input.method).toBe('POST');
    expect(input.contentType).toBe('application/x-www-form-urlencoded');
    const hit = parsed(input);
    expect(hit.query.length).toBeGreaterThan(MAX_GET);
    expect(hit.variables.eVar24).toBe('ŵ'.repeat(40) + ' v24');
    expect(validateHit(hit, rules)).toEqual({ ok: true });
  });

  it('accepts a link hit', async () => {
    const t = createTracker(config, { log, identity });
    t.addEvent('event2');
    t.send({ type: 'link', linkType: 'd', name: 'Download: leaflet', url: 'https://www.health.localhost/leaflet.pdf' });
    const hit = parsed(await request());
    expect(hit).toMatchObject({ hitType: 'link', linkType: 'd', linkName: 'Download: leaflet', linkUrl: 'https://www.health.localhost/leaflet.pdf' });
    expect(validateHit(hit, rules)).toEqual({ ok: true });
  });

  it('accepts the link hit that reports the activities and experiences shown, and keeps its tnta (issue 15 item 4)', async () => {
    const t = createTracker(config, { log, identity });
    t.set('tnta', '1001:1:0|2,3101:0:0|2');
    t.send({ type: 'link', linkType: 'o', name: 'Personalisation display' });
    const hit = parsed(await request());
    expect(hit).toMatchObject({ hitType: 'link', linkType: 'o', linkName: 'Personalisation display', technical: { tnta: '1001:1:0|2,3101:0:0|2' }, unknown: {} });
    expect(validateHit(hit, rules)).toEqual({ ok: true });
    const stored = scrubParsed(hit, privacyForProperties([health]));
    expect(tntaItems(tntaOf(stored.query)!)).toEqual([
      { activity: 1001, experience: 1 },
      { activity: 3101, experience: 0 },
    ]);
  });

  it('refuses what the health site does not send', async () => {
    const t = createTracker(config, { log, identity });
    t.set('v5', 'x');
    t.addEvent('event4');
    t.send({ type: 'page' });
    const verdict = validateHit(parsed(await request()), rules);
    expect(verdict).toMatchObject({ ok: false, status: 400, detail: 'unknown variable v5 (eVar5); unknown event event4' });
  });
});

it('parseHit reads the GET the transport builds, path and query apart', () => {
  const query = encode([['pageName', 'x']]);
  expect(parseHit({ method: 'GET', path: PATH, query, host: HOST })).toMatchObject({ ok: true, variables: { pageName: 'x' } });
});
