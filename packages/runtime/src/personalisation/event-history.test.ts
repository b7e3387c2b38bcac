// @vitest-environment happy-dom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sendBeacon from '../actions/send-beacon';
import setVariables from '../actions/set-variables';
import personalise from '../actions/personalise';
import consentState from '../analytics/consent';
import { act, ANALYTICS, element, flushMicrotasks, makeConfig, makeRule, on, resetPage, startContainer, stubBeacon, stubRequests } from '../core/test-helpers';
import type { PersonalisationConfig } from '../core/types';
import customEvent from '../events/custom-event';
import libraryLoaded from '../events/library-loaded';
import { createHistory, eventKey, HISTORY_BYTES, HISTORY_DAYS, HISTORY_EVENTS, HISTORY_KEY } from './event-history';
import createPersonalisation from './index';
import type { ConsentState } from './types';

// The visitor's event history (issue 16 item 1; SPEC §3 an entry is a hash key and its timestamps,
// §4 consent-gated and only with personalizationStorageEnabled, §9 1000 events, 30 days, 2097152 bytes).

const DAY = 864e5;
const NOW = Date.UTC(2026, 10, 25, 12);
const E1 = 'tw.history.event1_30d';
const E15 = 'tw.history.event15_7d';
const enabled = (history: PersonalisationConfig['history'] = [[E1, 'event1', 30], [E15, 'event15', 7]]) => ({ history }) as PersonalisationConfig;
/** Timers faked: the task that stores what was recorded runs first (zero delay: no request times out). */
const FAKED = ['Date', 'setTimeout', 'clearTimeout'] as const;
const stored = () => (vi.advanceTimersByTime(0), localStorage.getItem(HISTORY_KEY));
const storedJson = (): Record<string, number[]> => JSON.parse(stored() ?? 'null');

let consent: ConsentState;
const gate = () => consent;

beforeEach(() => {
  resetPage();
  vi.useFakeTimers({ toFake: [...FAKED] });
  vi.setSystemTime(NOW);
  consent = 'send';
});
afterEach(() => resetPage());

describe('the event key', () => {
  it('is a short hash of the name, never the name, the same for either case', () => {
    expect(eventKey('event1')).toMatch(/^[0-9a-z]{1,7}$/);
    expect(eventKey('event1')).toBe(eventKey('EVENT1'));
    expect(eventKey('event1')).not.toBe(eventKey('event15'));
    expect(eventKey('cookie-consent-changed')).not.toContain('cookie');
    // FNV-1a 32-bit: the offset basis for no input, and its published value for "a" (0xe40c292c).
    expect(eventKey('')).toBe((2166136261).toString(36));
    expect(eventKey('a')).toBe((0xe40c292c).toString(36));
  });
});

