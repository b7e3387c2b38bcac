// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { element, makeConfig, resetPage, setUrl, startContainer } from '../core/test-helpers';
import pageInfo from './page-info';

beforeEach(() => resetPage());

const attributes = ['url', 'path', 'host', 'hostname', 'port', 'query', 'hash', 'protocol', 'referrer', 'title'];
const start = () =>
  startContainer(makeConfig({ dataElements: Object.fromEntries([...attributes, 'bogus'].map((attribute) => [attribute, element('page-info', pageInfo, { attribute })])) }));

describe('page-info data element', () => {
  it('gives each attribute of the page', () => {
    setUrl('https://www.health.localhost:8443/conditions/hives/?q=1&x=y#gallery');
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://search.localhost/?q=hives');
    document.title = 'Hives - NHS';
    const satellite = start();
    expect(satellite.getVar('url')).toBe('https://www.health.localhost:8443/conditions/hives/?q=1&x=y#gallery');
    expect(satellite.getVar('path')).toBe('/conditions/hives/');
    expect(satellite.getVar('host')).toBe('www.health.localhost:8443');
    expect(satellite.getVar('hostname')).toBe('www.health.localhost');
    expect(satellite.getVar('port')).toBe('8443');
    expect(satellite.getVar('query')).toBe('q=1&x=y');
    expect(satellite.getVar('hash')).toBe('gallery');
    expect(satellite.getVar('protocol')).toBe('https:');
    expect(satellite.getVar('referrer')).toBe('https://search.localhost/?q=hives');
    expect(satellite.getVar('title')).toBe('Hives - NHS');
  });

  it('empty parts (no query, hash, referrer or title) give the default', () => {
    setUrl('http://localhost:3000/');
    const satellite = startContainer(
      makeConfig({ dataElements: Object.fromEntries(attributes.map((attribute) => [attribute, element('page-info', pageInfo, { attribute }, { default: 'none' })])) }),
    );
    expect(satellite.getVar('query')).toBe('none');
    expect(satellite.getVar('hash')).toBe('none');
    expect(satellite.getVar('referrer')).toBe('none');
    expect(satellite.getVar('title')).toBe('none');
    expect(satellite.getVar('host')).toBe('localhost:3000');
    expect(satellite.getVar('path')).toBe('/');
  });

  it('an unknown attribute gives undefined', () => {
    expect(start().getVar('bogus')).toBeUndefined();
  });

  it('follows the address as it changes', () => {
    setUrl('https://www.health.localhost/a');
    const satellite = start();
    history.pushState(null, '', '/b?c=d');
    expect(satellite.getVar('path')).toBe('/b');
    expect(satellite.getVar('query')).toBe('c=d');
  });
});
