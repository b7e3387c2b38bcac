// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sendBeacon from '../actions/send-beacon';
import setVariables from '../actions/set-variables';
import constant from '../data-elements/constant';
import dataLayer from '../data-elements/data-layer';
import newRepeat from '../data-elements/new-repeat';
import previousValue from '../data-elements/previous-value';
import directCall from '../events/direct-call';
import { INTERNAL_PROPERTIES } from '../internal-properties';
import debugBridge, { BRIDGE_KEY, VALUE_LIMIT, mayDebug, withoutMark } from './debug-bridge';
import { act, ANALYTICS, BASE_URL, element, flushMicrotasks, makeConfig, makeRule, on, page, resetPage, setUrl, settle, startContainer, stubBeacon, watchPageErrors, when } from './test-helpers';
import type { ConditionModule, ContainerConfig, DataElementModule } from './types';

const CONSOLE = 'http://localhost:8080';
type Message = Record<string, unknown>;

let errors: unknown[];
const restores: Array<() => void> = [];

beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
  // The bridge turns debug logging on: keep the test output quiet.
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(async () => {
  await settle();
  while (restores.length) restores.pop()!();
  expect(errors).toEqual([]);
  resetPage();
});

/** Replaces a window property (opener, parent) for one test. */
function replaceWindow(name: 'opener' | 'parent', descriptor: PropertyDescriptor) {
  const own = Object.getOwnPropertyDescriptor(window, name);
  Object.defineProperty(window, name, { configurable: true, ...descriptor });
  restores.push(() => (own ? Object.defineProperty(window, name, own) : delete (window as unknown as Record<string, unknown>)[name]));
}

/** A debugger window (the opener, or the parent frame) that records what the page posts to it. */
function debuggerWindow(as: 'opener' | 'parent' = 'opener') {
  const posted: Array<{ message: Message; origin: string }> = [];
  const target = { postMessage: vi.fn((message: Message, origin: string) => void posted.push({ message, origin })) };
  replaceWindow(as, { value: target, writable: true });
  const of = (type: string) => posted.map((p) => p.message).filter((m) => m.type === type);
  return { target, posted, of };
}

const ORIGINS = ['http://localhost:*', 'https://console.example:8443'];
const boot = (partial: Partial<ContainerConfig> = {}) => startContainer(makeConfig({ debugBridge, debugOrigins: ORIGINS, ...partial }));
const openedWith = (value: string, path = '') => setUrl(`${BASE_URL}${path}${path.includes('?') ? '&' : '?'}tw_debug=${encodeURIComponent(value)}`);

/** What the console sends to ask for the data elements. */
const ask = (origin = CONSOLE, data: unknown = { source: 'tagwell-console', type: 'data-elements' }) =>
  window.dispatchEvent(new MessageEvent('message', { origin, data }));

