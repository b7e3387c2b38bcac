// @vitest-environment happy-dom
// Property test: whatever the page puts in window.digitalData, no exception reaches the page and
// the container keeps working (its unconditional page view is still sent).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import sendBeacon from '../actions/send-beacon';
import setVariables from '../actions/set-variables';
import dispatchEvent from '../actions/dispatch-event';
import valueComparison from '../conditions/value-comparison';
import customCodeCondition from '../conditions/custom-code';
import dataLayer from '../data-elements/data-layer';
import lookupTable from '../data-elements/lookup-table';
import click from '../events/click';
import customEvent from '../events/custom-event';
import dataElementChange from '../events/data-element-change';
import directCall from '../events/direct-call';
import domReady from '../events/dom-ready';
import libraryLoaded from '../events/library-loaded';
import pageBottom from '../events/page-bottom';
import windowLoaded from '../events/window-loaded';
import { createStore } from './storage';
import { act, ANALYTICS, element, flushMicrotasks, makeConfig, makeRule, on, page, resetPage, settle, startContainer, stubBeacon, watchPageErrors, when } from './test-helpers';
import type { ContainerConfig, DataElementConfig } from './types';

// --- What a hostile page can hold, described as plain data (so fast-check can print a counterexample)
// and built into the real thing inside the property. ---------------------------------------------

type Thrown = 'error' | 'string' | 'undefined' | 'nasty';
type Hostile =
  | { kind: 'cycle' }
  | { kind: 'getter'; throws: Thrown }
  | { kind: 'proto' }
  | { kind: 'proxy' }
  | { kind: 'revoked' }
  | { kind: 'big'; spaces: boolean }
  | { kind: 'symbol' }
  | { kind: 'function' }
  | { kind: 'bigint'; value: bigint }
  | { kind: 'value'; value: unknown };
type Node = Hostile | { kind: 'object'; children: Record<string, Node> };

/** The paths the data elements read, as a tree (null: a leaf). */
type Shape = { [key: string]: Shape | null };
const SHAPE: Shape = {
  page: { pageInfo: { pageName: null, pageType: null }, category: { primaryCategory: null } },
  search: { keyword: null },
  user: { odsCode: null },
};

const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  fc.constant({ kind: 'cycle' as const }),
  fc.record({ kind: fc.constant('getter' as const), throws: fc.constantFrom<Thrown>('error', 'string', 'undefined', 'nasty') }),
  fc.constant({ kind: 'proto' as const }),
  fc.constant({ kind: 'proxy' as const }),
  fc.constant({ kind: 'revoked' as const }),
  fc.record({ kind: fc.constant('big' as const), spaces: fc.boolean() }),
  fc.constant({ kind: 'symbol' as const }),
  fc.constant({ kind: 'function' as const }),
  fc.record({ kind: fc.constant('bigint' as const), value: fc.bigInt() }),
  fc.record({
    kind: fc.constant('value' as const),
    value: fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(null, undefined, true, false, '', ' ', '%Page Name%', '100%', '\uD800', 'LS1 4AP', 'a@b.example', 'N/A'),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
      fc.jsonValue({ maxDepth: 3 }),
    ),
  }),
);

const node = (shape: Shape | null): fc.Arbitrary<Node> =>
  shape === null
    ? hostile
    : fc.oneof(
        { weight: 1, arbitrary: hostile },
        {
          weight: 3,
          arbitrary: fc.record(Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, node(child)]))).map((children) => ({ kind: 'object' as const, children })),
        },
      );

const BIG = 'x'.repeat(3e6);
const BIG_SPACES = 'Page  \n\t name '.repeat(2e5);

/** A value whose every trap throws the value itself: even `instanceof Error` on it throws. */
function nasty(): object {
  const self: object = new Proxy(
    {},
    {
      get() {
        throw self;
      },
      getPrototypeOf() {
        throw self;
      },
      has() {
        throw self;
      },
      ownKeys() {
        throw self;
      },
      getOwnPropertyDescriptor() {
        throw self;
      },
    },
  );
  return self;
}

const throwingEverywhere = (): object => {
  const trap = () => {
    throw new Error('trap');
  };
  return new Proxy(function () {}, {
    get: trap,
    set: trap,
    has: trap,
    deleteProperty: trap,
    ownKeys: trap,
    getOwnPropertyDescriptor: trap,
    defineProperty: trap,
    getPrototypeOf: trap,
    setPrototypeOf: trap,
    isExtensible: trap,
    preventExtensions: trap,
    apply: trap,
    construct: trap,
  });
};

function thrown(kind: Thrown): unknown {
  return kind === 'error' ? new Error('getter') : kind === 'string' ? 'a string' : kind === 'undefined' ? undefined : nasty();
}

