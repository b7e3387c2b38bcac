// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, logged, makeConfig, page, resetPage, settle, startContainer, watchPageErrors } from '../core/test-helpers';
import type { DataElementConfig } from '../core/types';
import dataLayer from './data-layer';

let errors: unknown[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
});

const at = (path: string, extra: Partial<DataElementConfig> = {}) => element('data-layer', dataLayer, { path }, { default: 'N/A', ...extra });
const start = (paths: Record<string, string>) => startContainer(makeConfig({ dataElements: Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, at(path)])) }));

describe('data-layer data element', () => {
  it('reads a nested path under window.digitalData, of any type', () => {
    page().digitalData = {
      page: { pageInfo: { pageName: 'nhs:conditions:hives' }, category: { primaryCategory: 'conditions' } },
      search: { resultRank: 3, isValid: false },
      products: [{ name: 'first' }, { name: 'second' }],
    };
    const satellite = start({ name: 'page.pageInfo.pageName', category: 'page.category.primaryCategory', rank: 'search.resultRank', valid: 'search.isValid', product: 'products.1.name', info: 'page.pageInfo' });
    expect(satellite.getVar('name')).toBe('nhs:conditions:hives');
    expect(satellite.getVar('category')).toBe('conditions');
    expect(satellite.getVar('rank')).toBe(3);
    expect(satellite.getVar('valid')).toBe(false);
    expect(satellite.getVar('product')).toBe('second');
    expect(satellite.getVar('info')).toEqual({ pageName: 'nhs:conditions:hives' });
  });

  it('reads the data layer as it is now, not as it was at boot', () => {
    const satellite = start({ name: 'page.pageInfo.pageName' });
    expect(satellite.getVar('name')).toBe('N/A');
    page().digitalData = { page: { pageInfo: { pageName: 'late' } } };
    expect(satellite.getVar('name')).toBe('late');
  });

  it('missing parts give the default', () => {
    page().digitalData = { page: { pageInfo: null, category: 'text', list: [] } };
    const satellite = start({ a: 'page.pageInfo.pageName', b: 'page.missing.deep.path', c: 'nothing', d: 'page.category.primaryCategory', e: 'page.list.0.name', f: 'page.pageInfo' });
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) expect(satellite.getVar(name), name).toBe('N/A');
  });

  it('without any window.digitalData, the default', () => {
    const satellite = start({ a: 'page.pageInfo.pageName' });
    expect(satellite.getVar('a')).toBe('N/A');
  });

  it('a throwing getter gives the default and is logged; nothing reaches the page', async () => {
    const pageInfo = {};
    Object.defineProperty(pageInfo, 'pageName', {
      get() {
        throw new Error('getter exploded');
      },
    });
    page().digitalData = { page: { pageInfo } };
    const satellite = start({ name: 'page.pageInfo.pageName' });
    let value: unknown;
    expect(() => (value = satellite.getVar('name'))).not.toThrow();
    expect(value).toBe('N/A');
    expect(logged(satellite, 'error').some((m) => m.includes('name') && m.includes('getter exploded'))).toBe(true);
    await settle();
    expect(errors).toEqual([]);
  });

  it('a data layer that is a throwing Proxy, or a throwing window.digitalData getter, gives the default', () => {
    page().digitalData = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    const satellite = start({ name: 'page.pageInfo.pageName' });
    expect(satellite.getVar('name')).toBe('N/A');
    Object.defineProperty(window, 'digitalData', {
      configurable: true,
      get() {
        throw new Error('no data layer');
      },
    });
    expect(satellite.getVar('name')).toBe('N/A');
  });

  it('does not follow __proto__, constructor or prototype segments', () => {
    const data = JSON.parse('{"__proto__": {"polluted": "yes"}, "page": {"pageName": "x"}}') as Record<string, unknown>;
    expect(Object.keys(data)).toContain('__proto__');
    data.fn = function named() {};
    page().digitalData = data;
    const satellite = start({
      own: '__proto__.polluted',
      ctor: 'page.constructor.name',
      proto: 'page.__proto__.hasOwnProperty',
      fnProto: 'fn.prototype.constructor',
      fnName: 'fn.name',
    });
    expect(satellite.getVar('own')).toBe('N/A');
    expect(satellite.getVar('ctor')).toBe('N/A');
    expect(satellite.getVar('proto')).toBe('N/A');
    expect(satellite.getVar('fnProto')).toBe('N/A');
    // Ordinary properties of functions are still read.
    expect(satellite.getVar('fnName')).toBe('named');
  });

  it('a cycle in the data layer is read like any object', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    page().digitalData = { page: cyclic };
    const satellite = start({ name: 'page.self.self.self.name' });
    expect(satellite.getVar('name')).toBe('loop');
  });
});
