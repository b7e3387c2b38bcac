// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import constant from '../data-elements/constant';
import customCode from '../data-elements/custom-code';
import dataLayer from '../data-elements/data-layer';
import lookupTable from '../data-elements/lookup-table';
import { createStore } from './storage';
import { element, logged, makeConfig, page, resetPage, startContainer, startWithContext } from './test-helpers';
import type { DataElementConfig, RuleEvent } from './types';
import { MAX_DEPTH } from './vars';

beforeEach(() => resetPage());

const pageName = (extra: Partial<DataElementConfig> = {}) => element('data-layer', dataLayer, { path: 'page.pageInfo.pageName' }, extra);
const setPageName = (value: unknown) => void (page().digitalData = { page: { pageInfo: { pageName: value } } });

describe('data element defaults', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['the empty string', ''],
  ])('replaces %s with the default', (_label, value) => {
    setPageName(value);
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName({ default: 'N/A' }) } }));
    expect(satellite.getVar('Page Name')).toBe('N/A');
  });

  it('keeps falsy values that are not empty (0, false)', () => {
    page().digitalData = { a: 0, b: false };
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          A: element('data-layer', dataLayer, { path: 'a' }, { default: 'N/A' }),
          B: element('data-layer', dataLayer, { path: 'b' }, { default: 'N/A' }),
        },
      }),
    );
    expect(satellite.getVar('A')).toBe(0);
    expect(satellite.getVar('B')).toBe(false);
  });

  it('gives undefined for a missing value without a default, and for an unknown name', () => {
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName() } }));
    expect(satellite.getVar('Page Name')).toBeUndefined();
    expect(satellite.getVar('No Such Element')).toBeUndefined();
  });
});

describe('forceLowerCase and cleanText', () => {
  it('lower-cases string values only', () => {
    page().digitalData = { page: { pageInfo: { pageName: 'Conditions: Chickenpox' } }, count: 3 };
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          'Page Name': pageName({ forceLowerCase: true }),
          Count: element('data-layer', dataLayer, { path: 'count' }, { forceLowerCase: true }),
        },
      }),
    );
    expect(satellite.getVar('Page Name')).toBe('conditions: chickenpox');
    expect(satellite.getVar('Count')).toBe(3);
  });

  it('trims and collapses white space', () => {
    setPageName('  Conditions:\n\t Chickenpox   and  hives ');
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName({ cleanText: true }) } }));
    expect(satellite.getVar('Page Name')).toBe('Conditions: Chickenpox and hives');
  });

  it('treats a value that cleans to nothing as empty, so the default applies', () => {
    setPageName(' \n\t ');
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName({ cleanText: true, default: 'not available' }) } }));
    expect(satellite.getVar('Page Name')).toBe('not available');
  });

  it('applies both, in the order clean then lower-case', () => {
    setPageName('  Service   SEARCH ');
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName({ cleanText: true, forceLowerCase: true }) } }));
    expect(satellite.getVar('Page Name')).toBe('service search');
  });
});

