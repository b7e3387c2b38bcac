import type { Property } from '@tagwell/schema';
import type { Beacon, DemoPage, EnvironmentName } from '../../lib/types';

export const DEFAULT_PROPERTY = 'health-site';

/** `WWW.Health.localhost:8080` -> `www.health.localhost`. */
export const hostname = (host: string): string => host.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');

/**
 * The property whose container runs on a host: the demo page list's word when it names one, else
 * health-site (the one property the demo serves). The one place that decides it.
 */
export function propertyForHost(host: string | undefined, pages: ReadonlyArray<DemoPage & { property?: string }> = []): string {
  if (!host) return DEFAULT_PROPERTY;
  return pages.find((p) => hostname(p.host) === hostname(host) && p.property)?.property ?? DEFAULT_PROPERTY;
}

/** The environment (and its report suites) whose hosts list includes `host`. */
export function environmentForHost(document: Property | undefined, host: string): { environment: EnvironmentName; reportSuites: string[] } | undefined {
  if (!document) return undefined;
  for (const environment of ['development', 'staging', 'production'] as const) {
    const env = document.environments[environment];
    if (env.hosts.some((h) => hostname(h) === hostname(host))) return { environment, reportSuites: env.reportSuites };
  }
  return undefined;
}

export const configuredHosts = (document: Property | undefined): string[] =>
  document ? (['development', 'staging', 'production'] as const).flatMap((env) => document.environments[env].hosts.map(hostname)) : [];

export type AddressCheck = { ok: true; url: string; host: string } | { ok: false; message: string };

/** CONTRACT §3: the debugger opens http(s) pages on a `*.localhost` demo host or a host the property configures. */
export function checkAddress(text: string, allowedHosts: readonly string[]): AddressCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: 'Enter the address of a page to open, or choose a demo page.' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'Enter a full address that starts with http:// or https://, such as http://dev.health.localhost:8080/conditions/asthma/.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: 'The address must start with http:// or https://.' };
  const host = hostname(url.hostname);
  if (!host.endsWith('.localhost') && !allowedHosts.map(hostname).includes(host))
    return { ok: false, message: `${host} is not a demo host (*.localhost) or a host the property configures, so its pages do not load this property's container.` };
  return { ok: true, url: url.href, host };
}

/** The page's address with `tw_debug=<console origin>`, which switches on the container's debug bridge. */
export function debugUrl(url: string, consoleOrigin: string): string {
  const hash = url.indexOf('#');
  const [main, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return main + (main.includes('?') ? '&' : '?') + 'tw_debug=' + encodeURIComponent(consoleOrigin) + fragment;
}

/**
 * The live stream for a page's hits: the environment's report suite and the page's host (`pageHost`,
 * the host of the hit's pageURL; the stream's `host` is the tracking server that received it).
 * `hitFromHost` checks the host again on this side.
 */
export function streamUrl(reportSuite: string | undefined, pageHost?: string): string {
  const query = new URLSearchParams();
  if (reportSuite) query.set('reportSuite', reportSuite);
  if (pageHost) query.set('pageHost', hostname(pageHost));
  const text = query.toString();
  return text ? `/api/stream?${text}` : '/api/stream';
}

/** True when the hit was sent from a page on `host` (its page URL, `g`); a hit without one is kept. */
export function hitFromHost(beacon: Beacon, host: string): boolean {
  const pageUrl = beacon.variables.pageURL;
  if (typeof pageUrl !== 'string' || !pageUrl) return true;
  try {
    return hostname(new URL(pageUrl).hostname) === hostname(host);
  } catch {
    return true;
  }
}