describe('the mark in the address', () => {
  /** A container whose direct call sends a page view; returns the hit's page URL and referrer. */
  const pageView = () => {
    const beacon = stubBeacon();
    const satellite = boot({ analytics: ANALYTICS, rules: [makeRule('View', { events: [on('direct-call', directCall, { id: 'view' })], actions: [act('send-beacon', sendBeacon, { type: 'page' })] })] });
    satellite.track('view');
    const [hit] = beacon.hits();
    return { g: hit!.get('g'), r: hit!.get('r') };
  };

  it('leaves the address when the page starts, so its hits are those of the page opened directly', () => {
    debuggerWindow();
    setUrl(`${BASE_URL}search/?q=flu+jab&page=2#results`);
    const direct = pageView();
    expect(direct.g).toBe(`${BASE_URL}search/?q=flu+jab&page=2#results`);

    delete page()._satellite;
    sessionStorage.clear();
    setUrl(`${BASE_URL}search/?q=flu+jab&tw_debug=${encodeURIComponent(CONSOLE)}&page=2#results`);
    const opened = pageView();
    expect(location.href).toBe(`${BASE_URL}search/?q=flu+jab&page=2#results`);
    expect(opened).toEqual(direct);
    expect(sessionStorage.getItem(BRIDGE_KEY)).toBe(CONSOLE);
  });

  it('leaves the address also when the console is refused, and with tw_debug=off', () => {
    debuggerWindow();
    openedWith('https://elsewhere.example', 'a/?x=1&y=%20');
    boot();
    expect(location.href).toBe(`${BASE_URL}a/?x=1&y=%20`);
    delete page()._satellite;
    setUrl(`${BASE_URL}?tw_debug=off`);
    boot();
    expect(location.href).toBe(BASE_URL);
  });

  it('reads data elements for the debugger without writing their cookies: the page sends what it sends unwatched', () => {
    const d = debuggerWindow();
    page().digitalData = { page: { pageInfo: { pageName: 'flu' } } };
    document.cookie = 'tw_ppn=home; path=/';
    openedWith(CONSOLE);
    const satellite = boot({
      dataElements: {
        'Page Name': element('data-layer', dataLayer, { path: 'page.pageInfo.pageName' }),
        'Previous Page': element('previous-value', previousValue, { input: '%Page Name%', cookie: 'tw_ppn' }),
        Visitor: element('new-repeat', newRepeat, { cookie: 'tw_nr' }),
      },
    });
    // The debugger asks as soon as the page is ready, before any rule has read anything.
    ask();
    ask();
    expect(d.of('data-elements').map((m) => (m.values as Record<string, string>)['Previous Page'])).toEqual(['home', 'home']);
    expect(document.cookie).not.toContain('tw_nr');
    expect(document.cookie).toContain('tw_ppn=home');
    // The page's own read: the previous page, then the current one is kept for the next page.
    expect([satellite.getVar('Previous Page'), satellite.getVar('Visitor')]).toEqual(['home', 'New']);
    expect(document.cookie).toContain('tw_ppn=flu');
    expect(document.cookie).toContain('tw_nr');
  });

  it('takes out every tw_debug pair and nothing else', () => {
    const cases: Array<[string, string]> = [
      ['https://a.example/p/?tw_debug=x', 'https://a.example/p/'],
      ['https://a.example/p/?tw_debug=x#h', 'https://a.example/p/#h'],
      ['https://a.example/p/?tw_debug=x&b=2', 'https://a.example/p/?b=2'],
      ['https://a.example/p/?a=1&tw_debug=x', 'https://a.example/p/?a=1'],
      ['https://a.example/p/?a=1&tw_debug=x&b=%2F+c&tw%5Fdebug=y', 'https://a.example/p/?a=1&b=%2F+c'],
      ['https://a.example/p/?tw_debug', 'https://a.example/p/'],
      ['https://a.example/p/?a=tw_debug&tw_debugger=1#tw_debug=x', 'https://a.example/p/?a=tw_debug&tw_debugger=1#tw_debug=x'],
      ['https://a.example/p/?', 'https://a.example/p/?'],
      ['https://a.example/p/', 'https://a.example/p/'],
    ];
    for (const [href, clean] of cases) expect([href, withoutMark(href)]).toEqual([href, clean]);
  });
});

