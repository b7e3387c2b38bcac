// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import consentState from '../analytics/consent';
import { element, makeConfig, page, resetPage, startContainer } from '../core/test-helpers';
import type { ContainerConfig } from '../core/types';
import constant from './constant';
import dataLayer from './data-layer';
import previousValue from './previous-value';

const MINUTE = 60_000;
beforeEach(() => {
  resetPage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
});

const start = (statistics?: string) =>
  startContainer(
    makeConfig({
      dataElements: {
        'Page Name': element('data-layer', dataLayer, { path: 'page.pageInfo.pageName' }),
        'Previous Page': element('previous-value', previousValue, { input: '%Page Name%', cookie: 'tw_ppn' }, { default: 'no previous page' }),
        Status: element('constant', constant, { value: statistics ? 'complete' : 'pending' }),
        Statistics: element('constant', constant, { value: statistics }),
      },
      ...(statistics !== undefined && { consent: { module: consentState, status: 'Status', statistics: 'Statistics', changeEvent: 'consent-changed' } satisfies ContainerConfig['consent'] }),
    }),
  );
const visit = (pageName: string, statistics?: string) => {
  delete page()._satellite;
  page().digitalData = { page: { pageInfo: { pageName } } };
  return start(statistics).getVar('Previous Page');
};

describe('previous-value data element', () => {
  it('gives the input of the previous read, and stores the current one', () => {
    expect(visit('nhs:home')).toBe('no previous page');
    expect(visit('nhs:conditions')).toBe('nhs:home');
    expect(visit('nhs:conditions:hives')).toBe('nhs:conditions');
    expect(document.cookie).toContain('tw_ppn=nhs%3Aconditions%3Ahives');
  });

  it('SPEC §5: the cookie holds the value scrubbed as a hit would carry it (postcode, e-mail, NHS number)', () => {
    visit('service search: pharmacy: LS1 4AP');
    expect(decodeURIComponent(document.cookie)).toContain('tw_ppn=service search: pharmacy: postcode');
    expect(visit('contact jane.doe@example.org about 943 476 5919')).toBe('service search: pharmacy: postcode');
    expect(decodeURIComponent(document.cookie)).toContain('tw_ppn=contact about');
    expect(document.cookie).not.toMatch(/ls1|4ap|jane|example|5919/i);
  });

  it('forgets after 30 minutes', () => {
    visit('nhs:home');
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    expect(visit('nhs:search')).toBe('nhs:home');
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    expect(visit('nhs:later')).toBe('no previous page');
  });

  it('SPEC §4: without the Statistics choice on, gives nothing and writes no cookie', () => {
    expect(visit('nhs:home', '')).toBe('no previous page');
    expect(visit('nhs:conditions', 'off')).toBe('no previous page');
    expect(document.cookie).not.toContain('tw_ppn');
    expect(visit('nhs:conditions:hives', 'on')).toBe('no previous page');
    expect(visit('nhs:search', 'on')).toBe('nhs:conditions:hives');
  });
});
