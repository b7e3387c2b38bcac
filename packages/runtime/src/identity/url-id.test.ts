import { describe, expect, it } from 'vitest';
import { hostIn, readUrlId, shareCookie, urlIdValue, withParam, withoutParam } from './url-id';

const ID = '12345678901234567890123456789012345678';

describe('URL-passed id', () => {
  it('round-trips, valid for 5 minutes (and a minute of clock skew ahead)', () => {
    const query = `?a=1&tw_mc=${urlIdValue(ID, 1_000_000)}`;
    expect(query).toContain('tw_mc=TS%3D1000000%7CMCMID%3D' + ID);
    expect(readUrlId(query, 'tw_mc', 1_000_300)).toBe(ID);
    expect(readUrlId(query, 'TW_MC', 1_000_000)).toBe(ID);
    expect(readUrlId(query, 'tw_mc', 1_000_301)).toBeUndefined();
    expect(readUrlId(query, 'tw_mc', 999_940)).toBe(ID);
    expect(readUrlId(query, 'tw_mc', 999_939)).toBeUndefined();
  });

  it('ignores what is malformed', () => {
    for (const value of ['', 'TS%3D1000000', `MCMID%3D${ID}`, `TS%3Dx%7CMCMID%3D${ID}`, `TS%3D1000000%7CMCMID%3D${ID}0`, '%E0%A4%A'])
      expect(readUrlId(`?tw_mc=${value}`, 'tw_mc', 1_000_000), value).toBeUndefined();
  });

  it('is set and removed leaving the rest of the address byte for byte', () => {
    expect(withParam('https://a.example/p?q=a%20b+c&x#h', 'tw_mc', 'V')).toBe('https://a.example/p?q=a%20b+c&x&tw_mc=V#h');
    expect(withParam('https://a.example/p?tw_mc=old&y=1', 'tw_mc', 'V')).toBe('https://a.example/p?y=1&tw_mc=V');
    expect(withParam('https://a.example/', 'tw_mc', 'V')).toBe('https://a.example/?tw_mc=V');
    expect(withoutParam('https://a.example/p?TW_MC=1&q=a%20b&tw_mc=2#h?tw_mc=3', 'tw_mc')).toBe('https://a.example/p?q=a%20b#h?tw_mc=3');
    expect(withoutParam('https://a.example/p?tw_mc=1', 'tw_mc')).toBe('https://a.example/p');
    expect(withoutParam('https://a.example/p', 'tw_mc')).toBe('https://a.example/p');
  });
});

describe('hosts', () => {
  it('matches patterns and cookie domains', () => {
    expect(hostIn('apply.service.gov.localhost', ['*.service.gov.localhost'])).toBe(true);
    expect(hostIn('service.gov.localhost.evil.example', ['*.service.gov.localhost'])).toBe(false);
    expect(hostIn('partner-one.test.localhost', ['partner-one.test.localhost'])).toBe(true);
    expect(hostIn('x.partner-one.test.localhost', ['partner-one.test.localhost'])).toBe(false);
    expect(shareCookie('www.health.localhost', 'staging.health.localhost', 'health.localhost')).toBe(true);
    expect(shareCookie('www.health.localhost', 'partner-one.test.localhost', 'health.localhost')).toBe(false);
    expect(shareCookie('a.example', 'b.example', undefined)).toBe(false);
  });
});
