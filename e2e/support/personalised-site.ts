/**
 * The setup the personalisation browser tests share: the repository's health-site property copied
 * to a temporary folder and changed for the test (an activity added, a setting changed), `npm
 * start`'s server in this process on it (SQLite in a temporary folder, its decision service and
 * collector), and Debian's Chromium. A visitor gets the site's consent cookie with the Statistics
 * choice the test gives.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { loadConfig, startServer, type RunningServer } from '@tagwell/server';
import { launchBrowser } from './browser';
import { giveConsent } from './consent';

/** The property document as JSON, for a test to change. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test changes what it needs
export type PropertyJson = Record<string, any>;

export interface PersonalisedSiteOptions {
  /** Names the temporary folders (`tagwell-e2e-<name>-...`). */
  name: string;
  /** Activities added after the property's own. */
  activities?: unknown[];
  /** Any other change to the document before the server reads it. */
  edit?: (document: PropertyJson) => void;
  /** The server's port (default: a free one). */
  port?: number;
  /** Launch Chromium too (default true); a second server of one test can share the first's. */
  browser?: boolean;
  /** More of the server's environment, e.g. TAGWELL_API_TOKEN to read the stored hits. */
  env?: Record<string, string>;
}

export interface PersonalisedSite {
  server: RunningServer;
  port: number;
  /** Present unless the options said browser: false. */
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  url(host: string, path: string): string;
  stop(): Promise<void>;
}

export async function startPersonalisedSite(options: PersonalisedSiteOptions): Promise<PersonalisedSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tagwell-e2e-${options.name}-`));
  const propertiesDir = mkdtempSync(path.join(tmpdir(), `tagwell-e2e-${options.name}-properties-`));
  const dirs = [dataDir, propertiesDir];
  cpSync(path.resolve(import.meta.dirname, '..', '..', 'properties', 'health-site'), path.join(propertiesDir, 'health-site'), { recursive: true });
  const file = path.join(propertiesDir, 'health-site', 'property.json');
  const document = JSON.parse(readFileSync(file, 'utf8')) as PropertyJson;
  document.personalisation.activities.push(...(options.activities ?? []));
  options.edit?.(document);
  writeFileSync(file, JSON.stringify(document, null, 2));
  let server: RunningServer | undefined;
  let browser: PersonalisedSite['browser'] | undefined;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    server = await startServer({ ...loadConfig({ PORT: String(options.port ?? 0), LOG_LEVEL: 'silent', ...options.env }), dataDir, propertiesDir }, { logger: false });
    if (options.browser !== false) browser = await launchBrowser();
  } catch (error) {
    await stop();
    throw error;
  }
  const port = server.port;
  return { server, port, browser: browser!, url: (host, pathname) => `http://${host}:${port}${pathname}`, stop };
}

/** Sets the consent cookie with the visitor's Statistics choice (Marketing off) on every health.localhost host of the context. */
export const setStatistics = (context: BrowserContext, statistics: boolean) => giveConsent(context, { statistics });

/** A fresh visitor (own cookies and storage) with the Statistics choice given (none: null), and the page's errors recorded. */
export async function newVisitor(site: Pick<PersonalisedSite, 'browser'>, statistics: boolean | null = true): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await site.browser.browser.newContext();
  if (statistics !== null) await setStatistics(context, statistics);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