/** Builds a node; `keys` are the keys a reader will ask this node for next. */
function build(n: Node, keys: string[]): unknown {
  switch (n.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(n.children).map(([key, child]) => [key, build(child, Object.keys(childShape(key)))]));
    case 'cycle': {
      const o: Record<string, unknown> = { name: 'cycle' };
      o.self = o;
      for (const key of keys) o[key] = o;
      return o;
    }
    case 'getter': {
      const o = {};
      for (const key of [...keys, 'self', 'name']) {
        Object.defineProperty(o, key, {
          enumerable: true,
          get() {
            throw thrown(n.throws);
          },
        });
      }
      return o;
    }
    case 'proto':
      return JSON.parse(`{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}${keys.map((k) => `,"${k}":{"__proto__":{"z":3}}`).join('')}}`);
    case 'proxy':
      return throwingEverywhere();
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 'big':
      return n.spaces ? BIG_SPACES : BIG;
    case 'symbol':
      return Symbol('hostile');
    case 'function':
      return () => 'fn';
    case 'bigint':
      return n.value;
    case 'value':
      return n.value;
  }
}

const shapeIndex: Record<string, Shape> = {};
const childShape = (key: string): Shape => shapeIndex[key] ?? {};
(function index(shape: Shape) {
  for (const [key, child] of Object.entries(shape)) {
    if (child) {
      shapeIndex[key] = child;
      index(child);
    }
  }
})(SHAPE);

const install = (how: 'value' | 'throwing-global', data: unknown) => {
  if (how === 'value') Object.defineProperty(window, 'digitalData', { configurable: true, writable: true, value: data });
  else
    Object.defineProperty(window, 'digitalData', {
      configurable: true,
      get() {
        throw new Error('no data layer for you');
      },
    });
};

// --- The container: data elements with every option, rules that use them everywhere. -------------

const de = (path: string, extra: Partial<DataElementConfig>) => element('data-layer', dataLayer, { path }, extra);

function hostileConfig(): ContainerConfig {
  const pageView = [
    act('set-variables', setVariables, {
      vars: [
        ['pageName', '%Page Name%'],
        ['ch', '%Category%'],
        ['c1', '%Keyword%'],
        ['c2', 'pre %Page Name% / %Keyword% post'],
        ['v1', '%ODS%'],
        ['v2', '%Whole Page%'],
        ['v3', '%Dose%'],
        ['v4', '%Page Type%'],
      ],
      events: [{ name: 'event1' }, { name: 'event15', value: '%Page Name%', id: '%Keyword%' }],
      contextData: { 'page.name': '%Page Name%', whole: '%Whole Page%', 'search.term': '%Keyword%' },
    }),
    act('send-beacon', sendBeacon, { type: 'page' }),
  ];
  return makeConfig({
    analytics: ANALYTICS,
    storage: createStore,
    dataElements: {
      'Page Name': de('page.pageInfo.pageName', { default: 'N/A', forceLowerCase: true, cleanText: true, storage: 'session' }),
      'Page Type': de('page.pageInfo.pageType', { default: 'not available', cleanText: true, storage: 'pageview' }),
      Category: de('page.category.primaryCategory', { default: 'N/A', cleanText: true, storage: 'visitor' }),
      Keyword: de('search.keyword', { forceLowerCase: true }),
      ODS: de('user.odsCode', { default: '', cleanText: true, forceLowerCase: true }),
      'Whole Page': de('page', { default: 'N/A', storage: 'visitor' }),
      Dose: element('lookup-table', lookupTable, { input: '%Page Name%', table: [{ in: 'n/a', out: 'none' }], caseInsensitive: true }, { default: 'Undefined' }),
    },
    rules: [
      makeRule('Page view', { events: [on('library-loaded', libraryLoaded)], actions: pageView }),
      makeRule('Page bottom', { events: [on('page-bottom', pageBottom)], conditions: [when('value-comparison', valueComparison, { left: '%Page Name%', operator: 'greaterThan', right: '%Keyword%' })], actions: pageView }),
      makeRule('DOM ready', { events: [on('dom-ready', domReady)], conditions: [when('value-comparison', valueComparison, { left: '%Page Name%', operator: 'matchesRegex', pattern: 'n', caseInsensitive: true })], actions: pageView }),
      makeRule('Window loaded', { events: [on('window-loaded', windowLoaded)], exceptions: [when('value-comparison', valueComparison, { left: '%Category%', operator: 'isTruthy' }, true)], actions: pageView }),
      makeRule('Page name change', { events: [on('data-element-change', dataElementChange, { name: 'Page Name' })], actions: pageView }),
      makeRule('Link', {
        events: [on('click', click, { selector: 'a.tracked', anchorDelay: true })],
        actions: [
          act('set-variables', setVariables, { vars: [['v17', '%this.@text%'], ['c17', '%Page Name%: %this.href%']], events: [{ name: 'event17' }], linkTrackVars: ['v17', 'c17'] }),
          act('send-beacon', sendBeacon, { type: 'link', linkType: 'o', linkName: '%Page Name%: %this.@text%' }),
        ],
      }),
      makeRule('Tool start', {
        events: [on('direct-call', directCall, { id: 'tool_start' })],
        conditions: [when('custom-code', customCodeCondition, { fn: (event: { detail?: { toolName?: unknown } }) => event.detail === undefined || String(event.detail.toolName) !== 'x' })],
        actions: [
          act('set-variables', setVariables, { vars: [['v30', '%event.detail.toolName%'], ['v31', '%event.detail%'], ['c30', 'tool %event.detail.a.b.c%']], events: [{ name: 'event14', value: '%event.detail.stage%' }] }),
          act('send-beacon', sendBeacon, { type: 'link', linkName: 'Tool start: %event.detail.toolName%' }),
          act('dispatch-event', dispatchEvent, { eventType: 'tw:tool', detail: { page: '%Page Name%', tool: '%event.detail.toolName%', whole: '%event.detail%' } }),
        ],
      }),
      makeRule('Tool event heard', {
        events: [on('custom-event', customEvent, { eventType: 'tw:tool' })],
        actions: [act('set-variables', setVariables, { vars: [['v40', '%event.detail.page%'], ['v41', '%event.detail.tool%']] }), act('send-beacon', sendBeacon, { type: 'page' })],
      }),
    ],
  });
}