describe('recording and counting', () => {
  it('with no parameter to count, reads nothing for the page-load decision', () => {
    const history = createHistory(enabled([]), gate);
    history.record(['event1']);
    const getItem = vi.spyOn(localStorage, 'getItem');
    expect(history.counts()).toEqual({});
    expect(getItem).not.toHaveBeenCalled();
    // Storing what was recorded still reads and keeps (in-app messages count from it).
    history.record(['event1']);
    expect(stored()).not.toBeNull();
    expect(getItem).toHaveBeenCalledWith(HISTORY_KEY);
    expect(history.count('event1', 30)).toBe(2);
  });

  it('keeps each event under its hash key with the times it happened, and counts them within the days asked', () => {
    const history = createHistory(enabled(), gate);
    history.record(['event1', 'event15']);
    vi.setSystemTime(NOW + 3 * DAY);
    history.record(['event1']);
    expect(storedJson()).toEqual({ [eventKey('event1')]: [NOW + 3 * DAY, NOW], [eventKey('event15')]: [NOW] });
    // Nothing of the names in storage.
    expect(stored()).not.toMatch(/event/);
    expect(history.counts()).toEqual({ [E1]: '2', [E15]: '1' });
    // event15 on day 0 is out of a 7-day window on day 8; event1's 30 days hold both.
    vi.setSystemTime(NOW + 8 * DAY);
    expect(history.counts()).toEqual({ [E1]: '2', [E15]: '0' });
    expect(createHistory(enabled([]), gate).counts()).toEqual({});
  });

  it('stores the events of one task once, in a task after it; counts see them before', () => {
    const setItem = vi.spyOn(localStorage, 'setItem');
    const getItem = vi.spyOn(localStorage, 'getItem');
    const history = createHistory(enabled(), gate);
    // Two hits sent in the same task (one rule or one direct call).
    history.record(['event1']);
    history.record(['event1', 'event15']);
    expect(setItem).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    expect(history.count('event1', 30)).toBe(2);
    expect(history.counts()).toEqual({ [E1]: '2', [E15]: '1' });
    vi.advanceTimersByTime(0);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(storedJson()).toEqual({ [eventKey('event1')]: [NOW, NOW], [eventKey('event15')]: [NOW] });
    // Counted once: stored, no longer waiting.
    expect(history.counts()).toEqual({ [E1]: '2', [E15]: '1' });
    history.record(['event1']);
    vi.advanceTimersByTime(0);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(storedJson()[eventKey('event1')]).toEqual([NOW, NOW, NOW]);
  });

  it('a page left before that task stores its events as it goes', () => {
    const history = createHistory(enabled(), gate);
    history.record(['event1']);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(localStorage.getItem(HISTORY_KEY)).toBe(JSON.stringify({ [eventKey('event1')]: [NOW] }));
    // Nothing left to store when the task comes.
    const setItem = vi.spyOn(localStorage, 'setItem');
    vi.advanceTimersByTime(0);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('a Statistics choice withdrawn before that task: the events are not kept', () => {
    const history = createHistory(enabled(), gate);
    history.record(['event1']);
    consent = 'drop';
    expect(stored()).toBeNull();
  });

  it('an event recorded with no names writes nothing', () => {
    createHistory(enabled(), gate).record([]);
    expect(stored()).toBeNull();
  });

  it(`keeps ${HISTORY_DAYS} days: older times are dropped when the history is next written`, () => {
    const history = createHistory(enabled(), gate);
    history.record(['event1']);
    vi.setSystemTime(NOW + 20 * DAY);
    history.record(['event1', 'event15']);
    vi.setSystemTime(NOW + HISTORY_DAYS * DAY + 1);
    expect(history.counts()).toEqual({ [E1]: '1', [E15]: '0' });
    history.record(['event2']);
    expect(storedJson()).toEqual({ [eventKey('event1')]: [NOW + 20 * DAY], [eventKey('event15')]: [NOW + 20 * DAY], [eventKey('event2')]: [NOW + HISTORY_DAYS * DAY + 1] });
  });

  it(`keeps at most ${HISTORY_EVENTS} events: those that happened longest ago go`, () => {
    const made: Record<string, number[]> = {};
    // 1000 events made for the test, the first of them the longest ago.
    for (let i = 0; i < HISTORY_EVENTS; i++) made[eventKey('made' + i)] = [NOW - DAY + i * 1000];
    localStorage.setItem(HISTORY_KEY, JSON.stringify(made));
    createHistory(enabled(), gate).record(['event1']);
    const kept = storedJson();
    expect(Object.keys(kept)).toHaveLength(HISTORY_EVENTS);
    expect(kept[eventKey('event1')]).toEqual([NOW]);
    expect(kept[eventKey('made0')]).toBeUndefined();
    expect(kept[eventKey('made1')]).toEqual([NOW - DAY + 1000]);
  });

  it(`trims the oldest times first once the stored text would exceed ${HISTORY_BYTES} bytes`, () => {
    // One event with more times than fit, made for the test, one a second over the last days.
    const times = Array.from({ length: 160_000 }, (_, i) => NOW - 1 - i * 1000);
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ [eventKey('event15')]: times }));
    expect(stored()!.length).toBeGreaterThan(HISTORY_BYTES);
    createHistory(enabled(), gate).record(['event1']);
    const text = stored()!;
    expect(text.length).toBeLessThanOrEqual(HISTORY_BYTES);
    // Full: another time would not have fitted.
    expect(text.length).toBeGreaterThan(HISTORY_BYTES - 14);
    const kept = storedJson();
    expect(kept[eventKey('event1')]).toEqual([NOW]);
    const left = kept[eventKey('event15')]!;
    // The newest times stay, in order, and only the oldest went.
    expect(left).toEqual(times.slice(0, left.length));
    expect(left.length).toBeLessThan(times.length);
  });

  it('reads the stored history once a page while no other page writes it, and afresh once one has', () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ [eventKey('event1')]: [NOW - DAY] }));
    const parse = vi.spyOn(JSON, 'parse');
    const history = createHistory(enabled(), gate);
    const parsed = () => parse.mock.calls.filter(([text]) => typeof text == 'string' && text.startsWith('{"')).length;
    const getItem = vi.spyOn(localStorage, 'getItem');
    // Two parameters, one read of the stored text.
    expect(history.counts()).toEqual({ [E1]: '1', [E15]: '0' });
    expect(getItem).toHaveBeenCalledTimes(1);
    getItem.mockRestore();
    history.record(['event1']);
    vi.advanceTimersByTime(0);
    history.record(['event15']);
    vi.advanceTimersByTime(0);
    expect(history.count('event1', 30)).toBe(2);
    expect(parsed()).toBe(1);
    // Another page of the site stored an event meanwhile: it is counted, and kept by the next write.
    const other = storedJson();
    parse.mockClear();
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ ...other, [eventKey('event1')]: [NOW, ...other[eventKey('event1')]!] }));
    expect(history.count('event1', 30)).toBe(3);
    history.record(['event1']);
    expect(storedJson()[eventKey('event1')]).toEqual([NOW, NOW, NOW, NOW - DAY]);
    expect(storedJson()[eventKey('event15')]).toEqual([NOW]);
    parse.mockRestore();
  });

  it('each write keeps what writing the whole history again in time order would keep, the page\'s next write too', () => {
    // What SPEC §9 keeps, written the plain way: every time, newest first; 30 days; the first 1000 events; bytes.
    const expected = (all: Array<[number, string]>, now: number) => {
      const kept: Record<string, number[]> = {};
      let size = 1;
      let events = 0;
      for (const [t, key] of all.filter(([t]) => now - t < HISTORY_DAYS * DAY).sort((a, b) => b[0] - a[0])) {
        if (!kept[key] && events == HISTORY_EVENTS) continue;
        if ((size += ('' + t).length + (kept[key] ? 1 : key.length + 6)) > HISTORY_BYTES) break;
        if (kept[key]) kept[key].push(t);
        else {
          kept[key] = [t];
          events++;
        }
      }
      return kept;
    };
    const time = fc.integer({ min: NOW - 40 * DAY, max: NOW });
    const names = fc.array(fc.integer({ min: 0, max: 1100 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(fc.tuple(time, fc.integer({ min: 0, max: 1100 })), { maxLength: 4000 }), names, names, fc.integer({ min: 0, max: 15 * DAY }), (made, first, next, later) => {
        localStorage.clear();
        vi.setSystemTime(NOW);
        const all = made.map(([t, i]) => [t, eventKey('made' + i)] as [number, string]);
        const stored: Record<string, number[]> = {};
        for (const [t, key] of all) (stored[key] ||= []).push(t);
        localStorage.setItem(HISTORY_KEY, JSON.stringify(stored));
        const history = createHistory(enabled(), gate);
        history.record(first.map((i) => 'made' + i));
        all.push(...first.map((i) => [NOW, eventKey('made' + i)] as [number, string]));
        expect(storedJson()).toEqual(expected(all, NOW));
        // The same page later: the entries it kept from its first write, where their times did not change.
        vi.setSystemTime(NOW + later);
        history.record(next.map((i) => 'made' + i));
        all.push(...next.map((i) => [NOW + later, eventKey('made' + i)] as [number, string]));
        expect(storedJson()).toEqual(expected(all, NOW + later));
      }),
      { numRuns: 60 },
    );
    // More events than are kept; over the byte limit from many events at once, from one, and from one after
    // 600 events that happened once, longer ago, and go whole.
    const made: Array<[length: number, key: (i: number) => number]> = [[1300, (i) => i], [150_000, (i) => i % 900], [150_000, () => 1], [150_000, (i) => (i < 149_400 ? 1 : i)]];
    for (const [length, key] of made) {
      const all = Array.from({ length }, (_, i) => [NOW - 1 - i * 15_000, eventKey('made' + key(i))] as [number, string]);
      const stored: Record<string, number[]> = {};
      for (const [t, key] of all) (stored[key] ||= []).push(t);
      localStorage.setItem(HISTORY_KEY, JSON.stringify(stored));
      vi.setSystemTime(NOW);
      const history = createHistory(enabled(), gate);
      history.record(['event1', 'made3']);
      all.push([NOW, eventKey('event1')], [NOW, eventKey('made3')]);
      expect(storedJson()).toEqual(expected(all, NOW));
      // Five days on, the oldest times are past 30 days.
      vi.setSystemTime(NOW + 5 * DAY);
      history.record(['made3']);
      all.push([NOW + 5 * DAY, eventKey('made3')]);
      expect(storedJson()).toEqual(expected(all, NOW + 5 * DAY));
    }
  });

  it('a corrupt or foreign value is discarded, never thrown, and replaced on the next write', () => {
    const history = createHistory(enabled(), gate);
    const recent = NOW - DAY;
    for (const value of ['{not json', '"text"', '42', 'null', '[[1]]', JSON.stringify({ 'someone@example.com': [recent], [eventKey('event1')]: 'x', [eventKey('event15')]: ['1', null, {}, recent - 40 * DAY] })]) {
      localStorage.setItem(HISTORY_KEY, value);
      expect(history.counts()).toEqual({ [E1]: '0', [E15]: '0' });
      history.record(['event1']);
      expect(storedJson()).toEqual({ [eventKey('event1')]: [NOW] });
    }
  });

  it('never throws when the page has no storage or it is full', () => {
    // The page's own localStorage (happy-dom's methods are its own, not Storage.prototype's).
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const history = createHistory(enabled(), gate);
    expect(() => history.record(['event1'])).not.toThrow();
    // Storing happens in its task, and fails there without a trace: the history stays as it was.
    expect(() => vi.advanceTimersByTime(0)).not.toThrow();
    expect(setItem).toHaveBeenCalled();
    expect(localStorage.getItem(HISTORY_KEY)).toBeNull();
    setItem.mockRestore();
    const denied = (['getItem', 'removeItem'] as const).map((method) =>
      vi.spyOn(localStorage, method).mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    );
    expect(() => createHistory(enabled(), gate).counts()).not.toThrow();
    expect(() => createHistory(enabled(), gate).record(['event1'])).not.toThrow();
    expect(() => vi.advanceTimersByTime(0)).not.toThrow();
    consent = 'drop';
    expect(() => createHistory(enabled(), gate).record(['event1'])).not.toThrow();
    expect(() => createHistory(enabled(), gate).counts()).not.toThrow();
    expect(denied[1]).toHaveBeenCalled();
    for (const spy of denied) spy.mockRestore();
  });
});

