// The page registry: every page of every demo host, looked up by host and decoded path.
import { LIVE_HOST, normaliseHostname } from '../hosts';
import { hostUrl } from '../html';
import type { Breadcrumb, DemoPage } from '../types';
import { accountAndCookiePages } from './account-and-cookies';
import { campaignPages } from './campaigns';
import { chickenpox, conditionPages } from './conditions';
import { contentPages, home } from './content';
import { warmUpVideo } from './media';
import { otherSitePages } from './other-sites';
import { prescriptionPages } from './prescriptions';
import { registerAndReportPages } from './register-and-report';
import { resolveSearchPage, searchPages } from './search';
import { testingPages } from './testing';
import { toolPages } from './tools';
import { vaccinationPages } from './vaccination';

/** The staging, dev and drafts sites carry a copy of the live home page and one condition page. */
export const ENVIRONMENT_COPY_HOSTS = ['staging.health.localhost', 'dev.health.localhost', 'drafts.health.localhost'] as const;

const COPIED = [home, chickenpox];
const copiedPaths = new Set(COPIED.map((p) => p.path));

/** Links in a copy lead to the live site, except between the copied pages themselves. */
function linkToLive(body: string): string {
  return body.replace(/\b(href|action)="(\/[^"]*)"/g, (whole, attr: string, target: string) => {
    const path = target.replace(/[?#].*$/, '');
    return copiedPaths.has(path) ? whole : `${attr}="${hostUrl(LIVE_HOST, target)}"`;
  });
}

const environmentCopies = ENVIRONMENT_COPY_HOSTS.flatMap((host) => COPIED.map((page) => ({ ...page, host, body: linkToLive(page.body) })));

/** `/a/b/` and `/a/b` are the same page; `/` stays `/`. */
export function normalisePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

const keyOf = (host: string, path: string) => `${normaliseHostname(host)}${normalisePath(path)}`;

const ALL: DemoPage[] = [
  ...contentPages,
  warmUpVideo,
  ...conditionPages,
  ...searchPages,
  ...toolPages,
  ...registerAndReportPages,
  ...testingPages,
  ...vaccinationPages,
  ...prescriptionPages,
  ...accountAndCookiePages,
  ...campaignPages,
  ...otherSitePages,
  ...environmentCopies,
];

const byKey = new Map<string, DemoPage>();
for (const page of ALL) {
  const key = keyOf(page.host, page.path);
  if (byKey.has(key)) throw new Error(`demo site: two pages at ${key}`);
  byKey.set(key, page);
}

/** Home, then each ancestor path that is a page on the same host. */
function breadcrumbsFor(page: DemoPage): Breadcrumb[] {
  const path = normalisePath(page.path);
  if (path === '/') return [];
  const crumbs: Breadcrumb[] = [];
  const parts = path.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const ancestor = i === 0 ? '/' : `/${parts.slice(0, i).join('/')}/`;
    const found = byKey.get(keyOf(page.host, ancestor));
    if (found) crumbs.push({ text: ancestor === '/' ? 'Home' : found.title, href: found.path });
  }
  return crumbs;
}

const withCrumbs = (page: DemoPage): DemoPage => (page.breadcrumbs ? page : { ...page, breadcrumbs: breadcrumbsFor(page) });

/** Every static page, breadcrumbs filled in. */
export const PAGES: readonly DemoPage[] = ALL.map(withCrumbs);
for (const page of PAGES) byKey.set(keyOf(page.host, page.path), page);

export function pagesForHost(host: string): DemoPage[] {
  const name = normaliseHostname(host);
  return PAGES.filter((p) => p.host === name);
}

/**
 * The page at a host and an already-decoded path (no query string), trailing-slash
 * tolerant and case-sensitive; service-search pages exist for any location on the live host.
 */
export function findPage(host: string, path: string): DemoPage | undefined {
  const found = byKey.get(keyOf(host, path));
  if (found) return found;
  if (normaliseHostname(host) === LIVE_HOST) {
    const dynamic = resolveSearchPage(normalisePath(path));
    if (dynamic) return withCrumbs(dynamic);
  }
  return undefined;
}

export { COOKIES_POLICY_PATH } from './account-and-cookies';
export { FIND_A_PHARMACY_PATH } from '../components';
export { SECRET_LINK_PATH } from './testing';