/** Runs `fn`; a thrown value is reported as safe text, never handed to the runner (which cannot print every value). */
function escapes(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return 'threw: ' + safeText(e);
  }
}
function safeText(value: unknown): string {
  try {
    return value instanceof Error ? value.message : String(value);
  } catch {
    return '[hostile value]';
  }
}

describe('a hostile window.digitalData', () => {
  it(
    'never lets an exception reach the page, and the page view is still sent',
    async () => {
      await fc.assert(
        fc.asyncProperty(node(SHAPE), node(SHAPE), fc.constantFrom<'value' | 'throwing-global'>('value', 'value', 'value', 'throwing-global'), hostile, async (data, later, how, detail) => {
          resetPage();
          const errors = watchPageErrors();
          const beacon = stubBeacon();
          vi.spyOn(location, 'assign').mockImplementation(() => {});
          window.addEventListener('click', (event) => event.preventDefault());
          document.body.innerHTML = '<nav><a class="tracked" href="/next"><span>Next  page</span></a></nav>';
          vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
          const problems: string[] = [];
          const check = (what: string, fn: () => unknown) => {
            const problem = escapes(fn);
            if (problem) problems.push(`${what} ${problem}`);
          };
          try {
            check('install', () => install(how, build(data, Object.keys(SHAPE))));
            check('boot', () => startContainer(hostileConfig()));
            const satellite = page()._satellite!;
            await flushMicrotasks();
            check('pageBottom', () => satellite.pageBottom());
            check('click', () => document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
            check('track', () => satellite.track('tool_start', build(detail, ['toolName', 'stage', 'a'])));
            check('track object detail', () => satellite.track('tool_start', { toolName: build(detail, []), stage: build(detail, []), a: { b: build(detail, ['c']) } }));
            for (const name of ['Page Name', 'Page Type', 'Category', 'Keyword', 'ODS', 'Whole Page', 'Dose']) check(`getVar ${name}`, () => satellite.getVar(name));
            check('setVar', () => satellite.setVar(build(detail, ['x']) as Record<string, unknown>));
            // The data layer changes under the container's feet.
            check('replace data layer', () => install('value', build(later, Object.keys(SHAPE))));
            vi.advanceTimersByTime(3000);
            await flushMicrotasks();
            await settle();
            problems.push(...errors.map((e) => 'page error: ' + safeText(e)));
            expect(problems).toEqual([]);
            // The library-loaded page view has no condition: whatever the data, it went out (as a POST when
            // the data makes it long, CONTRACT §4).
            expect(beacon.beacon.mock.calls.length).toBeGreaterThan(0);
            expect((await beacon.allHits())[0]!.get('events')).toMatch(/^event1(,|$)/);
          } catch (e) {
            // Keep hostile values away from the runner's error printing.
            throw e instanceof Error ? e : new Error(safeText(e));
          } finally {
            resetPage();
          }
        }),
        {
          numRuns: 50,
          examples: [
            // Found in CI (seed 881097715): data long enough that the page view goes as a POST (CONTRACT §4).
            [
              { kind: 'object', children: { page: { kind: 'big', spaces: true }, search: { kind: 'object', children: { keyword: { kind: 'big', spaces: true } } }, user: { kind: 'object', children: { odsCode: { kind: 'cycle' } } } } },
              { kind: 'value', value: 0 },
              'value',
              { kind: 'proto' },
            ],
          ],
        },
      );
    },
    120_000,
  );
});