describe('consent and the setting (SPEC §4)', () => {
  it('with the Statistics choice pending, nothing is written and what was kept stays', () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ [eventKey('event1')]: [NOW - DAY] }));
    consent = 'wait';
    const history = createHistory(enabled(), gate);
    history.record(['event1']);
    expect(history.counts()).toEqual({});
    expect(storedJson()).toEqual({ [eventKey('event1')]: [NOW - DAY] });
  });

  it('with Statistics off, nothing is written and what was kept is removed: on the page load and on the next event', () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ [eventKey('event1')]: [NOW - DAY] }));
    consent = 'drop';
    const history = createHistory(enabled(), gate);
    expect(stored()).toBeNull();
    history.record(['event1']);
    expect(stored()).toBeNull();
    expect(history.counts()).toEqual({});
    // Turned off while the page is open.
    consent = 'send';
    history.record(['event1']);
    expect(stored()).not.toBeNull();
    consent = 'drop';
    history.record(['event17']);
    expect(stored()).toBeNull();
  });

  it('without personalizationStorageEnabled, nothing is written, nothing is counted, and what was kept is removed', () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ [eventKey('event1')]: [NOW - DAY] }));
    const history = createHistory({} as PersonalisationConfig, gate);
    expect(stored()).toBeNull();
    history.record(['event1']);
    expect(stored()).toBeNull();
    expect(history.counts()).toEqual({});
  });
});

