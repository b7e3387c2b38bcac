// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, makeConfig, resetPage, startContainer } from '../core/test-helpers';
import metaTag from './meta-tag';

beforeEach(() => {
  resetPage();
  document.head.innerHTML = `
    <meta name="ServiceType" content="Pharmacy">
    <meta property="og:title" content="Hives - NHS">
    <meta name="OrganisationKey" content="">
    <meta name="keywords">`;
});

const start = (names: string[]) =>
  startContainer(makeConfig({ dataElements: Object.fromEntries(names.map((name) => [name, element('meta-tag', metaTag, { name }, { default: 'N/A' })])) }));

describe('meta-tag data element', () => {
  it('reads the content of <meta name>, matching the name case-insensitively', () => {
    const satellite = start(['ServiceType', 'servicetype']);
    expect(satellite.getVar('ServiceType')).toBe('Pharmacy');
    expect(satellite.getVar('servicetype')).toBe('Pharmacy');
  });

  it('reads <meta property> too', () => {
    expect(start(['og:title']).getVar('og:title')).toBe('Hives - NHS');
  });

  it('missing tag, empty or missing content: the default', () => {
    const satellite = start(['HospitalView', 'OrganisationKey', 'keywords']);
    expect(satellite.getVar('HospitalView')).toBe('N/A');
    expect(satellite.getVar('OrganisationKey')).toBe('N/A');
    expect(satellite.getVar('keywords')).toBe('N/A');
  });

  it('names with quotes or brackets are matched as text, never as a selector', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="a&quot;]b" content="odd">');
    const satellite = start(['a"]b', '"]']);
    expect(satellite.getVar('a"]b')).toBe('odd');
    expect(satellite.getVar('"]')).toBe('N/A');
  });
});
