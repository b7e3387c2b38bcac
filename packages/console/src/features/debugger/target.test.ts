import { describe, expect, it } from 'vitest';
import { checkAddress, configuredHosts, debugUrl, environmentForHost, hitFromHost, propertyForHost, streamUrl } from './target';
import { demoPages, pageView, property } from './test-fixtures';

describe('checkAddress', () => {
  const allowed = configuredHosts(property);

  it('accepts http(s) pages on a *.localhost host or a configured host', () => {
    expect(checkAddress(' http://dev.health.localhost:8080/conditions/asthma/ ', allowed)).toEqual({
      ok: true,
      url: 'http://dev.health.localhost:8080/conditions/asthma/',
      host: 'dev.health.localhost',
    });
    expect(checkAddress('https://NHS.example.org/a?b=1', allowed)).toEqual({ ok: true, url: 'https://nhs.example.org/a?b=1', host: 'nhs.example.org' });
  });

  it('says what is wrong otherwise', () => {
    expect(checkAddress('', allowed)).toEqual({ ok: false, message: 'Enter the address of a page to open, or choose a demo page.' });
    expect(checkAddress('dev.health.localhost/conditions', allowed)).toEqual({
      ok: false,
      message: 'Enter a full address that starts with http:// or https://, such as http://dev.health.localhost:8080/conditions/asthma/.',
    });
    expect(checkAddress('javascript:alert(1)', allowed)).toEqual({ ok: false, message: 'The address must start with http:// or https://.' });
    expect(checkAddress('https://evil.example.com/', allowed)).toEqual({
      ok: false,
      message: "evil.example.com is not a demo host (*.localhost) or a host the property configures, so its pages do not load this property's container.",
    });
  });
});

describe('debugUrl', () => {
  it('adds tw_debug with the console origin to the query, before any fragment', () => {
    expect(debugUrl('http://dev.health.localhost:8080/a/', 'http://localhost:8080')).toBe('http://dev.health.localhost:8080/a/?tw_debug=http%3A%2F%2Flocalhost%3A8080');
    expect(debugUrl('http://dev.health.localhost:8080/search/?q=flu', 'http://localhost:8080')).toBe(
      'http://dev.health.localhost:8080/search/?q=flu&tw_debug=http%3A%2F%2Flocalhost%3A8080',
    );
    expect(debugUrl('http://dev.health.localhost:8080/a/#top', 'http://localhost:8080')).toBe('http://dev.health.localhost:8080/a/?tw_debug=http%3A%2F%2Flocalhost%3A8080#top');
  });
});

describe('the host a page runs on', () => {
  it('belongs to health-site unless the demo page list names another property', () => {
    expect(propertyForHost('dev.health.localhost', demoPages)).toBe('health-site');
    expect(propertyForHost(undefined)).toBe('health-site');
    expect(propertyForHost('dev.other.localhost', [{ ...demoPages[0]!, host: 'dev.other.localhost:8080', property: 'other-site' }])).toBe('other-site');
  });

  it('has the environment and report suites whose hosts list it', () => {
    expect(environmentForHost(property, 'www.health.localhost:8080')).toEqual({ environment: 'production', reportSuites: ['nhsukprod'] });
    expect(environmentForHost(property, 'dev.health.localhost')).toEqual({ environment: 'development', reportSuites: ['nhsukdev'] });
    expect(environmentForHost(property, 'vendor.localhost')).toBeUndefined();
  });

  it("streams the environment's report suite and keeps the hits whose page URL is on the host", () => {
    expect(streamUrl('nhsukdev')).toBe('/api/stream?reportSuite=nhsukdev');
    expect(streamUrl(undefined)).toBe('/api/stream');
    expect(streamUrl('nhsukdev', 'Dev.Health.localhost:8080')).toBe('/api/stream?reportSuite=nhsukdev&pageHost=dev.health.localhost');
    expect(hitFromHost(pageView(), 'dev.health.localhost')).toBe(true);
    expect(hitFromHost(pageView(), 'staging.health.localhost')).toBe(false);
    expect(hitFromHost(pageView({ variables: { pageName: 'x' } }), 'staging.health.localhost')).toBe(true);
  });
});
