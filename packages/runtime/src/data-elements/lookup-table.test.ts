// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, makeConfig, page, resetPage, startContainer } from '../core/test-helpers';
import type { Settings } from '../core/types';
import dataLayer from './data-layer';
import lookupTable from './lookup-table';

beforeEach(() => resetPage());

const doses = [
  { in: 'overseas-0001', out: 'Overseas' },
  { in: 'dose-0001', out: 'Dose1' },
  { in: 'dose-0002', out: 'Dose2' },
  { in: 'dose-0002', out: 'Second row of the same input' },
];
const start = (settings: Partial<Settings> = {}) =>
  startContainer(
    makeConfig({
      dataElements: {
        Code: element('data-layer', dataLayer, { path: 'page.nbs.code' }),
        Dose: element('lookup-table', lookupTable, { input: '%Code%', table: doses, ...settings }, { default: 'Undefined' }),
      },
    }),
  );
const setCode = (code: unknown) => void (page().digitalData = { page: { nbs: { code } } });

describe('lookup-table data element', () => {
  it('maps the resolved input to the output of the first matching row', () => {
    const satellite = start();
    setCode('dose-0001');
    expect(satellite.getVar('Dose')).toBe('Dose1');
    setCode('dose-0002');
    expect(satellite.getVar('Dose')).toBe('Dose2');
    setCode('overseas-0001');
    expect(satellite.getVar('Dose')).toBe('Overseas');
  });

  it('no match gives the default', () => {
    const satellite = start();
    setCode('dose-9999');
    expect(satellite.getVar('Dose')).toBe('Undefined');
    setCode(undefined);
    expect(satellite.getVar('Dose')).toBe('Undefined');
  });

  it('is case-sensitive unless caseInsensitive', () => {
    setCode('DOSE-0001');
    expect(start().getVar('Dose')).toBe('Undefined');
    resetPage();
    setCode('DOSE-0001');
    expect(start({ caseInsensitive: true }).getVar('Dose')).toBe('Dose1');
  });

  it('matches numbers by their text; the input may mix tokens and text', () => {
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          Count: element('data-layer', dataLayer, { path: 'count' }),
          Size: element('lookup-table', lookupTable, { input: 'group of %Count%', table: [{ in: 'group of 2', out: 'pair' }] }),
        },
      }),
    );
    page().digitalData = { count: 2 };
    expect(satellite.getVar('Size')).toBe('pair');
  });
});
