/** Test data: the health site's real property as versions, deployments and a mocked admin API. */
import { buildSdr, parseProperty } from '@tagwell/schema';
import healthSite from '../../../../../properties/health-site/property.json';
import type { Deployment, EnvironmentName, Publication, SessionUser, Version, VersionSummary } from '../../lib/types';
import { clone, dataElementsOf, rulesOf, type PropertyDocument } from './document';

export const HEALTH_SITE = healthSite as unknown as PropertyDocument;
/** A fresh copy to change. */
export const freshHealthSite = (): PropertyDocument => clone(HEALTH_SITE);
/** The health site's rules and data elements, in document order. */
export const HEALTH_SITE_RULES = rulesOf(HEALTH_SITE);
export const HEALTH_SITE_ELEMENTS = dataElementsOf(HEALTH_SITE);

function indexOf(items: ReadonlyArray<{ name: string }>, what: string, name: string): number {
  const index = items.findIndex((item) => item.name === name);
  if (index < 0) throw new Error(`The health site has no ${what} named “${name}”`);
  return index;
}
/** The index of the health site's rule `name` (throws when there is none, so a renamed fixture fails plainly). */
export const ruleIndex = (name: string): number => indexOf(HEALTH_SITE_RULES, 'rule', name);
/** The index of the health site's data element `name` (throws when there is none). */
export const dataElementIndex = (name: string): number => indexOf(HEALTH_SITE_ELEMENTS, 'data element', name);

export const VIEWER: SessionUser = { id: 1, username: 'vera', role: 'viewer', admin: false };
export const EDITOR: SessionUser = { id: 2, username: 'ed', role: 'editor', admin: false };
export const PUBLISHER: SessionUser = { id: 3, username: 'pat', role: 'publisher', admin: false };
export const ADMIN: SessionUser = { id: 4, username: 'ada', role: 'publisher', admin: true };

export const deployment = (environment: EnvironmentName, version: number): Deployment => ({
  version,
  publishedAt: '2026-11-20T10:00:00.000Z',
  publishedBy: 'pat',
  buildId: `build-${environment}-${version}`,
  bytes: 12345,
  gzipBytes: 4567,
  url: `/containers/health-site/${environment}.js`,
});

export const version = (n: number, document: PropertyDocument = HEALTH_SITE, note: string | null = null): Version => ({
  version: n,
  // The server keeps documents as saved (the input form); lib/types names the parsed form.
  document: document as Version['document'],
  createdBy: 'ed',
  createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T09:00:00.000Z`,
  note,
});

export interface Scenario {
  versions: Version[];
  environments: Partial<Record<EnvironmentName, number>>;
  /** Newest first: environment, version and, optionally, when (default 19 Nov 2026) and the note. */
  publications: Array<[EnvironmentName, number] | [EnvironmentName, number, string] | [EnvironmentName, number, string, string]>;
}

/**
 * Routes for mockServer: the property, its versions, publications and SDR, kept in memory so that a
 * saved version or a publication shows in the answers that follow (as on the real server).
 */
export function propertyApi(scenario: Scenario) {
  const versions = [...scenario.versions];
  const deployments: Partial<Record<EnvironmentName, Deployment>> = Object.fromEntries(
    Object.entries(scenario.environments).map(([env, v]) => [env, deployment(env as EnvironmentName, v)]),
  );
  const publications: Publication[] = scenario.publications.map(([environment, v, at, note], i) => ({
    id: scenario.publications.length - i,
    environment,
    version: v,
    publishedBy: 'pat',
    publishedAt: at ?? '2026-11-19T10:00:00.000Z',
    note: note ?? null,
  }));
  const latest = () => versions.reduce((a, b) => (b.version > a.version ? b : a));
  const summaries = (): VersionSummary[] =>
    [...versions]
      .sort((a, b) => b.version - a.version)
      .map(({ document: _d, ...v }) => ({ ...v, environments: (Object.keys(deployments) as EnvironmentName[]).filter((env) => deployments[env]?.version === v.version) }));
  const sdr = () => {
    const parsed = parseProperty(latest().document);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    return buildSdr(parsed.property);
  };
  return {
    'GET /api/admin/properties': () => ({ properties: [{ name: 'health-site', latestVersion: latest().version, environments: deployments }] }),
    'GET /api/admin/properties/:name': () => ({ name: 'health-site', latest: latest(), environments: deployments }),
    'GET /api/admin/properties/:name/versions': () => ({ versions: summaries() }),
    'POST /api/admin/properties/:name/versions': ({ body }: { body: unknown }) => {
      const { document, note } = body as { document: PropertyDocument; note?: string };
      const saved = { ...version(latest().version + 1, document, note ?? null), createdBy: 'ed' };
      versions.push(saved);
      return saved;
    },
    'GET /api/admin/properties/:name/versions/:version': ({ url }: { url: string }) => {
      const found = versions.find((v) => v.version === Number(url.split('/').pop()));
      return found ?? apiError(404, 'NOT_FOUND', 'No such version');
    },
    'GET /api/admin/properties/:name/publications': () => ({ publications }),
    'POST /api/admin/properties/:name/publications': ({ body }: { body: unknown }) => {
      const { environment, version: v, note } = body as { environment: EnvironmentName; version: number; note?: string };
      const publication: Publication = { id: publications.length + 1, environment, version: v, publishedBy: 'pat', publishedAt: '2026-11-21T10:00:00.000Z', note: note ?? null };
      publications.unshift(publication);
      deployments[environment] = { ...deployment(environment, v), bytes: 23456, gzipBytes: 7890 };
      return { publication, deployment: deployments[environment] };
    },
    'GET /api/admin/properties/:name/sdr': sdr,
  };
}

/** `{ error: { code, message, issues } }` with a status. */
export const apiError = (status: number, code: string, message: string, issues?: Array<{ path: string; message: string }>) =>
  new Response(JSON.stringify({ error: { code, message, ...(issues ? { issues } : {}) } }), { status });
