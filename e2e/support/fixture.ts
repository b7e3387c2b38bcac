import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildContainer } from '@tagwell/compiler';
import { launchBrowser } from './browser';
import { startTestServer, type TestServer } from './server';

export const FIXTURE_PROPERTY = join(import.meta.dirname, '..', 'fixtures', 'property.json');
export const HOST = 'www.test.localhost';

export interface Harness {
  server: TestServer;
  browser: Browser;
  /** A script tag for the built container, with the page's nonce. */
  containerTag(env?: string): string;
  /** A fresh page that records errors thrown into it. */
  newPage(): Promise<{ page: Page; errors: string[] }>;
  url(path: string): string;
  close(): Promise<void>;
}

/** Builds the fixture property against a live test server and opens Debian's Chromium. */
export async function startHarness(): Promise<Harness> {
  const out = mkdtempSync(join(tmpdir(), 'tagwell-e2e-'));
  const server = await startTestServer(out);
  await buildContainer(FIXTURE_PROPERTY, 'production', { outDir: out, trackingServer: `metrics.test.localhost:${server.port}` });
  const { browser, close } = await launchBrowser();
  return {
    server,
    browser,
    containerTag: (env = 'production') => `<script nonce="{nonce}" src="${server.origin(HOST)}/containers/browser-fixture/${env}.js"></script>`,
    async newPage() {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, errors };
    },
    url: (path) => `${server.origin(HOST)}${path}`,
    async close() {
      await close();
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

export const html = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title>${head}</head><body>${body}</body></html>`;