describe('activation', () => {
  it('does nothing without tw_debug: no message, no listener answer, debug logging unchanged', async () => {
    const d = debuggerWindow();
    const satellite = boot();
    await flushMicrotasks();
    ask();
    expect(d.posted).toEqual([]);
    expect(sessionStorage.getItem(BRIDGE_KEY)).toBeNull();
    expect(satellite.logger.isDebug()).toBe(false);
  });

  it('connects to the origin in tw_debug: ready first, to that origin only, and debug logging on', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE, 'conditions/flu/');
    const satellite = boot();
    expect(d.posted[0]!.message).toEqual({
      source: 'tagwell',
      type: 'ready',
      property: 'test-site',
      environment: 'development',
      buildId: 'abc123def456',
      url: `${BASE_URL}conditions/flu/`,
    });
    expect(d.posted.length).toBeGreaterThan(1);
    for (const { message, origin } of d.posted) {
      expect(origin).toBe(CONSOLE);
      expect(message.source).toBe('tagwell');
    }
    expect(satellite.logger.isDebug()).toBe(true);
    expect(sessionStorage.getItem(BRIDGE_KEY)).toBe(CONSOLE);
  });

  it("posts nothing to a console the property does not name in debugOrigins, and says so in the log", () => {
    const d = debuggerWindow();
    openedWith('https://elsewhere.example');
    const satellite = boot();
    expect(d.posted).toEqual([]);
    expect(satellite.logger.history.map(([, text]) => text)).toContain("Debug bridge: https://elsewhere.example is not one of the property's debugOrigins");
    // Any port of localhost:*, but not another host or scheme.
    expect([mayDebug('http://localhost:5173', ORIGINS), mayDebug('http://localhost', ORIGINS), mayDebug('http://localhost.evil.example', ORIGINS), mayDebug('https://localhost:8080', ORIGINS)]).toEqual([true, true, false, false]);
    expect([mayDebug('https://console.example:8443', ORIGINS), mayDebug('https://console.example', ORIGINS)]).toEqual([true, false]);
  });

  it('posts to the parent frame when the page has no opener', () => {
    replaceWindow('opener', { value: null, writable: true });
    const d = debuggerWindow('parent');
    openedWith('https://console.example:8443/');
    boot();
    expect(d.of('ready')).toHaveLength(1);
    expect(d.posted.every((p) => p.origin === 'https://console.example:8443')).toBe(true);
  });

  it('stays connected on the later pages of the tab, until tw_debug=off', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE);
    boot();
    // The next page of the tab: a new container, the same sessionStorage.
    delete page()._satellite;
    setUrl(`${BASE_URL}next`);
    boot();
    expect(d.of('ready').map((m) => m.url)).toEqual([BASE_URL, `${BASE_URL}next`]);

    d.posted.length = 0;
    delete page()._satellite;
    setUrl(`${BASE_URL}?tw_debug=off`);
    const satellite = boot();
    expect(d.posted).toEqual([]);
    expect(sessionStorage.getItem(BRIDGE_KEY)).toBeNull();
    expect(satellite.logger.isDebug()).toBe(false);
  });

  it('ignores anything but an http(s) origin', () => {
    const d = debuggerWindow();
    for (const value of ['*', 'null', '', 'javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'localhost:8080', 'http://localhost:8080/console/', 'http://me@localhost:8080', 'http://localhost:8080?x']) {
      delete page()._satellite;
      openedWith(value);
      boot();
    }
    // A remembered value is checked as well: the page can write sessionStorage.
    delete page()._satellite;
    setUrl(BASE_URL);
    sessionStorage.setItem(BRIDGE_KEY, '*');
    boot();
    expect(d.posted).toEqual([]);
  });

  it('keeps a remembered origin when the new tw_debug is not one', () => {
    const d = debuggerWindow();
    sessionStorage.setItem(BRIDGE_KEY, CONSOLE);
    openedWith('javascript:alert(1)');
    boot();
    expect(d.of('ready')).toHaveLength(1);
    expect(sessionStorage.getItem(BRIDGE_KEY)).toBe(CONSOLE);
  });
});

