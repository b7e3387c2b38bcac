import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvironments } from '@tagwell/compiler';
import { launchBrowser } from './support/browser';
import { FIXTURE_PROPERTY, html } from './support/fixture';
import { startTestServer, type TestServer } from './support/server';

// The runtime's debug bridge in Chromium: the console's debugger opens a demo page in an iframe
// (or a popup) on another origin, with ?tw_debug=<its origin>, and hears what the container does.
// The mark leaves the address before any hit is built: the page's hits are those of the page
// opened directly.

const SITE = 'www.test.localhost';
const CONSOLE = 'console.test.localhost';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let out: string;

interface Received {
  origin: string;
  data: Record<string, unknown>;
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tagwell-bridge-'));
  server = await startTestServer(out);
  await buildEnvironments(FIXTURE_PROPERTY, ['development', 'production'], { outDir: out, trackingServer: `metrics.test.localhost:${server.port}` });
  ({ browser, close: closeBrowser } = await launchBrowser());
  const demo = (env: string) =>
    html(
      `<script nonce="{nonce}">window.digitalData = { page: { pageInfo: { pageName: 'Bridge Page' }, category: { subCategory2: '' } }, search: { keyword: 'jo@nhs.net' } };</script>
       <script nonce="{nonce}" src="http://${SITE}:{port}/containers/browser-fixture/${env}.js"></script>`,
      '<p>Demo page</p>',
    );
  server.pages.set('/demo/development', { html: demo('development') });
  server.pages.set('/demo/production', { html: demo('production') });
  // The console: it records every message any window posts to it, and opens pages as the debugger does.
  server.pages.set('/console', {
    html: html(
      `<script nonce="{nonce}">
        window.__received = [];
        addEventListener('message', function (e) { window.__received.push({ origin: e.origin, data: e.data }); });
      </script>`,
      '<p>Debugger</p>',
    ),
  });
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

const siteUrl = (path: string) => `http://${SITE}:${server.port}${path}`;
const consoleOrigin = () => `http://${CONSOLE}:${server.port}`;
const debugged = (path: string) => siteUrl(`${path}?tw_debug=${encodeURIComponent(consoleOrigin())}`);

/** The console page, in a fresh browser context (own storage). */
async function openConsole(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  await page.goto(`${consoleOrigin()}/console`);
  return { page, errors, close: () => context.close() };
}

/** Loads `src` in an iframe of the console page and waits for it to load. */
const frame = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe');
        iframe.id = 'demo';
        iframe.onload = () => resolve();
        iframe.src = url;
        document.body.appendChild(iframe);
      }),
    src,
  );

const received = (page: Page) => page.evaluate(() => (window as unknown as { __received: Received[] }).__received);
const of = (messages: Received[], type: string) => messages.filter((m) => m.data.type === type).map((m) => m.data);

/** Waits until the console has received a message that matches. */
const waitFor = (page: Page, type: string, match: Record<string, unknown> = {}) =>
  page.waitForFunction(
    ([type, match]) =>
      (window as unknown as { __received: Received[] }).__received.some((m) => m.data && m.data.type === type && Object.entries(match).every(([k, v]) => m.data[k] === v)),
    [type, match] as const,
  );

