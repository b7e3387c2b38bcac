// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import domReady from '../events/dom-ready';
import libraryLoaded from '../events/library-loaded';
import pageBottom from '../events/page-bottom';
import windowLoaded from '../events/window-loaded';
import { act, flushMicrotasks, journal, makeConfig, makeRule, on, resetPage, settle, startContainer, watchPageErrors } from './test-helpers';
import type { ActionModule, RuleEvent } from './types';

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