describe('storage', () => {
  it('pageview: remembers the last value while the source is empty, for this page only', () => {
    setPageName('Home');
    const config = makeConfig({ storage: createStore, dataElements: { 'Page Name': pageName({ storage: 'pageview', default: 'N/A' }) } });
    const satellite = startContainer(config);
    expect(satellite.getVar('Page Name')).toBe('Home');
    setPageName(undefined);
    expect(satellite.getVar('Page Name')).toBe('Home');
    setPageName('Search');
    expect(satellite.getVar('Page Name')).toBe('Search');
    setPageName('');
    expect(satellite.getVar('Page Name')).toBe('Search');
    expect(sessionStorage.length + localStorage.length).toBe(0);
    // A new page view forgets it.
    delete page()._satellite;
    expect(startContainer(config).getVar('Page Name')).toBe('N/A');
  });

  it('none (or no storage): nothing is remembered', () => {
    setPageName('Home');
    const satellite = startContainer(makeConfig({ storage: createStore, dataElements: { 'Page Name': pageName({ storage: 'none', default: 'N/A' }) } }));
    expect(satellite.getVar('Page Name')).toBe('Home');
    setPageName(undefined);
    expect(satellite.getVar('Page Name')).toBe('N/A');
  });

  it('SPEC §5: what outlives the page is scrubbed first: no postcode, e-mail address or NHS number in sessionStorage or localStorage', () => {
    for (const storage of ['session', 'visitor'] as const) {
      setPageName('Results for LS1 4AP, jane.doe@example.org, 943 476 5919');
      const config = makeConfig({ storage: createStore, dataElements: { 'Page Name': pageName({ storage, default: 'N/A' }) } });
      expect(startContainer(config).getVar('Page Name'), storage).toMatch(/LS1 4AP/);
      const stored = Object.values({ ...sessionStorage, ...localStorage }).join();
      expect(stored, storage).toContain('Results for postcode,');
      expect(stored, storage).not.toMatch(/ls1|4ap|jane|example|5919/i);
      delete page()._satellite;
      setPageName(undefined);
      expect(startContainer(config).getVar('Page Name'), storage).toMatch(/^Results for postcode,/);
      delete page()._satellite;
      sessionStorage.clear();
      localStorage.clear();
    }
  });

  it('needs the storage module: a container built without it remembers nothing', () => {
    setPageName('Home');
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName({ storage: 'visitor', default: 'N/A' }) } }));
    expect(satellite.getVar('Page Name')).toBe('Home');
    setPageName(undefined);
    expect(satellite.getVar('Page Name')).toBe('N/A');
    expect(localStorage.length).toBe(0);
  });

  it('session: kept in sessionStorage, so the next page of the session still has it', () => {
    setPageName('Book a Vaccination');
    const config = makeConfig({ storage: createStore, dataElements: { 'Page Name': pageName({ storage: 'session', default: 'N/A' }) } });
    expect(startContainer(config).getVar('Page Name')).toBe('Book a Vaccination');
    expect(Object.values({ ...sessionStorage })).toContain(JSON.stringify('Book a Vaccination'));
    expect(localStorage.length).toBe(0);

    delete page()._satellite;
    setPageName(undefined);
    expect(startContainer(config).getVar('Page Name')).toBe('Book a Vaccination');

    // A new session (sessionStorage emptied) has lost it.
    delete page()._satellite;
    sessionStorage.clear();
    expect(startContainer(config).getVar('Page Name')).toBe('N/A');
  });

  it('visitor: kept in localStorage, across sessions', () => {
    page().digitalData = { user: { odsCode: 'Y02855' } };
    const config = makeConfig({ storage: createStore, dataElements: { 'ODS Code': element('data-layer', dataLayer, { path: 'user.odsCode' }, { storage: 'visitor', default: 'N/A' }) } });
    expect(startContainer(config).getVar('ODS Code')).toBe('Y02855');
    expect(Object.values({ ...localStorage })).toContain(JSON.stringify('Y02855'));
    expect(sessionStorage.length).toBe(0);

    delete page()._satellite;
    sessionStorage.clear();
    page().digitalData = {};
    expect(startContainer(config).getVar('ODS Code')).toBe('Y02855');

    delete page()._satellite;
    localStorage.clear();
    expect(startContainer(config).getVar('ODS Code')).toBe('N/A');
  });

  it('stores the cleaned value and lower-cases what it gives back', () => {
    setPageName('  Mixed   Case ');
    const config = makeConfig({ storage: createStore, dataElements: { 'Page Name': pageName({ storage: 'session', cleanText: true, forceLowerCase: true }) } });
    const satellite = startContainer(config);
    expect(satellite.getVar('Page Name')).toBe('mixed case');
    setPageName(null);
    expect(satellite.getVar('Page Name')).toBe('mixed case');
  });

  it('works without storage when the browser blocks it (the value is just not remembered)', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    // Browsers with storage blocked throw on the very access to window.sessionStorage.
    const access = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(blocked);
    setPageName('Home');
    const satellite = startContainer(makeConfig({ storage: createStore, dataElements: { 'Page Name': pageName({ storage: 'session', default: 'N/A' }) } }));
    expect(satellite.getVar('Page Name')).toBe('Home');
    expect(access).toHaveBeenCalled();
    setPageName(undefined);
    expect(satellite.getVar('Page Name')).toBe('N/A');
  });

  it('survives a value that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    page().digitalData = { page: cyclic };
    const satellite = startContainer(makeConfig({ storage: createStore, dataElements: { Page: element('data-layer', dataLayer, { path: 'page' }, { storage: 'visitor' }) } }));
    expect(satellite.getVar('Page')).toBe(cyclic);
    page().digitalData = {};
    expect(satellite.getVar('Page')).toBeUndefined();
  });
});

