// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import constant from '../data-elements/constant';
import directCall from '../events/direct-call';
import libraryLoaded from '../events/library-loaded';
import pageBottom from '../events/page-bottom';
import { boot } from './boot';
import { DEBUG_KEY } from './logger';
import { act, element, flushMicrotasks, journal, logged, makeConfig, makeRule, on, page, recorder, resetPage, settle, startContainer, watchPageErrors } from './test-helpers';
import type { ContainerConfig, EventModule } from './types';

let errors: unknown[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
});

describe('_satellite.track', () => {
  it('runs the direct-call rules of that identifier with the detail', () => {
    const tool = recorder('tool');
    const other = recorder('other');
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('Tool start', { events: [on('direct-call', directCall, { id: 'tool_start' })], actions: [tool.action] }),
          makeRule('Other', { events: [on('direct-call', directCall, { id: 'other' })], actions: [other.action] }),
        ],
      }),
    );
    const detail = { toolName: 'bmi' };
    satellite.track('tool_start', detail);
    expect(tool.calls).toHaveLength(1);
    expect(tool.calls[0]!.event).toMatchObject({ type: 'direct-call', identifier: 'tool_start', detail, rule: 'Tool start' });
    expect(other.calls).toHaveLength(0);
  });

  it('logs a direct call that no rule listens to', () => {
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [on('direct-call', directCall, { id: 'a' })] })] }));
    satellite.track('nobody');
    expect(logged(satellite).some((m) => m.includes('nobody'))).toBe(true);
    // Also when the container has no direct-call rules at all.
    delete page()._satellite;
    const bare = startContainer(makeConfig());
    bare.track('nobody either');
    expect(logged(bare).some((m) => m.includes('nobody either'))).toBe(true);
  });

  it('turns the identifier into text', () => {
    const seen = recorder();
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [on('direct-call', directCall, { id: '42' })], actions: [seen.action] })] }));
    satellite.track(42 as unknown as string);
    expect(seen.calls).toHaveLength(1);
  });
});

describe('_satellite.getVar and setVar', () => {
  it('reads data elements and custom variables; setVar overrides, in both forms', () => {
    const satellite = startContainer(makeConfig({ dataElements: { Site: element('constant', constant, { value: 'nhs' }) } }));
    expect(satellite.getVar('Site')).toBe('nhs');
    satellite.setVar('Site', 'override');
    expect(satellite.getVar('Site')).toBe('override');
    satellite.setVar({ Site: 'again', Extra: 1 });
    expect(satellite.getVar('Site')).toBe('again');
    expect(satellite.getVar('Extra')).toBe(1);
  });
});

describe('_satellite.cookie', () => {
  it('sets, gets (decoded) and removes cookies', () => {
    const satellite = startContainer(makeConfig());
    satellite.cookie.set('tw_answer', 'Are You Pregnant: Yes; really');
    expect(document.cookie).toContain('tw_answer=Are%20You%20Pregnant%3A%20Yes%3B%20really');
    expect(satellite.cookie.get('tw_answer')).toBe('Are You Pregnant: Yes; really');
    satellite.cookie.remove('tw_answer');
    expect(satellite.cookie.get('tw_answer')).toBeUndefined();
    expect(document.cookie).not.toContain('tw_answer');
  });

  it('does not read a nameless cookie (shown as a bare value) as a cookie named after its prefix', () => {
    document.cookie = 'flag';
    document.cookie = 'tw_a=1; path=/';
    expect(document.cookie).toContain('flag');
    const satellite = startContainer(makeConfig());
    expect(satellite.cookie.get('fla')).toBeUndefined();
    expect(satellite.cookie.get('flag')).toBeUndefined();
    expect(satellite.cookie.get('tw_a')).toBe('1');
  });

  it('gives undefined for a cookie that is not there, and does not match on a prefix', () => {
    document.cookie = 'tw_answer_long=1; path=/';
    const satellite = startContainer(makeConfig());
    expect(satellite.cookie.get('tw_answer')).toBeUndefined();
    expect(satellite.cookie.get('tw_answer_long')).toBe('1');
  });
});

