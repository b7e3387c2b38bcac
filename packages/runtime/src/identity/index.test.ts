// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sendBeacon from '../actions/send-beacon';
import consentState from '../analytics/consent';
import directCall from '../events/direct-call';
import { act, ANALYTICS, element, flushMicrotasks, logged, makeConfig, makeRule, on, resetPage, setUrl, startContainer, stubBeacon, stubRequests, watchPageErrors, type SentRequest, type TestSatellite } from '../core/test-helpers';
import type { ContainerConfig, IdentityConfig } from '../core/types';
import createIdentity from './index';
import { parseState, serialiseState } from './state';

// The visitor identity in a page (docs/IDENTITY.md): the id only with the Statistics choice on, kept in
// one cookie, asked for only when missing or expired, a hit waiting for it at most the load timeout.

const ID = '12345678901234567890123456789012345678';
const OTHER = '98765432109876543210987654321098765432';
const SERVICE = 'http://id.test.localhost/id/v1/';

let beacon: ReturnType<typeof stubBeacon>;
let choice: { status: string; statistics: string };
let answers: Array<unknown | Promise<unknown>>;
let sent: SentRequest[];
const requests = () => sent.map(({ url, method, body, credentials }) => ({ url, method, body: body ?? undefined, credentials }));

beforeEach(() => {
  resetPage();
  beacon = stubBeacon();
  choice = { status: 'complete', statistics: 'on' };
  answers = [];
  // Each request takes the next answer: an object is its JSON, an Error a network failure, a promise a slow service.
  sent = stubRequests(() => answers.shift());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const visitorAnswer = (mid = ID, extra: Record<string, unknown> = {}) => ({ mid, locationHint: 6, blob: 'opaqueBlob_1', ttl: 604800, optOut: false, optOutTtl: 7200, ...extra });

function start(identity: Partial<IdentityConfig> = {}, extra: Partial<ContainerConfig> = {}): TestSatellite {
  return startContainer(
    makeConfig({
      analytics: ANALYTICS,
      dataElements: {
        'Consent Status': element('custom', () => choice.status),
        'Consent Statistics': element('custom', () => choice.statistics),
      },
      consent: { module: consentState, status: 'Consent Status', statistics: 'Consent Statistics', changeEvent: 'consent-changed' },
      identity: {
        module: createIdentity,
        server: 'id.test.localhost',
        cookie: 'tw_id',
        loadTimeout: 30_000,
        handshakeTimeout: 250,
        urlParameter: 'tw_mc',
        crossDomainHosts: ['*.test.localhost', 'partner.example.org'],
        ...identity,
      },
      rules: [makeRule('Page', { events: [on('direct-call', directCall, { id: 'page' })], actions: [act('send-beacon', sendBeacon, { type: 'page' })] })],
      ...extra,
    }),
  );
}

const hits = () => beacon.hits().map((hit) => Object.fromEntries(hit));
const cookie = () => /(?:^|; )tw_id=([^;]*)/.exec(document.cookie)?.[1];
const state = () => parseState(decodeURIComponent(cookie() ?? ''));
const now = () => Math.floor(Date.now() / 1000);
const writeState = (fields: Parameters<typeof serialiseState>[0]) => (document.cookie = `tw_id=${encodeURIComponent(serialiseState(fields))}; path=/`);
const changeChoice = (statistics: 'on' | 'off') => {
  choice = { status: 'changed', statistics };
  document.dispatchEvent(new CustomEvent('consent-changed'));
};

describe('before the Statistics choice allows it (CONTRACT §5)', () => {
  it('reads, writes and asks for nothing, and the hits that wait for the choice carry no id', async () => {
    choice = { status: 'pending', statistics: '' };
    writeState({ mid: OTHER, ttl: now() + 1000, oo: now() + 1000 });
    const readCookie = vi.spyOn(document, 'cookie', 'get');
    const satellite = start();
    satellite.track('page');
    await flushMicrotasks();
    expect(sent).toHaveLength(0);
    expect(satellite.getVisitorId()!.getMarketingCloudVisitorID()).toBe('');
    expect(readCookie).not.toHaveBeenCalled();
    expect(hits()).toEqual([]);
  });

  it('with Statistics off: hits carry no id, and a cookie left from before is removed', async () => {
    choice = { status: 'complete', statistics: 'off' };
    writeState({ mid: OTHER, ttl: now() + 1000, oo: now() + 1000 });
    start();
    await flushMicrotasks();
    expect(cookie()).toBeUndefined();
    expect(sent).toHaveLength(0);
  });
});

describe('with the Statistics choice on', () => {
  it('asks the consent gate twice for a hit that carries the id: whether it leaves, and whether its id may go', async () => {
    writeState({ mid: ID, ttl: now() + 1000, oo: now() + 1000 });
    const satellite = start();
    await flushMicrotasks();
    let asked = 0;
    choice = {
      status: 'complete',
      get statistics() {
        asked++;
        return 'on';
      },
    };
    satellite.track('page');
    await flushMicrotasks();
    expect(hits().map((hit) => hit.mid)).toEqual([ID]);
    expect(asked).toBe(2);
  });

  it('a first visit asks the service once; the page view waits for the id, then carries it; the cookie keeps it', async () => {
    answers.push(visitorAnswer());
    const satellite = start();
    expect(requests()).toEqual([{ url: `${SERVICE}visitor?container=0`, method: 'GET', body: undefined, credentials: 'include' }]);
    satellite.track('page');
    await flushMicrotasks();
    expect(hits()).toHaveLength(1);
    expect(hits()[0]!.mid).toBe(ID);
    const kept = state();
    expect(kept).toMatchObject({ mid: ID, lh: '6', blob: 'opaqueBlob_1' });
    expect(kept.ttl! - now()).toBeGreaterThan(604_790);
    expect(kept.oo! - now()).toBeGreaterThan(7_190);
    expect(satellite.getVisitorId()!.getLocationHint()).toBe('6');
    expect(satellite.getVisitorId()!.getAudienceManagerBlob()).toBe('opaqueBlob_1');
    expect(sent).toHaveLength(1);
  });

  it('writes one cookie for 33696000 s (SPEC §9), never over 649 characters', async () => {
    answers.push(visitorAnswer(ID, { blob: 'b'.repeat(256) }));
    const writes: string[] = [];
    const setter = vi.spyOn(document, 'cookie', 'set');
    setter.mockImplementation(function (this: Document, value: string) {
      writes.push(value);
    });
    start();
    await flushMicrotasks();
    setter.mockRestore();
    const written = writes.filter((w) => w.startsWith('tw_id='));
    expect(written).toHaveLength(1);
    const expires = Date.parse(/expires=([^;]+)/.exec(written[0]!)![1]!);
    expect(Math.round((expires - Date.now()) / 1000 / 86_400)).toBe(390);
    // The longest value the cookie can hold: every field at its longest form.
    const longest = `tw_id=${encodeURIComponent(serialiseState({ mid: ID, lh: '99999', blob: 'b'.repeat(256), ttl: 99999999999, oo: 99999999999, cid: 'z'.repeat(13), cidts: 99999999999 }))}`;
    expect(longest.length).toBeLessThanOrEqual(649);
  });

  it('asks nothing while the cookie holds: the hit carries the id at once', async () => {
    writeState({ mid: OTHER, lh: '6', blob: 'x', ttl: now() + 100, oo: now() + 100 });
    const satellite = start();
    satellite.track('page');
    expect(hits()[0]!.mid).toBe(OTHER);
    expect(sent).toHaveLength(0);
  });

  it('an expired hint and blob are renewed for the same id meanwhile; the hit does not wait', async () => {
    writeState({ mid: OTHER, lh: '6', blob: 'x', ttl: now() - 1, oo: now() - 1 });
    answers.push(visitorAnswer(OTHER, { blob: 'renewed' }));
    const satellite = start();
    satellite.track('page');
    expect(hits()[0]!.mid).toBe(OTHER);
    expect(requests()[0]!.url).toBe(`${SERVICE}visitor?container=0&mid=${OTHER}`);
    await flushMicrotasks();
    expect(state()).toMatchObject({ mid: OTHER, blob: 'renewed' });
  });

  it('an expired opt-out answer is asked again; an opt-out removes the id for later hits', async () => {
    writeState({ mid: OTHER, ttl: now() + 100, oo: now() - 1 });
    answers.push({ optOut: true, optOutTtl: 7200 });
    const satellite = start();
    expect(requests()[0]!.url).toBe(`${SERVICE}opt-out`);
    await flushMicrotasks();
    expect(state()).toEqual({ oo: expect.any(Number) });
    satellite.track('page');
    expect(hits().at(-1)).not.toHaveProperty('mid');
  });

  it('a visitor who opted out gets no id; the answer is kept for the opt-out lifetime, with no request', async () => {
    answers.push({ optOut: true, optOutTtl: 7200 });
    let satellite = start();
    satellite.track('page');
    await flushMicrotasks();
    expect(hits()[0]).not.toHaveProperty('mid');
    expect(cookie()).not.toContain('MID');
    // The next page: nothing asked.
    resetPage();
    beacon = stubBeacon();
    document.cookie = `tw_id=${encodeURIComponent(serialiseState({ oo: now() + 7000 }))}; path=/`;
    sent.length = 0;
    satellite = start();
    satellite.track('page');
    expect(sent).toHaveLength(0);
    expect(hits()[0]).not.toHaveProperty('mid');
  });

  it('ids differ between visitors: each keeps the one the service minted for it', async () => {
    answers.push(visitorAnswer(ID));
    start().track('page');
    await flushMicrotasks();
    resetPage();
    beacon = stubBeacon();
    answers.push(visitorAnswer(OTHER));
    start().track('page');
    await flushMicrotasks();
    expect(hits()[0]!.mid).toBe(OTHER);
  });

  it('ignores an answer that does not look right: no id, hits sent without one', async () => {
    answers.push({ mid: '123', locationHint: 'x' });
    const satellite = start();
    satellite.track('page');
    await flushMicrotasks();
    expect(hits()).toHaveLength(1);
    expect(hits()[0]).not.toHaveProperty('mid');
    expect(cookie()).toBeUndefined();
  });
});

describe('waiting for the id (SPEC §9: load timeout 30000 ms)', () => {
  it('service down: the hit goes without an id at once, and no page error', async () => {
    const errors = watchPageErrors();
    answers.push(new TypeError('Failed to fetch'));
    const satellite = start();
    satellite.track('page');
    await flushMicrotasks();
    expect(hits()).toHaveLength(1);
    expect(hits()[0]).not.toHaveProperty('mid');
    expect(errors).toEqual([]);
  });

  it('service slow: the hit waits the load timeout, then leaves once without the id; the late answer is not taken', async () => {
    vi.useFakeTimers();
    let answer!: (value: unknown) => void;
    answers.push(new Promise((resolve) => (answer = resolve)));
    const satellite = start({ loadTimeout: 2_000 });
    satellite.track('page');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(hits()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(hits()).toHaveLength(1);
    expect(hits()[0]).not.toHaveProperty('mid');
    answer(visitorAnswer());
    await vi.advanceTimersByTimeAsync(10);
    // The request was given up at the timeout: the late answer is not taken, and the first hit is not sent again.
    expect(hits()).toHaveLength(1);
    satellite.track('page');
    expect(hits()).toHaveLength(2);
    expect(logged(satellite, 'debug').some((m) => /^Identity: a hit waited 2000 ms for the id$/.test(m))).toBe(true);
  });

  it('hits that wait leave in order, once each, when the id comes', async () => {
    let answer!: (value: unknown) => void;
    answers.push(new Promise((resolve) => (answer = resolve)));
    const satellite = start();
    satellite.track('page');
    satellite.track('page');
    await flushMicrotasks();
    expect(hits()).toEqual([]);
    answer(visitorAnswer());
    await flushMicrotasks();
    expect(hits().map((h) => h.mid)).toEqual([ID, ID]);
  });

  it('a page going away sends its waiting hits at once, without the id', async () => {
    answers.push(new Promise(() => undefined));
    const satellite = start();
    satellite.track('page');
    window.dispatchEvent(new Event('pagehide'));
    expect(hits()).toHaveLength(1);
    expect(hits()[0]).not.toHaveProperty('mid');
  });
});

describe('handshake (SPEC §9: 250 ms)', () => {
  /** This page as a frame of `origin`, whose container answers `reply` (or nothing). */
  function framedBy(origin: string, reply?: Record<string, unknown>) {
    const asked: unknown[] = [];
    const parentWindow = {
      postMessage(message: unknown) {
        asked.push(message);
        if (reply) queueMicrotask(() => window.dispatchEvent(new MessageEvent('message', { data: { source: 'tagwell-identity', type: 'id', state: reply }, origin, source: parentWindow as unknown as Window })));
      },
    };
    vi.stubGlobal('parent', parentWindow);
    return asked;
  }

  it('a frame asks the page around it first, and takes its id without asking the service', async () => {
    const asked = framedBy('http://www.test.localhost:8080', { mid: OTHER, lh: '6', ttl: now() + 100, oo: now() + 100 });
    const satellite = start();
    satellite.track('page');
    await flushMicrotasks();
    expect(asked).toEqual([{ source: 'tagwell-identity', type: 'ask' }]);
    expect(hits()[0]!.mid).toBe(OTHER);
    expect(sent).toHaveLength(0);
    expect(state().mid).toBe(OTHER);
  });

  it('asks the service after 250 ms without an answer, or when the page around it is not a trusted host', async () => {
    vi.useFakeTimers();
    framedBy('http://www.test.localhost');
    answers.push(visitorAnswer());
    start();
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    vi.useRealTimers();

    resetPage();
    beacon = stubBeacon();
    framedBy('https://evil.example', { mid: OTHER, ttl: now() + 100, oo: now() + 100 });
    answers.push(visitorAnswer());
    const satellite = start({ handshakeTimeout: 20 });
    satellite.track('page');
    await new Promise((resolve) => setTimeout(resolve, 40));
    await flushMicrotasks();
    expect(hits()[0]!.mid).toBe(ID);
  });
});

describe('answering frames', () => {
  const ask = (source: unknown, origin: string) =>
    window.dispatchEvent(new MessageEvent('message', { data: { source: 'tagwell-identity', type: 'ask' }, origin, source: source as Window }));

  it("answers its own frames on trusted hosts, with the Statistics choice on; nobody else", async () => {
    writeState({ mid: ID, lh: '6', ttl: now() + 100, oo: now() + 100 });
    const replies: Array<[unknown, string]> = [];
    const child = { postMessage: (message: unknown, origin: string) => replies.push([message, origin]) };
    const stranger = { postMessage: (message: unknown, origin: string) => replies.push([message, origin]) };
    vi.stubGlobal('frames', [child]);
    start();
    ask(child, 'http://partner.example.org');
    ask(child, 'https://evil.example');
    ask(stranger, 'http://partner.example.org');
    expect(replies).toEqual([[{ source: 'tagwell-identity', type: 'id', state: { mid: ID, lh: '6', ttl: expect.any(Number), oo: expect.any(Number) } }, 'http://partner.example.org']]);
    changeChoice('off');
    ask(child, 'http://partner.example.org');
    expect(replies).toHaveLength(1);
  });
});

describe('the choice made or withdrawn on the page (SPEC §4)', () => {
  it('made: hits that waited for it leave with the id the service gives then', async () => {
    choice = { status: 'pending', statistics: '' };
    answers.push(visitorAnswer());
    const satellite = start();
    satellite.track('page');
    await flushMicrotasks();
    expect(sent).toHaveLength(0);
    changeChoice('on');
    await flushMicrotasks();
    expect(hits().map((h) => h.mid)).toEqual([ID]);
  });

  it('withdrawn: the cookie goes, and no later hit carries the id', async () => {
    writeState({ mid: ID, ttl: now() + 100, oo: now() + 100 });
    const satellite = start();
    satellite.track('page');
    expect(hits()[0]!.mid).toBe(ID);
    changeChoice('off');
    expect(cookie()).toBeUndefined();
    expect(satellite.getVisitorId()!.getMarketingCloudVisitorID()).toBe('');
    expect(satellite.getVisitorId()!.appendVisitorIDsTo('http://partner.example.org/')).toBe('http://partner.example.org/');
  });
});

describe('path exclusions', () => {
  it("on an excluded path the identity does not load; _satellite's calls say the instance cannot be found", async () => {
    setUrl('http://localhost:3000/a3f9c2e1');
    writeState({ mid: ID, ttl: now() + 100, oo: now() + 100 });
    const satellite = start({ pathExclusions: ['^/a[0-9a-f]{7}$'] });
    expect(logged(satellite, 'warn')).toContain('MCID library not loaded. One of the path exclusions matches the current path.');
    expect(satellite.getVisitorId()).toBeUndefined();
    satellite.setCustomerIDs({ stitching: { id: 'abcdef123456', authState: 1 } });
    expect(logged(satellite, 'warn').filter((m) => m === 'MCID instance cannot be found')).toHaveLength(2);
    satellite.track('page');
    expect(hits()[0]).not.toHaveProperty('mid');
    expect(sent).toHaveLength(0);
  });

  it('a container without the identity says the same, and returns nothing', () => {
    const satellite = startContainer(makeConfig({ analytics: ANALYTICS }));
    expect(satellite.getVisitorId()).toBeUndefined();
    expect(satellite.setCustomerIDs({ a: 'b' })).toBeUndefined();
    expect(logged(satellite, 'warn')).toEqual(['MCID instance cannot be found', 'MCID instance cannot be found']);
  });
});

describe('URL-passed id (SPEC §9: valid 5 minutes)', () => {
  const passed = (mid: string, ts: number) => `tw_mc=${encodeURIComponent(`TS=${ts}|MCMID=${mid}`)}`;

  it('a fresh one is adopted and leaves the address; no hit reports it', async () => {
    writeState({ mid: ID, ttl: now() + 100, oo: now() + 100 });
    setUrl(`http://localhost:3000/page?a=1&${passed(OTHER, now() - 299)}#top`);
    answers.push(visitorAnswer(OTHER));
    const satellite = start();
    satellite.track('page');
    expect(hits()[0]!.mid).toBe(OTHER);
    expect(location.href).toBe('http://localhost:3000/page?a=1#top');
    expect(hits()[0]!.g).toBe('http://localhost:3000/page?a=1#top');
    expect(state().mid).toBe(OTHER);
    // Its hint, blob and opt-out answer are asked for the adopted id.
    expect(requests()[0]!.url).toBe(`${SERVICE}visitor?container=0&mid=${OTHER}`);
  });

  it('an expired or malformed one is ignored (and still leaves the address)', async () => {
    for (const query of [passed(OTHER, now() - 301), passed(OTHER, now() + 3600), passed('123', now()), 'tw_mc=MCMID%3D' + OTHER, 'tw_mc=%E0%A4%A']) {
      resetPage();
      beacon = stubBeacon();
      writeState({ mid: ID, ttl: now() + 100, oo: now() + 100 });
      setUrl(`http://localhost:3000/page?${query}`);
      const satellite = start();
      satellite.track('page');
      expect(hits()[0]!.mid, query).toBe(ID);
      expect(location.search).toBe('');
    }
  });

  it('is not adopted by a visitor whose opt-out answer holds', () => {
    writeState({ oo: now() + 100 });
    setUrl(`http://localhost:3000/page?${passed(OTHER, now())}`);
    const satellite = start();
    satellite.track('page');
    expect(hits()[0]).not.toHaveProperty('mid');
    expect(state()).toEqual({ oo: expect.any(Number) });
    expect(sent).toHaveLength(0);
    expect(location.search).toBe('');
  });

  it('is appended to links to the trusted hosts outside the cookie domain, and to no other', () => {
    writeState({ mid: ID, ttl: now() + 100, oo: now() + 100 });
    start({}, { cookieDomain: 'localhost' });
    document.body.innerHTML = '<a id="p" href="http://partner.example.org/x?y=1#h">p</a><a id="s" href="http://www.test.localhost/">s</a><a id="o" href="https://elsewhere.example/">o</a>';
    for (const id of ['p', 's', 'o']) {
      const link = document.getElementById(id)!;
      link.addEventListener('click', (e) => e.preventDefault());
      link.click();
    }
    const href = (document.getElementById('p') as HTMLAnchorElement).href;
    const url = new URL(href);
    expect(url.searchParams.get('y')).toBe('1');
    expect(url.hash).toBe('#h');
    expect(url.searchParams.get('tw_mc')).toMatch(new RegExp(`^TS=\\d+\\|MCMID=${ID}$`));
    expect(Math.abs(Number(/TS=(\d+)/.exec(url.searchParams.get('tw_mc')!)![1]) - now())).toBeLessThan(5);
    expect((document.getElementById('s') as HTMLAnchorElement).href).not.toContain('tw_mc');
    expect((document.getElementById('o') as HTMLAnchorElement).href).toBe('https://elsewhere.example/');
  });
});

describe('customer ids (SPEC §9: at most once per id sync interval)', () => {
  it('not before the choice; then once a day while unchanged; a refusal is logged with its reason', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    choice = { status: 'pending', statistics: '' };
    const satellite = start();
    satellite.getVisitorId()!.setCustomerIDs({ stitching: { id: 'abcdef123456', authState: 1 }, crm: 'x' });
    expect(sent).toHaveLength(0);
    answers.push(visitorAnswer(), { accepted: ['stitching'], rejected: [{ type: 'crm', reason: 'unknown type' }] });
    changeChoice('on');
    await flushMicrotasks();
    const post = requests().find((r) => r.method === 'POST')!;
    expect(post.url).toBe(`${SERVICE}customer-ids`);
    expect(JSON.parse(String(post.body))).toEqual({ customerIds: { stitching: { id: 'abcdef123456', authState: 1 }, crm: { id: 'x', authState: 0 } } });
    expect(logged(satellite, 'warn')).toContain('Rejected these customer ids crm: unknown type');
    // The same ids again the same day: nothing sent; the next day, sent again.
    satellite.setCustomerIDs({ stitching: { id: 'abcdef123456', authState: 1 }, crm: 'x' });
    await flushMicrotasks();
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    vi.setSystemTime(Date.now() + 86_401_000);
    answers.push({ accepted: ['stitching'], rejected: [] });
    satellite.setCustomerIDs({ stitching: { id: 'abcdef123456', authState: 1 }, crm: 'x' });
    await flushMicrotasks();
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(2);
    // The cookie keeps a digest of them, never the ids.
    expect(decodeURIComponent(cookie()!)).not.toContain('abcdef123456');
  });

  it('not for a visitor who opted out', async () => {
    answers.push({ optOut: true, optOutTtl: 7200 });
    const satellite = start();
    await flushMicrotasks();
    satellite.setCustomerIDs({ stitching: 'abcdef123456' });
    await flushMicrotasks();
    expect(requests().filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('never throws into the page', () => {
  it('whatever the page passes or the browser refuses', async () => {
    const errors = watchPageErrors();
    stubRequests(() => {
      throw new Error('blocked');
    });
    const satellite = start();
    const visitor = satellite.getVisitorId()!;
    visitor.setCustomerIDs(null);
    visitor.setCustomerIDs(new Proxy({}, { ownKeys: () => { throw new Error('hostile'); } }));
    expect(visitor.appendVisitorIDsTo(undefined as unknown as string)).toBeUndefined();
    visitor.getMarketingCloudVisitorID(() => {
      throw new Error('page callback');
    });
    satellite.track('page');
    window.postMessage({ source: 'tagwell-identity', type: 'ask' }, '*');
    await flushMicrotasks();
    expect(hits()).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
