import { isDemoHost } from '@tagwell/demo-site';
import type { Property } from '@tagwell/schema';
import type { IdentityServiceOptions, IdentitySettings } from './service';

const hostIn = (host: string, pattern: string) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern);

/**
 * The service's options for the properties the server serves: the customer id types they declare,
 * and the pages that may read its answers: the demo hosts (CONTRACT §3) and every host the
 * properties name (environments and settings.identity.crossDomainHosts), over http or https.
 */
export function identityOptions(
  settings: IdentitySettings,
  properties: Property[],
  warn: IdentityServiceOptions['warn'],
): IdentityServiceOptions {
  const types = new Set<string>();
  const patterns = new Set<string>();
  for (const property of properties) {
    for (const type of property.settings.identity?.customerIdTypes ?? []) types.add(type);
    for (const pattern of property.settings.identity?.crossDomainHosts ?? []) patterns.add(pattern);
    for (const environment of Object.values(property.environments)) for (const host of environment.hosts) patterns.add(host.replace(/:\d+$/, ''));
  }
  return {
    ...settings,
    customerIdTypes: types,
    warn,
    allowOrigin(origin) {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      return isDemoHost(url.hostname) || [...patterns].some((pattern) => hostIn(url.hostname, pattern));
    },
  };
}