describe('messages', () => {
  it('sends every logger entry with its level, text and time', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE);
    const satellite = boot();
    satellite.logger.warn('Careful:', 42, new Error('boom'));
    const logs = d.of('log');
    expect(logs[0]).toMatchObject({ source: 'tagwell', type: 'log', level: 'info', message: 'Loaded test-site/development abc123def456' });
    expect(logs.at(-1)).toMatchObject({ level: 'warn', message: 'Careful: 42 boom' });
    expect(logs.every((m) => typeof m.time === 'number' && Object.keys(m).sort().join() === 'level,message,source,time,type')).toBe(true);
  });

  it('says which rules fired and which condition or exception stopped the others', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE);
    const yes: ConditionModule = () => true;
    const no: ConditionModule = () => false;
    const call = on('direct-call', directCall, { id: 'go' });
    const satellite = boot({
      rules: [
        makeRule('Fires', { events: [call], conditions: [when('custom-code', yes)] }),
        makeRule('Second condition', { events: [call], conditions: [when('custom-code', yes), when('custom-code', no)] }),
        makeRule('Exception', { events: [call], exceptions: [when('custom-code', yes)] }),
        // A config that names its components (the compiler's do not) gives the type too.
        makeRule('Named', { events: [call], conditions: [{ type: 'path', module: no, settings: {} }] }),
      ],
    });
    satellite.track('go');
    expect(d.of('rule')).toEqual([
      { source: 'tagwell', type: 'rule', rule: 'Fires', event: 'direct-call', fired: true },
      { source: 'tagwell', type: 'rule', rule: 'Second condition', event: 'direct-call', fired: false, failed: 'conditions[1]' },
      { source: 'tagwell', type: 'rule', rule: 'Exception', event: 'direct-call', fired: false, failed: 'exceptions[0]' },
      { source: 'tagwell', type: 'rule', rule: 'Named', event: 'direct-call', fired: false, failed: 'conditions[0]', component: 'path' },
    ]);
  });

  it('reports what the privacy guard removes from a hit, never the removed text', () => {
    const d = debuggerWindow();
    const beacon = stubBeacon();
    openedWith(CONSOLE, 'search/?useremail=jo%40nhs.net&q=flu');
    const satellite = boot({
      analytics: ANALYTICS,
      dataElements: { Email: element('constant', constant, { value: 'jo@nhs.net' }), Place: element('constant', constant, { value: 'near LS1 4AP' }) },
      rules: [
        makeRule('Search', {
          events: [on('direct-call', directCall, { id: 'search' })],
          actions: [act('set-variables', setVariables, { vars: [['pageName', 'search %Place%'], ['v12', 'from %Email%'], ['v13', 'flu']] }), act('send-beacon', sendBeacon, { type: 'page' })],
        }),
      ],
    });
    satellite.track('search');
    expect(beacon.beacon).toHaveBeenCalledTimes(1);
    // Each names the query the hit left with, so the debugger pairs it with that stored hit.
    const [url] = beacon.urls();
    const query = url!.slice(url!.indexOf('?') + 1);
    expect(d.of('redaction')).toEqual([
      { source: 'tagwell', type: 'redaction', field: 'g', kind: 'query-parameter', parameter: 'useremail', query },
      { source: 'tagwell', type: 'redaction', field: 'pageName', kind: 'postcode', query },
      { source: 'tagwell', type: 'redaction', field: 'v12', kind: 'email', query },
    ]);
    expect(JSON.stringify(d.of('redaction'))).not.toMatch(/jo|nhs|LS1|4AP/i);
  });

  it('says which rule sent each hit, with the data elements as they were when it did, and the query it left with', () => {
    const d = debuggerWindow();
    const beacon = stubBeacon();
    openedWith(CONSOLE);
    const layer = { section: 'conditions' };
    const value: DataElementModule = () => layer.section;
    const satellite = boot({
      analytics: ANALYTICS,
      dataElements: { Section: element('data-layer', value), Place: element('constant', constant, { value: 'near LS1 4AP' }) },
      rules: [
        makeRule('Page view', { events: [on('direct-call', directCall, { id: 'view' })], actions: [act('send-beacon', sendBeacon, { type: 'page' })] }),
        makeRule('Feedback', {
          events: [on('direct-call', directCall, { id: 'feedback' })],
          actions: [act('send-beacon', sendBeacon, { type: 'link', linkName: 'Feedback: No' })],
        }),
        makeRule('Sends nothing', { events: [on('direct-call', directCall, { id: 'view' })] }),
      ],
    });
    satellite.track('view');
    layer.section = 'vaccinations';
    satellite.track('feedback');
    const queries = beacon.urls().map((url) => url.slice(url.indexOf('?') + 1));
    expect(queries).toHaveLength(2);
    // The postcode in a value goes through the guard, as in a hit.
    expect(d.of('sent')).toEqual([
      { source: 'tagwell', type: 'sent', rule: 'Page view', event: 'direct-call', values: { Section: 'conditions', Place: 'near postcode' }, query: queries[0] },
      { source: 'tagwell', type: 'sent', rule: 'Feedback', event: 'direct-call', values: { Section: 'vaccinations', Place: 'near postcode' }, query: queries[1] },
    ]);
  });

  it('answers a data-elements request from the debugger origin with every value as text', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE);
    const value = (v: unknown): DataElementModule => () => v;
    boot({
      dataElements: {
        'Page Name': element('data-layer', value('Flu vaccine')),
        Count: element('custom-code', value(42)),
        Page: element('data-layer', value({ name: 'flu', tags: ['a'] })),
        Missing: element('data-layer', value(undefined), {}),
        Defaulted: element('data-layer', value(''), {}, { default: 'N/A' }),
        Long: element('constant', value('x'.repeat(5000))),
        ['__proto__']: element('constant', value('named like a prototype')),
      },
    });
    ask();
    const answers = d.of('data-elements');
    expect(answers).toHaveLength(1);
    const values = answers[0]!.values as Record<string, string>;
    expect({ ...values, Long: values.Long!.length }).toEqual({
      'Page Name': 'Flu vaccine',
      Count: '42',
      Page: '{"name":"flu","tags":["a"]}',
      Missing: 'undefined',
      Defaulted: 'N/A',
      Long: VALUE_LIMIT,
      ['__proto__']: 'named like a prototype',
    });
  });

  it('puts what it posts through the privacy guard: the page address, log lines and data-element values', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE, 'patients/943%20476%205919/?useremail=jo%40nhs.net&StitchId=zq7xk&q=LS1+4AP&page=2');
    const value = (v: unknown): DataElementModule => () => v;
    const satellite = boot({
      analytics: { ...ANALYTICS, deniedParams: ['stitchid'] },
      dataElements: {
        Email: element('constant', constant, { value: 'jo@nhs.net' }),
        'Search Term': element('data-layer', value('pharmacy near sw1a-1aa')),
        'NHS Number': element('data-layer', value('９４３ ４７６ ５９１９')),
        Link: element('data-layer', value('see https://www.nhs.uk/x?stitchid=zq7xk&email=ann%40example.com&ok=1 now')),
        Form: element('data-layer', value({ email: 'Jane.Doe@Example.com', postcode: 'M1 1AE' })),
        // A value cut at VALUE_LIMIT is guarded again: the cut makes `M1 1AE` of `M1 1AEX`.
        Long: element('data-layer', value('x'.repeat(VALUE_LIMIT - 7) + ' M1 1AEX')),
      },
    });
    // A URL that had something to hide is re-encoded as encodeURI writes it.
    expect(d.of('ready')[0]!.url).toBe(`${BASE_URL}patients//?q=postcode&page=2`);

    satellite.logger.warn('Search by jo@nhs.net for', 'LS1 4AP', 943_476_5919, 'from https://x.org/p?stitchid=zq7xk&ok=1');
    expect(d.of('log').at(-1)!.message).toBe('Search by for postcode from https://x.org/p?ok=1');

    ask();
    const values = d.of('data-elements')[0]!.values as Record<string, string>;
    expect(values).toMatchObject({
      Email: '',
      'Search Term': 'pharmacy near postcode',
      'NHS Number': '',
      Link: 'see https://www.nhs.uk/x?email=&ok=1 now',
      Form: '{"email":"","postcode":"postcode"}',
    });
    // The word is longer than the postcode: cut again to the limit, where nothing is left to find.
    expect(values.Long).toBe('x'.repeat(VALUE_LIMIT - 7) + ' postco');
    expect(JSON.stringify(d.posted)).not.toMatch(/jo%40|jo@|nhs\.net|zq7xk|stitchid|useremail|LS1|4AP|943|5919|sw1a|ann|example|Jane|M1 1AE/i);
  });

  it('answers only the debugger origin, and only its request', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE);
    boot({ dataElements: { Site: element('constant', constant, { value: 'nhs' }) } });
    ask('http://localhost:8081');
    ask('https://localhost:8080');
    ask(CONSOLE, { source: 'tagwell', type: 'data-elements' });
    ask(CONSOLE, { source: 'tagwell-console', type: 'ready' });
    ask(CONSOLE, 'data-elements');
    ask(CONSOLE, null);
    expect(d.of('data-elements')).toEqual([]);
  });
});

