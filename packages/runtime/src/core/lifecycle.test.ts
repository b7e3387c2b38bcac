// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sendBeacon from '../actions/send-beacon';
import setVariables from '../actions/set-variables';
import domReady from '../events/dom-ready';
import libraryLoaded from '../events/library-loaded';
import pageBottom from '../events/page-bottom';
import windowLoaded from '../events/window-loaded';
import { STAGE_TASK_MS } from './lifecycle';
import { act, ANALYTICS, flushMicrotasks, journal, makeConfig, makeRule, on, resetPage, settle, startContainer, stubBeacon, watchPageErrors } from './test-helpers';
import type { ActionModule, EventModule, RuleEvent } from './types';

let errors: unknown[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
});

const setReadyState = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { get: () => state, configurable: true });

/** One rule per lifecycle event, listed in an order unlike the lifecycle's own. */
function lifecycleContainer() {
  const { entries, write } = journal();
  const satellite = startContainer(
    makeConfig({
      rules: [
        makeRule('window loaded', { events: [on('window-loaded', windowLoaded)], actions: [write('window-loaded')] }),
        makeRule('dom ready', { events: [on('dom-ready', domReady)], actions: [write('dom-ready')] }),
        makeRule('page bottom', { events: [on('page-bottom', pageBottom)], actions: [write('page-bottom')] }),
        makeRule('library loaded', { events: [on('library-loaded', libraryLoaded)], actions: [write('library-loaded')] }),
      ],
    }),
  );
  return { entries, satellite };
}

const domContentLoaded = () => document.dispatchEvent(new Event('DOMContentLoaded'));
const windowLoad = () => window.dispatchEvent(new Event('load'));

