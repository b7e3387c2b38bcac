import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildEnvironments } from '@tagwell/compiler';
import { createDemoHandler } from '@tagwell/demo-site';
import { launchBrowser } from './browser';
import { startTestServer, type Hit, type TestServer } from './server';

export const HEALTH_PROPERTY = join(import.meta.dirname, '..', '..', 'properties', 'health-site', 'property.json');

export interface HealthSite {
  server: TestServer;
  browser: Browser;
  url(host: string, path: string): string;
  /** A fresh visitor (own cookies), with the consent the test chooses, and the page's errors recorded. */
  visitor(consent?: { statistics: boolean; marketing: boolean } | null): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** Hits received since `from` (an index into server.hits) that match. */
  hitsSince(from: number, predicate?: (hit: Hit) => boolean): Hit[];
  close(): Promise<void>;
}

/**
 * The demo health site with the health-site property's containers, a collector on
 * metrics.health.localhost, all on one real HTTP server, and Debian's Chromium.
 */
export async function startHealthSite(): Promise<HealthSite> {
  const out = mkdtempSync(join(tmpdir(), 'tagwell-health-'));
  const demo = createDemoHandler({ containerUrl: (environment) => `/containers/health-site/${environment}.js` });
  const server = await startTestServer(out, demo);
  await buildEnvironments(HEALTH_PROPERTY, undefined, { outDir: out, trackingServer: `metrics.health.localhost:${server.port}` });
  const { browser, close } = await launchBrowser();
  const url = (host: string, path: string) => `http://${host}:${server.port}${path}`;
  return {
    server,
    browser,
    url,
    async visitor(consent = { statistics: true, marketing: true }) {
      const context = await browser.newContext();
      if (consent) {
        const value = JSON.stringify({ necessary: true, statistics: consent.statistics, marketing: consent.marketing, consented: true });
        await context.addCookies([{ name: 'nhsuk-cookie-consent', value: encodeURIComponent(value), domain: '.health.localhost', path: '/' }]);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
    hitsSince: (from, predicate = () => true) => server.hits.slice(from).filter(predicate),
    async close() {
      await close();
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

export const pageViews = (hit: Hit) => !hit.params.has('pe');
export const linkNamed = (name: string) => (hit: Hit) => hit.params.get('pev2') === name;