describe('%Name% tokens', () => {
  const config = () =>
    makeConfig({
      dataElements: {
        'Page Name': element('constant', constant, { value: 'conditions:chickenpox' }),
        Count: element('custom-code', customCode, { fn: () => 42 }),
        Info: element('custom-code', customCode, { fn: () => ({ id: 7 }) }),
        Empty: element('constant', constant, { value: '' }, { default: 'N/A' }),
      },
    });

  it('a whole-token string keeps the value type', () => {
    const { ctx } = startWithContext(config());
    expect(ctx.resolve('%Count%')).toBe(42);
    expect(ctx.resolve('%Info%')).toEqual({ id: 7 });
    expect(ctx.resolve('%Page Name%')).toBe('conditions:chickenpox');
    expect(ctx.resolve('%Empty%')).toBe('N/A');
  });

  it('interpolates tokens inside text; objects become empty text', () => {
    const { ctx } = startWithContext(config());
    expect(ctx.resolve('Page %Page Name% seen %Count% times')).toBe('Page conditions:chickenpox seen 42 times');
    expect(ctx.resolve('info=%Info%;')).toBe('info=;');
    expect(ctx.resolve('%Count%%Count%')).toBe('4242');
  });

  it('leaves unknown tokens as written', () => {
    const { ctx } = startWithContext(config());
    expect(ctx.resolve('https://vendor.localhost/a%20b.js')).toBe('https://vendor.localhost/a%20b.js');
    expect(ctx.resolve('%Unknown%')).toBe('%Unknown%');
    expect(ctx.resolve('50% off, 20% more')).toBe('50% off, 20% more');
    expect(ctx.resolve('100%')).toBe('100%');
  });

  it('resolves a known token that follows an unknown one (e.g. after %20 in a URL)', () => {
    const { ctx } = startWithContext(config());
    expect(ctx.resolve('https://vendor.localhost/s?q=a%20b&page=%Page Name%')).toBe('https://vendor.localhost/s?q=a%20b&page=conditions:chickenpox');
    expect(ctx.resolve('%20%Count%')).toBe('%2042');
  });

  it('passes non-strings through untouched', () => {
    const { ctx } = startWithContext(config());
    const object = { a: '%Count%' };
    expect(ctx.resolve(object)).toBe(object);
    expect(ctx.resolve(5)).toBe(5);
    expect(ctx.resolve(undefined)).toBeUndefined();
  });

  it('%event.detail.x% reads the rule event', () => {
    const { ctx } = startWithContext(config());
    const event: RuleEvent = { type: 'direct-call', detail: { tool: { name: 'BMI', step: 2 } } };
    expect(ctx.resolve('%event.detail.tool.step%', event)).toBe(2);
    expect(ctx.resolve('tool=%event.detail.tool.name%', event)).toBe('tool=BMI');
    expect(ctx.resolve('%event.type%', event)).toBe('direct-call');
    expect(ctx.resolve('[%event.detail.missing.deep%]', event)).toBe('[]');
    // Without an event there is nothing to read.
    expect(ctx.resolve('[%event.detail.tool.name%]')).toBe('[]');
  });

  it('%this.x% reads the element: property, else attribute; %this.@text% its cleaned text', () => {
    document.body.innerHTML = '<a id="find" href="/service-search" data-section="pharmacy">  Find a\n   Pharmacy </a>';
    const anchor = document.getElementById('find')!;
    const { ctx } = startWithContext(config());
    const event: RuleEvent = { type: 'click', element: anchor };
    expect(ctx.resolve('%this.href%', event)).toBe('http://localhost:3000/service-search');
    expect(ctx.resolve('%this.id%', event)).toBe('find');
    expect(ctx.resolve('%this.data-section%', event)).toBe('pharmacy');
    expect(ctx.resolve('%this.@text%', event)).toBe('Find a Pharmacy');
    expect(ctx.resolve('link: %this.@text% -> %this.href%', event)).toBe('link: Find a Pharmacy -> http://localhost:3000/service-search');
    expect(ctx.resolve('%this.data-missing%', event)).toBeUndefined();
  });

  it('custom variables set with _satellite.setVar resolve as tokens', () => {
    const { satellite, ctx } = startWithContext(config());
    satellite.setVar('Search Term', 'hay fever');
    expect(ctx.resolve('q=%Search Term%')).toBe('q=hay fever');
  });
});

