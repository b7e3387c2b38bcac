// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import consentState from '../analytics/consent';
import { element, makeConfig, resetPage, startContainer } from '../core/test-helpers';
import constant from './constant';
import newRepeat from './new-repeat';

const MINUTE = 60_000;
beforeEach(() => {
  resetPage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
});

const start = (settings?: Record<string, unknown>) =>
  startContainer(makeConfig({ dataElements: { Visitor: element('new-repeat', newRepeat, settings as Record<string, unknown>) } }));

describe('new-repeat data element', () => {
  it("'New' on a first visit and while activity continues with gaps under 30 minutes, then 'Repeat'", () => {
    const satellite = start({});
    expect(satellite.getVar('Visitor')).toBe('New');
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    expect(satellite.getVar('Visitor')).toBe('New');
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    expect(satellite.getVar('Visitor')).toBe('New');
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    expect(satellite.getVar('Visitor')).toBe('Repeat');
    vi.setSystemTime(Date.now() + 1 * MINUTE);
    expect(satellite.getVar('Visitor')).toBe('Repeat');
  });

  it('keeps its state in a cookie (tw_nr unless named), so a later page view knows', () => {
    start({}).getVar('Visitor');
    expect(document.cookie).toMatch(/(^|; )tw_nr=\d+-N/);
    resetPage();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const satellite = start({ cookie: 'nhs_nr' });
    satellite.getVar('Visitor');
    expect(document.cookie).toMatch(/(^|; )nhs_nr=\d+-N/);
    expect(document.cookie).not.toContain('tw_nr');
  });

  it('works without settings', () => {
    expect(start(undefined).getVar('Visitor')).toBe('New');
  });

  it('SPEC §4: without the Statistics choice on, gives nothing and writes no cookie', () => {
    const withConsent = (status: string, statistics: string) =>
      startContainer(
        makeConfig({
          dataElements: {
            Visitor: element('new-repeat', newRepeat, {}),
            Status: element('constant', constant, { value: status }),
            Statistics: element('constant', constant, { value: statistics }),
          },
          consent: { module: consentState, status: 'Status', statistics: 'Statistics', changeEvent: 'consent-changed' },
        }),
      );
    for (const [status, statistics] of [['pending', ''], ['complete', 'off']]) {
      expect(withConsent(status!, statistics!).getVar('Visitor')).toBeUndefined();
      expect(document.cookie).not.toContain('tw_nr');
      resetPage();
    }
    expect(withConsent('complete', 'on').getVar('Visitor')).toBe('New');
    expect(document.cookie).toMatch(/(^|; )tw_nr=\d+-N/);
  });
});