describe('a hostile page', () => {
  const nasty = (): object => {
    const self: object = new Proxy(
      {},
      {
        get() {
          throw self;
        },
        getPrototypeOf() {
          throw self;
        },
        ownKeys() {
          throw self;
        },
      },
    );
    return self;
  };

  it('never sees an exception from the bridge, and the container keeps working', () => {
    const throwing = () => {
      throw new Error('no');
    };
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const badString = { toString: throwing, toJSON: throwing };
    const fired: string[] = [];
    openedWith(CONSOLE);
    // The opener throws on postMessage; sessionStorage is blocked.
    replaceWindow('opener', { value: { postMessage: throwing }, writable: true });
    const storage = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: throwing });
    restores.push(() => (storage ? Object.defineProperty(window, 'sessionStorage', storage) : delete (window as unknown as Record<string, unknown>).sessionStorage));
    const value = (v: unknown): DataElementModule => () => v;
    const satellite = boot({
      dataElements: {
        Nasty: element('custom-code', value(nasty())),
        Cycle: element('custom-code', value(cycle)),
        Big: element('custom-code', value(10n ** 30n)),
        Symbol: element('custom-code', value(Symbol('s'))),
        Bad: element('custom-code', value(badString)),
        Throws: element('custom-code', throwing),
      },
      rules: [makeRule('Still runs', { events: [on('direct-call', directCall, { id: 'go' })], actions: [act('record', () => void fired.push('ran'))] })],
    });
    expect(() => ask()).not.toThrow();
    expect(() => ask(CONSOLE, nasty())).not.toThrow();
    expect(() => satellite.track('go')).not.toThrow();
    expect(fired).toEqual(['ran']);
  });

  it('answers with safe text for hostile values, and a throwing opener getter is no target', () => {
    const d = debuggerWindow();
    openedWith(CONSOLE);
    const throwing = () => {
      throw new Error('no');
    };
    const value = (v: unknown): DataElementModule => () => v;
    boot({
      dataElements: {
        Nasty: element('custom-code', value(nasty())),
        Big: element('custom-code', value(10n ** 3n)),
        Symbol: element('custom-code', value(Symbol('s'))),
        Bad: element('custom-code', value({ toString: throwing, toJSON: throwing })),
        Throws: element('custom-code', throwing),
      },
    });
    ask();
    expect(d.of('data-elements')[0]!.values).toEqual({ Nasty: '?', Big: '1000', Symbol: 'Symbol(s)', Bad: '?', Throws: 'undefined' });
    replaceWindow('opener', { get: throwing });
    expect(() => ask()).not.toThrow();
  });
});

it('sends keys the compiler never mangles', () => {
  const keys = ['source', 'type', 'property', 'environment', 'buildId', 'url', 'level', 'message', 'time', 'rule', 'event', 'fired', 'failed', 'component', 'field', 'kind', 'parameter', 'values', 'query'];
  expect(keys.filter((key) => INTERNAL_PROPERTIES.includes(key))).toEqual([]);
});