describe('custom variables', () => {
  it('setVar(name, value) overrides a data element of the same name', () => {
    setPageName('From Data Layer');
    const satellite = startContainer(makeConfig({ dataElements: { 'Page Name': pageName() } }));
    expect(satellite.getVar('Page Name')).toBe('From Data Layer');
    satellite.setVar('Page Name', 'From setVar');
    expect(satellite.getVar('Page Name')).toBe('From setVar');
  });

  it('setVar({...}) sets several at once, values of any type', () => {
    const satellite = startContainer(makeConfig());
    const list = [1, 2];
    satellite.setVar({ Tool: 'bmi', Stage: 3, List: list });
    expect(satellite.getVar('Tool')).toBe('bmi');
    expect(satellite.getVar('Stage')).toBe(3);
    expect(satellite.getVar('List')).toBe(list);
  });
});

describe('circular references', () => {
  it(`stop at depth ${MAX_DEPTH}, are logged and do not throw`, () => {
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          A: element('lookup-table', lookupTable, { input: '%B%', table: [{ in: 'x', out: 'y' }] }, { default: 'A default' }),
          B: element('lookup-table', lookupTable, { input: '%A%', table: [{ in: 'A default', out: 'from A' }] }, { default: 'B default' }),
        },
      }),
    );
    let value: unknown;
    expect(() => (value = satellite.getVar('A'))).not.toThrow();
    expect(value).toBe('A default');
    const messages = logged(satellite, 'error');
    expect(messages.some((m) => m.includes('circular reference') && m.includes(String(MAX_DEPTH)))).toBe(true);
    // The next read starts from depth 0 again: it gives the same answer and logs once more.
    expect(satellite.getVar('A')).toBe('A default');
    expect(logged(satellite, 'error').filter((m) => m.includes('circular reference'))).toHaveLength(2);
  });

  it(`allows a chain of ${MAX_DEPTH} data elements that is not circular`, () => {
    const dataElements: Record<string, DataElementConfig> = { E0: element('constant', constant, { value: 'end' }) };
    for (let i = 1; i < MAX_DEPTH; i++) dataElements[`E${i}`] = element('lookup-table', lookupTable, { input: `%E${i - 1}%`, table: [{ in: 'end', out: 'end' }] });
    const satellite = startContainer(makeConfig({ dataElements }));
    expect(satellite.getVar(`E${MAX_DEPTH - 1}`)).toBe('end');
    expect(logged(satellite, 'error')).toEqual([]);
  });
});
