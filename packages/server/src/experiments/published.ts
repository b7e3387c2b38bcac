/**
 * The activities each environment runs (issue 14 items 3-4): read from the property versions
 * published there, so that every server process on one database counts and lists alike.
 */
import { ENVIRONMENTS, parseProperty, type Activity, type EnvironmentName, type Personalisation, type Property } from '@tagwell/schema';
import type { PropertyVersion, Storage } from '../storage';

export interface PublishedEnvironment {
  property: string;
  environment: EnvironmentName;
  version: number;
  publishedAt: string;
  /** The version's personalisation settings (client code, organisation, activities), when it has any. */
  personalisation: Personalisation | undefined;
  /** The page hosts of the environment, without port, lower-case. */
  hosts: readonly string[];
  reportSuites: readonly string[];
  /** Every activity of the version, paused ones included. */
  activities: readonly Activity[];
}

/** How long a process trusts what it read of the publications: a publish on another process is seen within this. */
export const PUBLICATION_TTL_MS = 1_000;

const hostname = (host: string) => host.toLowerCase().replace(/:\d+$/, '');

/** A stored document as the schema reads it, or undefined when it no longer validates. */
export function propertyOf(version: PropertyVersion | undefined): Property | undefined {
  if (!version) return undefined;
  const parsed = parseProperty(version.document);
  return parsed.ok ? parsed.property : undefined;
}

/** What every environment of the named properties runs now. Parsed documents are kept per version. */
export class PublishedActivities {
  private readonly parsed = new Map<string, Property | undefined>();
  private cached: { at: number; value: Promise<PublishedEnvironment[]> } | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly names: () => string[],
    private readonly ttlMs = PUBLICATION_TTL_MS,
  ) {}

  async version(property: string, version: number): Promise<Property | undefined> {
    const key = `${property}/${version}`;
    if (!this.parsed.has(key)) this.parsed.set(key, propertyOf(await this.storage.getPropertyVersion(property, version)));
    return this.parsed.get(key);
  }

  /** Read now, past the cache (the admin API: what was just published shows at once). */
  async read(): Promise<PublishedEnvironment[]> {
    const out: PublishedEnvironment[] = [];
    for (const name of this.names()) {
      for (const publication of await this.storage.currentPublications(name)) {
        const document = await this.version(name, publication.version);
        if (!document) continue;
        const environment = document.environments[publication.environment];
        out.push({
          property: name,
          environment: publication.environment,
          version: publication.version,
          publishedAt: publication.publishedAt,
          personalisation: document.personalisation,
          hosts: environment.hosts.map(hostname),
          reportSuites: environment.reportSuites,
          activities: document.personalisation?.activities ?? [],
        });
      }
    }
    return out.sort((a, b) => a.property.localeCompare(b.property) || ENVIRONMENTS.indexOf(a.environment) - ENVIRONMENTS.indexOf(b.environment));
  }

  /** As read, trusted for ttlMs (the collector's path: one read a second at most). */
  current(): Promise<PublishedEnvironment[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= this.ttlMs) {
      const value = this.read();
      // A failed read is not kept: the next batch asks again.
      value.catch(() => (this.cached = undefined));
      this.cached = { at: now, value };
    }
    return this.cached.value;
  }
}

/**
 * The environment a hit belongs to: the one whose hosts include the page's host; when the page
 * host is unknown (no URL, a host no environment names), the one whose report suites it was sent to.
 */
export function environmentOfHit(environments: readonly PublishedEnvironment[], hit: { pageUrl: string | null; reportSuites: string }): PublishedEnvironment | undefined {
  let pageHost: string | undefined;
  try {
    pageHost = hit.pageUrl ? new URL(hit.pageUrl).hostname.toLowerCase() : undefined;
  } catch {
    pageHost = undefined;
  }
  const byHost = pageHost ? environments.find((e) => e.hosts.includes(pageHost)) : undefined;
  if (byHost) return byHost;
  const suites = hit.reportSuites.split(',');
  return environments.find((e) => e.reportSuites.some((s) => suites.includes(s)));
}
