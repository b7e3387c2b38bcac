import { describe, expect, it } from 'vitest';
import { DEMO_HOSTS, environmentForHost, isDemoHost, normaliseHostname } from '../src/hosts';

describe('environmentForHost (CONTRACT §3)', () => {
  it.each([
    ['www.health.localhost', 'production'],
    ['service-manual.health.localhost', 'production'],
    ['change4life.health.localhost', 'production'],
    ['healthy-living.health.localhost', 'production'],
    ['campaigns.health.localhost', 'production'],
    ['enquiries.health.localhost', 'production'],
    ['staff-check.health.localhost', 'production'],
    ['test-and-trace.health.localhost', 'production'],
    ['oneyou.health.localhost', 'production'],
    ['risk-check-beta.health.localhost', 'production'],
    ['111.wales.health.localhost', 'production'],
    ['staging.health.localhost', 'staging'],
    ['drafts.health.localhost', 'staging'],
    ['dev.health.localhost', 'development'],
    ['apply.service.gov.localhost', 'production'],
    ['renew.service.gov.localhost', 'production'],
    ['partner-one.test.localhost', 'production'],
    ['partner-two.test.localhost', 'production'],
  ])('%s -> %s', (host, environment) => {
    expect(environmentForHost(host)).toBe(environment);
  });

  it('ignores case, the port and a trailing dot', () => {
    expect(environmentForHost('DEV.Health.Localhost:8080')).toBe('development');
    expect(environmentForHost('staging.health.localhost.')).toBe('staging');
    expect(normaliseHostname('WWW.health.localhost:80')).toBe('www.health.localhost');
  });

  it('is null for names that are not demo hosts', () => {
    for (const host of ['localhost', 'vendor.localhost', 'metrics.health.localhost', 'health.localhost', 'service.gov.localhost', '.service.gov.localhost', 'partner-three.test.localhost', 'www.health.localhost.evil.test', '[::1]:8080', '']) {
      expect(environmentForHost(host), host).toBeNull();
      expect(isDemoHost(host), host).toBe(false);
    }
  });

  it('lists each demo host once', () => {
    const names = DEMO_HOSTS.map((h) => h.host);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(17);
  });
});
