// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, makeConfig, resetPage, startContainer } from '../core/test-helpers';
import cookie from './cookie';

beforeEach(() => resetPage());

const start = () =>
  startContainer(
    makeConfig({
      dataElements: {
        Stitch: element('cookie', cookie, { name: 'tw_mcid' }, { default: 'unavailable' }),
        Answer: element('cookie', cookie, { name: 'tw_answer' }),
      },
    }),
  );

describe('cookie data element', () => {
  it('reads the cookie, decoded', () => {
    document.cookie = 'tw_mcid=12345; path=/';
    document.cookie = 'tw_answer=Are%20You%20Pregnant%3A%20Yes; path=/';
    const satellite = start();
    expect(satellite.getVar('Stitch')).toBe('12345');
    expect(satellite.getVar('Answer')).toBe('Are You Pregnant: Yes');
  });

  it('a missing or empty cookie gives the default', () => {
    const satellite = start();
    expect(satellite.getVar('Stitch')).toBe('unavailable');
    document.cookie = 'tw_mcid=; path=/';
    expect(satellite.getVar('Stitch')).toBe('unavailable');
    expect(satellite.getVar('Answer')).toBeUndefined();
  });

  it('reads the cookie as it is now', () => {
    const satellite = start();
    expect(satellite.getVar('Stitch')).toBe('unavailable');
    document.cookie = 'tw_mcid=later; path=/';
    expect(satellite.getVar('Stitch')).toBe('later');
  });

  it('does not confuse cookies whose names share a prefix, and keeps a malformed value as written', () => {
    document.cookie = 'tw_mcid_old=old; path=/';
    document.cookie = 'tw_answer=100%; path=/';
    const satellite = start();
    expect(satellite.getVar('Stitch')).toBe('unavailable');
    expect(satellite.getVar('Answer')).toBe('100%');
  });
});
