// CONTRACT §3: the demo hosts, the role each plays in SPEC.md, and the container it loads.

export type ContainerEnvironment = 'development' | 'staging' | 'production';

export interface DemoHost {
  host: string;
  role: string;
  environment: ContainerEnvironment;
  /** SPEC §2: hosts the global page-view rule skips. */
  excludedFromPageView?: boolean;
}

export const LIVE_HOST = 'www.health.localhost';
export const VENDOR_HOST = 'vendor.localhost';
export const TRACKING_HOST = 'metrics.health.localhost';
/** Links to these hosts are rewritten to carry the stitching identifier (SPEC §7). */
export const STITCHING_HOSTS = ['enquiries.health.localhost', 'staff-check.health.localhost', 'test-and-trace.health.localhost'] as const;

export const DEMO_HOSTS: readonly DemoHost[] = [
  { host: LIVE_HOST, role: 'live site', environment: 'production' },
  { host: 'staging.health.localhost', role: 'staging site', environment: 'staging' },
  { host: 'dev.health.localhost', role: 'dev site', environment: 'development' },
  { host: 'drafts.health.localhost', role: 'drafts site', environment: 'staging' },
  { host: 'service-manual.health.localhost', role: 'service-manual site', environment: 'production' },
  { host: 'change4life.health.localhost', role: 'Change4life site', environment: 'production' },
  { host: 'healthy-living.health.localhost', role: 'healthy-living area', environment: 'production' },
  { host: 'campaigns.health.localhost', role: 'lifestyle campaign area', environment: 'production' },
  { host: 'enquiries.health.localhost', role: 'enquiries site', environment: 'production' },
  { host: 'staff-check.health.localhost', role: 'vaccination staff check site', environment: 'production' },
  { host: 'test-and-trace.health.localhost', role: 'test-and-trace site', environment: 'production', excludedFromPageView: true },
  { host: 'oneyou.health.localhost', role: 'one-you site', environment: 'production', excludedFromPageView: true },
  { host: 'risk-check-beta.health.localhost', role: 'risk-check beta', environment: 'production', excludedFromPageView: true },
  { host: '111.wales.health.localhost', role: 'Welsh 111 subdomain', environment: 'production', excludedFromPageView: true },
  { host: 'apply.service.gov.localhost', role: 'government service site', environment: 'production', excludedFromPageView: true },
  { host: 'partner-one.test.localhost', role: 'partner test host', environment: 'production', excludedFromPageView: true },
  { host: 'partner-two.test.localhost', role: 'partner test host', environment: 'production', excludedFromPageView: true },
];

/** Every `*.service.gov.localhost` name is a government service site. */
const GOV_SERVICE_SUFFIX = '.service.gov.localhost';

/** `Www.Health.Localhost:8080` -> `www.health.localhost`. */
export function normaliseHostname(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  if (host.startsWith('[')) return host; // an IPv6 literal is never a demo host
  host = host.replace(/:\d*$/, '');
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function demoHost(hostname: string): DemoHost | undefined {
  const host = normaliseHostname(hostname);
  const known = DEMO_HOSTS.find((h) => h.host === host);
  if (known) return known;
  if (host.endsWith(GOV_SERVICE_SUFFIX) && host.length > GOV_SERVICE_SUFFIX.length) {
    return { host, role: 'government service site', environment: 'production', excludedFromPageView: true };
  }
  return undefined;
}

/** The container environment a demo host loads, or null when the name is not a demo host. */
export function environmentForHost(hostname: string): ContainerEnvironment | null {
  return demoHost(hostname)?.environment ?? null;
}

export function isDemoHost(hostname: string): boolean {
  return demoHost(hostname) !== undefined;
}
