import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { compileContainer, loadProperty } from '@tagwell/compiler';
import { createDemoHandler } from '@tagwell/demo-site';
import { ENVIRONMENTS, type Property } from '@tagwell/schema';
import { launchBrowser } from './browser';
import { identityHandler } from './identity';
import { startTestServer, type Hit, type TestServer } from './server';
import { giveConsent } from './consent';
import { within } from './eventually';

/** Bound on the visitor's browser calls that have no timeout of their own: well under a test's 60 s. */
const BROWSER_CALL_MS = 20_000;

export const HEALTH_PROPERTY = join(import.meta.dirname, '..', '..', 'properties', 'health-site', 'property.json');

export interface HealthSite {
  server: TestServer;
  browser: Browser;
  url(host: string, path: string): string;
  /** A fresh visitor (own cookies), with the consent the test chooses, and the page's errors recorded. */
  visitor(consent?: { statistics: boolean; marketing: boolean } | null): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** Hits received since `from` (an index into server.hits) that match. */
  hitsSince(from: number, predicate?: (hit: Hit) => boolean): Hit[];
  /** The identity service on `id.health.localhost` (docs/IDENTITY.md): what it was asked, and what it logged. */
  identity: Pick<ReturnType<typeof identityHandler>, 'seen' | 'warnings'>;
  close(): Promise<void>;
}

export interface HealthSiteOptions {
  /** Changes the property before it is built, e.g. a shorter identity load timeout for a test. */
  tweak?: (property: Property) => Property;
}

/**
 * The demo health site with the health-site property's containers, a collector on
 * metrics.health.localhost, all on one real HTTP server, and Debian's Chromium.
 */
export async function startHealthSite(options: HealthSiteOptions = {}): Promise<HealthSite> {
  const out = mkdtempSync(join(tmpdir(), 'tagwell-health-'));
  const demo = createDemoHandler({ containerUrl: (environment) => `/containers/health-site/${environment}.js` });
  const loaded = loadProperty(HEALTH_PROPERTY);
  const property = options.tweak ? options.tweak(loaded.property) : loaded.property;
  const identity = identityHandler([property]);
  const server = await startTestServer(out, async (req, res) => (await identity.handle(req, res)) || demo(req, res));
  // The containers send to this server: hits to its collector, identity requests to its identity service.
  mkdirSync(join(out, property.name), { recursive: true });
  for (const env of ENVIRONMENTS) {
    const built = await compileContainer(property, env, {
      propertyDir: loaded.dir,
      trackingServer: `metrics.health.localhost:${server.port}`,
      identityServer: `id.health.localhost:${server.port}`,
      // The page-load decision asks this server, which has no decision service: the page is shown at once.
      decisionServer: `decisions.health.localhost:${server.port}`,
    });
    writeFileSync(join(out, property.name, `${env}.js`), built.js);
  }
  const { browser, close } = await launchBrowser();
  const url = (host: string, path: string) => `http://${host}:${server.port}${path}`;
  return {
    server,
    browser,
    url,
    async visitor(consent = { statistics: true, marketing: true }) {
      const context = await within(BROWSER_CALL_MS, 'browser.newContext', browser.newContext());
      if (consent) await within(BROWSER_CALL_MS, 'context.addCookies (consent)', giveConsent(context, consent));
      const page = await within(BROWSER_CALL_MS, 'context.newPage', context.newPage());
      // Tests close their visitors' contexts; a close that hangs names itself instead of timing the test out.
      const close = context.close.bind(context);
      context.close = (options) => within(BROWSER_CALL_MS, 'context.close', close(options));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
    hitsSince: (from, predicate = () => true) => server.hits.slice(from).filter(predicate),
    identity,
    async close() {
      await close();
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

export const pageViews = (hit: Hit) => !hit.params.has('pe');
export const linkNamed = (name: string) => (hit: Hit) => hit.params.get('pev2') === name;