describe('in the container', () => {
  let beacon: ReturnType<typeof stubBeacon>;
  let bodies: Array<{ execute?: { pageLoad?: { parameters?: Record<string, string> } } }>;
  beforeEach(() => {
    beacon = stubBeacon();
    bodies = [];
    stubRequests((request) => {
      bodies.push(JSON.parse(request.body!));
      return {};
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const start = (target: Partial<PersonalisationConfig>) =>
    startContainer(
      makeConfig({
        analytics: ANALYTICS,
        dataElements: { 'Consent Status': element('custom', () => (consent == 'wait' ? 'pending' : 'complete')), 'Consent Statistics': element('custom', () => (consent == 'send' ? 'on' : 'off')) },
        consent: { module: consentState, status: 'Consent Status', statistics: 'Consent Statistics', changeEvent: 'consent-changed' },
        target: { module: createPersonalisation, server: 'decisions.example.test', client: 'health', globalLocation: 'target-global-mbox', environmentId: 1, prehidingStyle: 'body { opacity: 0 }', ...target },
        rules: [
          makeRule('Page view', { events: [on('page-view', customEvent, { eventType: 'page-view' })], actions: [act('set-variables', setVariables, { events: [{ name: 'event1' }] }), act('send-beacon', sendBeacon, { type: 'page' })] }),
          makeRule('Link', { events: [on('link', customEvent, { eventType: 'link' })], actions: [act('set-variables', setVariables, { events: [{ name: 'event17' }, { name: 'event20' }], linkTrackEvents: ['event17'] }), act('send-beacon', sendBeacon, { type: 'link', name: 'x' })] }),
          makeRule('Personalise', { events: [on('library-loaded', libraryLoaded)], actions: [act('personalise', personalise)] }),
        ],
      }),
    );

  it("records the analytics events of every hit that leaves and the custom events the rules hear; the page-load request sends the counts", async () => {
    start({ history: [[E1, 'event1', 30], ['tw.history.page_view_30d', 'page-view', 30], ['tw.history.event20_30d', 'event20', 30]] });
    await flushMicrotasks();
    // The first page: nothing happened before its decision.
    expect(bodies[0]!.execute!.pageLoad!.parameters).toEqual({ [E1]: '0', 'tw.history.page_view_30d': '0', 'tw.history.event20_30d': '0' });
    document.dispatchEvent(new CustomEvent('page-view'));
    document.dispatchEvent(new CustomEvent('page-view'));
    // A link hit carries only its linkTrackEvents: event17, not event20.
    document.dispatchEvent(new CustomEvent('link'));
    expect(beacon.hits().map((hit) => hit.get('events'))).toEqual(['event1', 'event1', 'event17']);
    expect(Object.keys(storedJson()).sort()).toEqual([eventKey('event1'), eventKey('page-view'), eventKey('link'), eventKey('event17')].sort());
    expect(storedJson()[eventKey('event1')]).toEqual([NOW, NOW]);

    // The next page asks with the counts.
    resetPage();
    vi.useFakeTimers({ toFake: [...FAKED] });
    vi.setSystemTime(NOW + DAY);
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ [eventKey('event1')]: [NOW, NOW], [eventKey('page-view')]: [NOW, NOW] }));
    beacon = stubBeacon();
    start({ history: [[E1, 'event1', 30], ['tw.history.page_view_30d', 'page-view', 30], ['tw.history.event20_30d', 'event20', 30]] });
    await flushMicrotasks();
    expect(bodies[1]!.execute!.pageLoad!.parameters).toEqual({ [E1]: '2', 'tw.history.page_view_30d': '2', 'tw.history.event20_30d': '0' });
  });

  it('with Statistics off, the hits the rules send leave nothing in storage; without the setting, neither do they', () => {
    consent = 'drop';
    start({ history: [[E1, 'event1', 30]] });
    document.dispatchEvent(new CustomEvent('page-view'));
    expect(stored()).toBeNull();
    resetPage();
    vi.useFakeTimers({ toFake: [...FAKED] });
    consent = 'send';
    const sent = stubBeacon();
    start({});
    document.dispatchEvent(new CustomEvent('page-view'));
    expect(sent.hits().map((hit) => hit.get('events'))).toEqual(['event1']);
    expect(stored()).toBeNull();
    expect(bodies.at(-1)?.execute?.pageLoad?.parameters ?? {}).toEqual({});
  });
});
