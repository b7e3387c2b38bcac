// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, makeConfig, resetPage, setUrl, startContainer } from '../core/test-helpers';
import queryParameter from './query-parameter';

beforeEach(() => resetPage());

const start = (names: string[]) =>
  startContainer(makeConfig({ dataElements: Object.fromEntries(names.map((name) => [name, element('query-parameter', queryParameter, { name }, { default: 'none' })])) }));

describe('query-parameter data element', () => {
  it('reads a parameter by name, case-insensitively', () => {
    setUrl('https://www.health.localhost/service-search?LocationName=Leeds&Start_Rank=11');
    const satellite = start(['locationname', 'LOCATIONNAME', 'start_rank']);
    expect(satellite.getVar('locationname')).toBe('Leeds');
    expect(satellite.getVar('LOCATIONNAME')).toBe('Leeds');
    expect(satellite.getVar('start_rank')).toBe('11');
  });

  it('decodes + and %20 as spaces, and other escapes', () => {
    setUrl('https://www.health.localhost/search?q=hay+fever&search-field=sore%20throat%3F&Location.Name=St%20Albans');
    const satellite = start(['q', 'search-field', 'location.name']);
    expect(satellite.getVar('q')).toBe('hay fever');
    expect(satellite.getVar('search-field')).toBe('sore throat?');
    expect(satellite.getVar('location.name')).toBe('St Albans');
  });

  it('a missing or empty parameter gives the default; the hash is not the query', () => {
    setUrl('https://www.health.localhost/search?q=&other=1#code=abc');
    const satellite = start(['q', 'code', 'absent']);
    expect(satellite.getVar('q')).toBe('none');
    expect(satellite.getVar('code')).toBe('none');
    expect(satellite.getVar('absent')).toBe('none');
  });

  it('the first occurrence wins', () => {
    setUrl('https://www.health.localhost/?ID=first&id=second');
    expect(start(['id']).getVar('id')).toBe('first');
  });

  it('reads the address as it is now (single-page navigation)', () => {
    setUrl('https://www.health.localhost/?currentPage=1');
    const satellite = start(['currentpage']);
    expect(satellite.getVar('currentpage')).toBe('1');
    history.pushState(null, '', '/?currentPage=2');
    expect(satellite.getVar('currentpage')).toBe('2');
    history.pushState(null, '', '/?other=1');
    expect(satellite.getVar('currentpage')).toBe('none');
  });
});