describe('debug bridge in Chromium', () => {
  it('posts ready, rules, redactions and logs to a console on another origin, and answers its data-elements request', async () => {
    const { page, errors, close } = await openConsole();
    await frame(page, debugged('/demo/development'));
    await waitFor(page, 'redaction');
    await waitFor(page, 'rule', { rule: 'Page view' });

    // The console asks, as the debugger does, for the data elements' values.
    await page.evaluate((origin) => {
      (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ source: 'tagwell-console', type: 'data-elements' }, origin);
    }, siteUrl(''));
    await waitFor(page, 'data-elements');

    const messages = await received(page);
    // Every message comes from the demo page's origin, as a plain object from Tagwell.
    expect(new Set(messages.map((m) => m.origin))).toEqual(new Set([siteUrl('')]));
    expect(messages.every((m) => m.data.source === 'tagwell')).toBe(true);
    expect(messages[0]!.data).toEqual({
      source: 'tagwell',
      type: 'ready',
      property: 'browser-fixture',
      environment: 'development',
      buildId: expect.stringMatching(/^[\da-f]{12}$/),
      url: siteUrl('/demo/development'),
    });
    // The address as if opened directly: the frame's own, and so its hits' page URL.
    expect(await page.frameLocator('#demo').locator('body').evaluate(() => location.href)).toBe(siteUrl('/demo/development'));
    const rules = of(messages, 'rule');
    expect(rules).toContainEqual({ source: 'tagwell', type: 'rule', rule: 'Page view', event: 'window-loaded', fired: true });
    // "Load a script" needs ?load=: its condition fails.
    expect(rules).toContainEqual({ source: 'tagwell', type: 'rule', rule: 'Load a script', event: 'dom-ready', fired: false, failed: 'conditions[0]' });
    // The search term (eVar10) holds an e-mail address: the guard removes it, the console hears what and where.
    const [redaction] = of(messages, 'redaction');
    expect(of(messages, 'redaction')).toEqual([{ source: 'tagwell', type: 'redaction', field: 'v10', kind: 'email', query: expect.stringMatching(/^AQB=1&.*&AQE=1$/) }]);
    expect(redaction!.query).not.toContain('nhs.net');
    expect(of(messages, 'log')).toContainEqual(expect.objectContaining({ level: 'log', message: 'Rule "Page view" fired', time: expect.any(Number) }));
    const [answer] = of(messages, 'data-elements');
    // Values go through the privacy guard before they leave the page, as hits do.
    expect(answer!.values).toMatchObject({ 'Page Name': 'bridge page', 'Search Term': '', 'Sub Category2': '' });

    // The hit itself left without the address, and without the debugger's mark.
    const hit = await server.waitForHit((h) => h.params.get('pageName') === 'bridge page');
    expect(hit.query).not.toContain('nhs.net');
    expect(hit.query).not.toContain('tw_debug');
    expect(hit.params.get('g')).toBe(siteUrl('/demo/development'));
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps a popup connected to its opener on the later pages of the tab, until tw_debug=off', async () => {
    const { page, errors, close } = await openConsole();
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate((url) => void window.open(url, 'demo'), debugged('/demo/development'))]);
    await waitFor(page, 'ready', { url: siteUrl('/demo/development') });
    expect(popup!.url()).toBe(siteUrl('/demo/development'));
    // A later page of the same tab, without the parameter: still connected (sessionStorage).
    // Its referrer is the address without the mark.
    // Followed from the page itself, so the browser sends its address as the referrer.
    await Promise.all([popup!.waitForURL(siteUrl('/demo/development?step=2')), popup!.evaluate((url) => location.assign(url), siteUrl('/demo/development?step=2'))]);
    await waitFor(page, 'ready', { url: siteUrl('/demo/development?step=2') });
    const second = await server.waitForHit((h) => h.params.get('g') === siteUrl('/demo/development?step=2'));
    expect(second.params.get('r')).toBe(siteUrl('/demo/development'));
    await popup!.goto(siteUrl('/demo/development?tw_debug=off'));
    await popup!.waitForFunction(() => document.readyState === 'complete');
    await popup!.goto(siteUrl('/demo/development?step=3'));
    await popup!.waitForFunction(() => document.readyState === 'complete');
    await popup!.waitForTimeout(300);
    const readyUrls = of(await received(page), 'ready').map((m) => m.url);
    expect(readyUrls).toEqual([siteUrl('/demo/development'), siteUrl('/demo/development?step=2')]);
    expect(errors).toEqual([]);
    await close();
  });

  it('posts nothing from a page opened without tw_debug, or for another origin than the console', async () => {
    for (const src of [siteUrl('/demo/development'), siteUrl(`/demo/development?tw_debug=${encodeURIComponent(`http://other.test.localhost:${server.port}`)}`)]) {
      const { page, close } = await openConsole();
      const from = server.hits.length;
      await frame(page, src);
      await server.waitForHit((h) => server.hits.indexOf(h) >= from && h.params.get('pageName') === 'bridge page');
      await page.waitForTimeout(300);
      expect(await received(page)).toEqual([]);
      await close();
    }
  });

  it('is absent from a production container: no code, and no message even with tw_debug', async () => {
    const production = readFileSync(join(out, 'browser-fixture', 'production.js'), 'utf8');
    const development = readFileSync(join(out, 'browser-fixture', 'development.js'), 'utf8');
    // `tw_debug` itself is in both: the privacy guard drops it from every URL a hit reports. (`postMessage` alone is
    // in both too: the lifecycle's own channel, core/lifecycle.ts; the bridge's listener and its messages are not.)
    for (const word of ['tagwell.debugBridge', 'addEventListener("message"', 'source:"tagwell"']) {
      expect(production).not.toContain(word);
      expect(development).toContain(word);
    }
    const { page, close } = await openConsole();
    const from = server.hits.length;
    await frame(page, debugged('/demo/production'));
    const hit = await server.waitForHit((h) => server.hits.indexOf(h) >= from && h.params.get('pageName') === 'bridge page');
    // A production page opened by hand with the marker: its hit does not carry it.
    expect(hit.query).not.toContain('tw_debug');
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([]);
    await close();
  });
});