describe('_satellite.logger and setDebug', () => {
  const spies = () => ({
    log: vi.spyOn(console, 'log').mockImplementation(() => {}),
    info: vi.spyOn(console, 'info').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    debug: vi.spyOn(console, 'debug').mockImplementation(() => {}),
  });
  const config = () =>
    makeConfig({
      rules: [
        makeRule('Rule that fires', { events: [on('direct-call', directCall, { id: 'go' })] }),
        makeRule('Rule that breaks', {
          events: [on('direct-call', directCall, { id: 'go' })],
          actions: [
            act('custom-code', () => {
              throw new Error('x');
            }),
          ],
        }),
      ],
    });

  it('is silent unless debug is on, but keeps a history', () => {
    const console = spies();
    const satellite = startContainer(config());
    satellite.track('go');
    satellite.track('unknown');
    satellite.logger.log('page says hello');
    for (const spy of Object.values(console)) expect(spy).not.toHaveBeenCalled();
    expect(logged(satellite, 'log')).toEqual(expect.arrayContaining(['Rule "Rule that fires" fired', 'page says hello']));
    expect(logged(satellite, 'error').length).toBeGreaterThan(0);
  });

  it('setDebug(true) prints with a prefix and persists tagwell.debug in localStorage', () => {
    const console = spies();
    const satellite = startContainer(config());
    satellite.setDebug(true);
    expect(localStorage.getItem(DEBUG_KEY)).toBe('true');
    satellite.track('go');
    expect(console.log).toHaveBeenCalledWith('[Tagwell]', 'Rule "Rule that fires" fired');
    expect(console.error).toHaveBeenCalled();

    satellite.setDebug(false);
    expect(localStorage.getItem(DEBUG_KEY)).toBe('false');
    console.log.mockClear();
    satellite.track('go');
    expect(console.log).not.toHaveBeenCalled();
  });

  it('debug persisted by an earlier page is on from the start', () => {
    const console = spies();
    localStorage.setItem(DEBUG_KEY, 'true');
    const satellite = startContainer(config());
    expect(satellite.logger.isDebug()).toBe(true);
    expect(console.info).toHaveBeenCalledWith('[Tagwell]', expect.stringContaining('test-site/development'));
  });

  it('reads the persisted flag once the window has loaded, then prints what the start logged, in order', () => {
    const console = spies();
    localStorage.setItem(DEBUG_KEY, 'true');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const satellite = startContainer(config());
    satellite.track('go');
    // Debug is on, but not known yet: nothing printed.
    expect(console.info).not.toHaveBeenCalled();
    expect(console.log).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(console.info).toHaveBeenCalledWith('[Tagwell]', expect.stringContaining('test-site/development'));
    expect(console.log).toHaveBeenCalledWith('[Tagwell]', 'Rule "Rule that fires" fired');
    expect(console.info.mock.invocationCallOrder[0]).toBeLessThan(console.log.mock.invocationCallOrder[0]!);
    // From then on, as it is logged.
    satellite.logger.log('later');
    expect(console.log).toHaveBeenLastCalledWith('[Tagwell]', 'later');
    window.dispatchEvent(new Event('load'));
    expect(console.log.mock.calls.filter(([, text]) => text === 'later')).toHaveLength(1);
  });

  it('asked before the window has loaded, reads the flag at once; set before, keeps what was set', () => {
    spies();
    localStorage.setItem(DEBUG_KEY, 'true');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    expect(startContainer(config()).logger.isDebug()).toBe(true);
    resetPage();
    localStorage.setItem(DEBUG_KEY, 'true');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const satellite = startContainer(config());
    satellite.setDebug(false);
    window.dispatchEvent(new Event('load'));
    expect(satellite.logger.isDebug()).toBe(false);
    expect(localStorage.getItem(DEBUG_KEY)).toBe('false');
  });

  it('bounds the history', () => {
    const satellite = startContainer(makeConfig());
    for (let i = 0; i < 1000; i++) satellite.logger.log(`message ${i}`);
    expect(satellite.logger.history.length).toBeLessThanOrEqual(200);
    expect(satellite.logger.history.at(-1)).toEqual(['log', 'message 999']);
  });
});

describe('_satellite.buildInfo', () => {
  it('is the build of the container', () => {
    const config = makeConfig();
    const satellite = startContainer(config);
    expect(satellite.buildInfo).toEqual({ property: 'test-site', environment: 'development', version: '7', buildId: 'abc123def456', runtimeVersion: '0.0.0-test' });
    expect(logged(satellite, 'info')[0]).toContain('abc123def456');
  });
});

describe('_satellite.pageBottom', () => {
  it('fires the page-bottom rules, once', () => {
    const bottom = recorder();
    const satellite = startContainer(makeConfig({ rules: [makeRule('Bottom', { events: [on('page-bottom', pageBottom)], actions: [bottom.action] })] }));
    satellite.pageBottom();
    expect(bottom.calls).toHaveLength(1);
    satellite.pageBottom();
    expect(bottom.calls).toHaveLength(1);
  });

  it('is safe without any lifecycle rule', () => {
    const satellite = startContainer(makeConfig());
    expect(() => satellite.pageBottom()).not.toThrow();
  });
});