describe('page lifecycle', () => {
  it('loading normally: library-loaded, page-bottom, dom-ready, window-loaded, each when its moment comes', async () => {
    setReadyState('loading');
    const { entries } = lifecycleContainer();
    // Nothing fires while the container is still registering its rules.
    expect(entries).toEqual([]);
    await flushMicrotasks();
    expect(entries).toEqual(['library-loaded']);
    setReadyState('interactive');
    domContentLoaded();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready']);
    setReadyState('complete');
    windowLoad();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('loaded late (readyState complete): still fires all four, in order', async () => {
    setReadyState('complete');
    const { entries } = lifecycleContainer();
    expect(entries).toEqual([]);
    await flushMicrotasks();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('loaded after DOM ready but before load (readyState interactive)', async () => {
    setReadyState('interactive');
    const { entries } = lifecycleContainer();
    await flushMicrotasks();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready']);
    windowLoad();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('pageBottom() called early fires page-bottom before dom-ready, once only', async () => {
    setReadyState('loading');
    const { entries, satellite } = lifecycleContainer();
    satellite.pageBottom();
    // page-bottom may not come before library-loaded.
    expect(entries).toEqual(['library-loaded', 'page-bottom']);
    await flushMicrotasks();
    satellite.pageBottom();
    expect(entries).toEqual(['library-loaded', 'page-bottom']);
    domContentLoaded();
    satellite.pageBottom();
    windowLoad();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('pageBottom() after DOM ready does nothing more', async () => {
    setReadyState('complete');
    const { entries, satellite } = lifecycleContainer();
    await flushMicrotasks();
    satellite.pageBottom();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('each stage fires once, however often the browser events repeat', async () => {
    setReadyState('loading');
    const { entries } = lifecycleContainer();
    await flushMicrotasks();
    domContentLoaded();
    domContentLoaded();
    windowLoad();
    windowLoad();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('a window load before DOM ready (never in browsers) still keeps the order', async () => {
    setReadyState('loading');
    const { entries } = lifecycleContainer();
    await flushMicrotasks();
    windowLoad();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
    domContentLoaded();
    expect(entries).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
  });

  it('several rules on one stage run in the listed order; a failing one does not stop the stage or the next ones', async () => {
    const { entries, write } = journal();
    const throwing: ActionModule = () => {
      throw new Error('x');
    };
    startContainer(
      makeConfig({
        rules: [
          makeRule('a', { events: [on('dom-ready', domReady)], actions: [write('dom-ready a')] }),
          makeRule('broken', { events: [on('dom-ready', domReady)], actions: [act('boom', throwing)] }),
          makeRule('b', { events: [on('dom-ready', domReady)], actions: [write('dom-ready b')] }),
          makeRule('c', { events: [on('window-loaded', windowLoaded)], actions: [write('window-loaded')] }),
        ],
      }),
    );
    await flushMicrotasks();
    expect(entries).toEqual(['dom-ready a', 'dom-ready b', 'window-loaded']);
    await settle();
    expect(errors).toEqual([]);
  });

  it('gives each rule an event of its own type, without element', async () => {
    const seen: RuleEvent[] = [];
    const spy: ActionModule = (_s, event) => void seen.push({ ...event });
    startContainer(
      makeConfig({
        rules: [
          makeRule('ll', { events: [on('library-loaded', libraryLoaded)], actions: [act('spy', spy)] }),
          makeRule('wl', { events: [on('window-loaded', windowLoaded)], actions: [act('spy', spy)] }),
        ],
      }),
    );
    await flushMicrotasks();
    expect(seen).toEqual([
      { type: 'library-loaded', rule: 'll', occurrence: expect.any(Object) },
      { type: 'window-loaded', rule: 'wl', occurrence: expect.any(Object) },
    ]);
  });
});

describe('stage tasks (TW_STAGE_TASKS): DOM ready and window loaded rules never hold one task long', () => {
  // The page's clock, moved on by the rules themselves: each `slow` action takes `ms` of it.
  let clock = 0;
  beforeEach(() => {
    clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  const slow = (entries: string[], entry: string, ms: number) => act('slow', (() => void (entries.push(entry), (clock += ms))) as ActionModule);
  /** One rule per name on `type`, each taking `ms` of the clock and writing its name to `entries`. */
  const slowRules = (entries: string[], [type, module]: [string, EventModule], names: string[], ms: number) =>
    names.map((name) => makeRule(name, { events: [on(type, module)], actions: [slow(entries, name, ms)] }));
  /** The next task: a message posted now is heard after the one the container posted before it. */
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });

  it(`ends the task once ${STAGE_TASK_MS} ms have passed, and runs the rest in order in the next one`, async () => {
    setReadyState('loading');
    const entries: string[] = [];
    startContainer(
      makeConfig({
        rules: slowRules(entries, ['dom-ready', domReady], ['a', 'b', 'c', 'd', 'e'], 12),
      }),
    );
    await flushMicrotasks();
    setReadyState('interactive');
    domContentLoaded();
    // a (12 ms) and b (24 ms, past the budget, checked only between rules): then the task ends.
    expect(entries).toEqual(['a', 'b']);
    await nextTask();
    expect(entries).toEqual(['a', 'b', 'c', 'd']);
    await nextTask();
    expect(entries).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(errors).toEqual([]);
  });

  it('always runs one rule a task, however slow, so the stage moves on', async () => {
    setReadyState('interactive');
    const entries: string[] = [];
    startContainer(makeConfig({ rules: slowRules(entries, ['dom-ready', domReady], ['a', 'b', 'c'], 500) }));
    await flushMicrotasks();
    expect(entries).toEqual(['a']);
    await nextTask();
    expect(entries).toEqual(['a', 'b']);
    await nextTask();
    expect(entries).toEqual(['a', 'b', 'c']);
  });

  it('on a page that broke MessageChannel, runs the rest in the same task: no rule lost, nothing thrown', async () => {
    vi.stubGlobal('MessageChannel', function () {
      throw new Error('no channels here');
    });
    setReadyState('interactive');
    const entries: string[] = [];
    startContainer(makeConfig({ rules: slowRules(entries, ['dom-ready', domReady], ['a', 'b', 'c'], 30) }));
    await flushMicrotasks();
    expect(entries).toEqual(['a', 'b', 'c']);
    await settle();
    expect(errors).toEqual([]);
  });

  it('never ends a task within library loaded or page bottom: those run at once, however slow', async () => {
    setReadyState('loading');
    const entries: string[] = [];
    const satellite = startContainer(
      makeConfig({
        rules: [
          ...slowRules(entries, ['library-loaded', libraryLoaded], ['l1', 'l2', 'l3'], 30),
          ...slowRules(entries, ['page-bottom', pageBottom], ['p1', 'p2'], 30),
          ...slowRules(entries, ['dom-ready', domReady], ['d'], 30),
        ],
      }),
    );
    await flushMicrotasks();
    expect(entries).toEqual(['l1', 'l2', 'l3']);
    satellite.pageBottom();
    expect(entries).toEqual(['l1', 'l2', 'l3', 'p1', 'p2']);
  });

  it("a stage a rule reaches (pageBottom() from custom code) runs after the rest of that rule's stage", async () => {
    setReadyState('loading');
    const entries: string[] = [];
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('l1', { events: [on('library-loaded', libraryLoaded)], actions: [act('reach', (() => void (entries.push('l1'), satellite.pageBottom())) as ActionModule)] }),
          ...slowRules(entries, ['library-loaded', libraryLoaded], ['l2'], 0),
          ...slowRules(entries, ['page-bottom', pageBottom], ['p'], 0),
        ],
      }),
    );
    await flushMicrotasks();
    expect(entries).toEqual(['l1', 'l2', 'p']);
  });

  it('a stage reached while the rest waits runs after it, still in lifecycle order', async () => {
    setReadyState('loading');
    const entries: string[] = [];
    startContainer(
      makeConfig({
        rules: [
          ...slowRules(entries, ['window-loaded', windowLoaded], ['w'], 1),
          ...slowRules(entries, ['dom-ready', domReady], ['d1', 'd2', 'd3'], 25),
        ],
      }),
    );
    await flushMicrotasks();
    domContentLoaded();
    windowLoad();
    expect(entries).toEqual(['d1']);
    await nextTask();
    await nextTask();
    await nextTask();
    expect(entries).toEqual(['d1', 'd2', 'd3', 'w']);
  });

  it("a rule in the next task still sets variables for its stage's hit, and a later stage's rules for their own", async () => {
    setReadyState('loading');
    const beacon = stubBeacon();
    const entries: string[] = [];
    startContainer(
      makeConfig({
        analytics: ANALYTICS,
        rules: [
          // DOM ready: variables set before the task ends go with the page view sent after it.
          makeRule('search', { events: [on('dom-ready', domReady)], actions: [act('set-variables', setVariables, { vars: [['v1', 'searched']] }), slow(entries, 'search', 25)] }),
          makeRule('page view', { events: [on('dom-ready', domReady)], actions: [act('set-variables', setVariables, { vars: [['pageName', 'home']] }), act('send-beacon', sendBeacon, { type: 'page' })] }),
          // Variables of DOM ready that no hit of it sends...
          makeRule('tool', { events: [on('dom-ready', domReady)], actions: [act('set-variables', setVariables, { vars: [['v2', 'tool']] }), slow(entries, 'tool', 25)] }),
          // ...never reach window loaded's, though it runs in the same task.
          makeRule('loaded', { events: [on('window-loaded', windowLoaded)], actions: [act('set-variables', setVariables, { vars: [['v3', 'loaded']] }), act('send-beacon', sendBeacon, { type: 'link', linkName: 'Loaded' })] }),
        ],
      }),
    );
    await flushMicrotasks();
    domContentLoaded();
    expect(beacon.hits()).toEqual([]);
    // Window load comes in, an event of its own, while DOM ready's rest waits for its task.
    await flushMicrotasks();
    windowLoad();
    await nextTask();
    await nextTask();
    const [pageView, link] = beacon.hits();
    expect(pageView!.get('pageName')).toBe('home');
    expect(pageView!.get('v1')).toBe('searched');
    expect(link!.get('pev2')).toBe('Loaded');
    expect(link!.get('v3')).toBe('loaded');
    expect(link!.has('v2')).toBe(false);
    expect(beacon.hits()).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
