import path from 'node:path';
import { assertProperty } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { compileContainer, loadProperty } from '../src/index';
import { featureDefines } from '../src/features';
import { generateEntry } from '../src/generate';
import { baseProperty, evaluateEntry, minimalProperty, repoRoot } from './helpers';

// The visitor identity (docs/IDENTITY.md) is an optional module: compiled into a container only
// when its property declares settings.identity; a container without it carries none of its code.

const healthProperty = path.join(repoRoot, 'properties/health-site/property.json');
const identityDoc = (identity: Record<string, unknown> = {}) =>
  assertProperty(
    baseProperty({
      settings: {
        trackingServer: 'metrics.example.test',
        consent: { status: 'Status', statistics: 'Statistics', changeEvent: 'consent-changed' },
        identity: { server: 'id.example.test', crossDomainHosts: ['*.example.org'], customerIdTypes: ['crm'], idSyncContainerId: '7', ...identity },
      },
      dataElements: [
        { name: 'Status', type: 'constant', settings: { value: 'complete' } },
        { name: 'Statistics', type: 'constant', settings: { value: 'on' } },
      ],
      rules: [{ name: 'Page', events: [{ type: 'dom-ready' }], actions: [{ type: 'send-beacon', settings: { type: 'page' } }] }],
    }),
  );

describe('the identity module', () => {
  it('TW_IDENTITY follows settings.identity', () => {
    expect(featureDefines(identityDoc(), 'production').TW_IDENTITY).toBe('true');
    expect(featureDefines(loadProperty(minimalProperty).property, 'production').TW_IDENTITY).toBe('false');
  });

  it('emits the settings the page needs, with the server override; the customer id types stay on the server', () => {
    const entry = generateEntry(identityDoc(), 'production', { identityServer: 'id.health.localhost:8080' });
    expect(entry.modules).toContain('identity/index');
    const config = evaluateEntry(entry.source);
    expect(config.identity).toEqual({
      module: 'identity_index',
      server: 'id.health.localhost:8080',
      cookie: 'tw_id',
      loadTimeout: 30_000,
      handshakeTimeout: 250,
      crossDomainHosts: ['*.example.org'],
      urlParameter: 'tw_mc',
      idSyncContainerId: 7,
    });
    // No hit reports the URL-passed id (docs/IDENTITY.md): its parameter is denied in every URL.
    expect(config.analytics!.deniedParams).toEqual(['tw_mc']);
    expect(() => generateEntry(identityDoc(), 'production', { identityServer: 'http://id.example.test' })).toThrow(/identity server override/);
  });

  it("a container without it carries none of its code, only _satellite's two calls that say so", async () => {
    const { property, dir } = loadProperty(minimalProperty);
    const { js } = await compileContainer(property, 'production', { propertyDir: dir });
    expect(js).not.toContain('/id/v1/');
    expect(js).not.toContain('MCID library not loaded');
    expect(js).not.toContain('tagwell-identity');
    expect(js).not.toMatch(/"mid"/);
    expect(js).toContain('MCID instance cannot be found');
  });

  it("the health site's containers carry it, and ask the service the property names", async () => {
    const { property, dir } = loadProperty(healthProperty);
    const { js, modules } = await compileContainer(property, 'production', { propertyDir: dir });
    expect(modules).toContain('identity/index');
    expect(js).toContain('/id/v1/');
    expect(js).toContain('"id.health.localhost"');
  });
});