describe('a second container on the page', () => {
  it('does nothing: its rules never run, the first keeps working, and a warning is logged', async () => {
    const { entries, write } = journal();
    const first = startContainer(makeConfig({ rules: [makeRule('first', { events: [on('direct-call', directCall, { id: 'go' })], actions: [write('first')] })] }));
    const second: ContainerConfig = makeConfig({
      build: { property: 'other-site', environment: 'production', version: '1', buildId: 'ffffffffffff', runtimeVersion: '0.0.0-test' },
      rules: [
        makeRule('second direct', { events: [on('direct-call', directCall, { id: 'go' })], actions: [write('second direct')] }),
        makeRule('second loaded', { events: [on('library-loaded', libraryLoaded)], actions: [write('second loaded')] }),
      ],
    });
    expect(() => boot(second)).not.toThrow();
    expect(page()._satellite).toBe(first);
    first.track('go');
    await flushMicrotasks();
    expect(entries).toEqual(['first']);
    expect(logged(first, 'warn').some((m) => m.includes('other-site/production'))).toBe(true);
    expect(first.buildInfo.property).toBe('test-site');
  });
});

describe('bad input never throws', () => {
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      ownKeys() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );
  const badToString = {
    toString() {
      throw new Error('no text');
    },
  };

  it('_satellite calls with bad arguments', async () => {
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [on('direct-call', directCall, { id: 'go' })] })] }));
    type Loose = (...args: unknown[]) => unknown;
    const any = satellite as unknown as Record<'track' | 'getVar' | 'setVar' | 'setDebug' | 'pageBottom', Loose> & { cookie: Record<'get' | 'set' | 'remove', Loose> };
    const calls: Array<() => unknown> = [
      () => any.track(),
      () => any.track(null, hostile),
      () => any.track(badToString),
      () => any.track(Symbol('s')),
      () => any.track(hostile),
      () => any.getVar(),
      () => any.getVar(badToString),
      () => any.getVar(Symbol('s')),
      () => any.getVar(hostile),
      () => any.setVar(),
      () => any.setVar(null),
      () => any.setVar(42),
      () => any.setVar(hostile),
      () => any.setVar(badToString, 1),
      () => any.cookie.get(),
      () => any.cookie.get(hostile),
      () => any.cookie.set(),
      () => any.cookie.set('a', 'b', null),
      () => any.cookie.set('a', hostile),
      () => any.cookie.set('a', 'b', hostile),
      () => any.cookie.remove(null, null),
      () => any.cookie.remove(hostile),
      () => any.setDebug(hostile),
      () => any.pageBottom('x', 1),
    ];
    for (const call of calls) expect(call).not.toThrow();
    await flushMicrotasks();
    await settle();
    expect(errors).toEqual([]);
    // What failed was logged, not thrown.
    expect(logged(satellite, 'error').length).toBeGreaterThan(0);
  });

  it('a thrown value that is itself hostile', async () => {
    // A value whose every trap throws itself: even asking whether it is an Error throws.
    const nasty: object = new Proxy(
      {},
      {
        get() {
          throw nasty;
        },
        getPrototypeOf() {
          throw nasty;
        },
      },
    );
    const throwsNasty = new Proxy(
      {},
      {
        ownKeys() {
          throw nasty;
        },
        get() {
          throw nasty;
        },
      },
    );
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [on('direct-call', directCall, { id: 'go' })] })] }));
    // Not expect(...).toThrow(): the runner itself cannot print such a value.
    const escapes = (fn: () => unknown) => {
      try {
        fn();
        return false;
      } catch {
        return true;
      }
    };
    expect(escapes(() => satellite.setVar(throwsNasty as Record<string, unknown>))).toBe(false);
    expect(escapes(() => satellite.getVar(throwsNasty as unknown as string))).toBe(false);
    expect(escapes(() => satellite.track('go', throwsNasty))).toBe(false);
    await settle();
    expect(errors.length).toBe(0);
    expect(logged(satellite, 'error').length).toBeGreaterThanOrEqual(2);
  });

  it('boot with a broken config', async () => {
    for (const config of [undefined, null, {}, { build: null }, { rules: 'x' }, hostile]) {
      delete page()._satellite;
      expect(() => boot(config as unknown as ContainerConfig)).not.toThrow();
    }
    await flushMicrotasks();
    await settle();
    expect(errors).toEqual([]);
  });

  it('an event module that throws while registering is logged; the other events still work', () => {
    const broken: EventModule = () => {
      throw new Error('cannot register');
    };
    const seen = recorder();
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('broken', { events: [on('broken', broken)] }),
          makeRule('works', { events: [on('direct-call', directCall, { id: 'go' })], actions: [seen.action] }),
        ],
      }),
    );
    satellite.track('go');
    expect(seen.calls).toHaveLength(1);
    expect(logged(satellite, 'error').some((m) => m.includes('cannot register'))).toBe(true);
  });
});
