// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { element, makeConfig, page, resetPage, startContainer } from '../core/test-helpers';
import dataLayer from './data-layer';
import previousValue from './previous-value';

const MINUTE = 60_000;
beforeEach(() => {
  resetPage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
});

const start = () =>
  startContainer(
    makeConfig({
      dataElements: {
        'Page Name': element('data-layer', dataLayer, { path: 'page.pageInfo.pageName' }),
        'Previous Page': element('previous-value', previousValue, { input: '%Page Name%', cookie: 'tw_ppn' }, { default: 'no previous page' }),
      },
    }),
  );
const visit = (pageName: string) => {
  delete page()._satellite;
  page().digitalData = { page: { pageInfo: { pageName } } };
  return start().getVar('Previous Page');
};

describe('previous-value data element', () => {
  it('gives the input of the previous read, and stores the current one', () => {
    expect(visit('nhs:home')).toBe('no previous page');
    expect(visit('nhs:conditions')).toBe('nhs:home');
    expect(visit('nhs:conditions:hives')).toBe('nhs:conditions');
    expect(document.cookie).toContain('tw_ppn=nhs%3Aconditions%3Ahives');
  });

  it('forgets after 30 minutes', () => {
    visit('nhs:home');
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    expect(visit('nhs:search')).toBe('nhs:home');
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    expect(visit('nhs:later')).toBe('no previous page');
  });
});
