import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileContainer } from '@tagwell/compiler';
import { STAGE_TASK_MS } from '@tagwell/runtime/core/lifecycle';
import { assertProperty } from '@tagwell/schema';
import { launchBrowser } from './support/browser';
import { FIXTURE_PROPERTY, HOST, html } from './support/fixture';
import { startTestServer, type TestServer } from './support/server';

// Issue 17: a property with many DOM ready rules never holds the page in one long task; its rules run in
// order, in tasks of about STAGE_TASK_MS, and the page view still carries what the rules before it set.

const RULES = 10;
const RULE_MS = 8;

let out: string;
let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tagwell-stage-tasks-'));
  server = await startTestServer(out);
  const fixture = JSON.parse(readFileSync(FIXTURE_PROPERTY, 'utf8'));
  // Each rule takes RULE_MS of the page's clock, as custom code or a slow data element would.
  const busy = (name: string) => ({
    type: 'custom-code',
    settings: { source: `var end = performance.now() + ${RULE_MS}; while (performance.now() < end) {} (window.__ran = window.__ran || []).push('${name}');` },
  });
  const property = assertProperty({
    ...fixture,
    name: 'stage-tasks',
    rules: [
      // Set apart from the page view, before the task ends: it goes with that hit all the same.
      { name: 'Search', events: [{ type: 'dom-ready' }], actions: [{ type: 'set-variables', settings: { variables: { eVar10: 'searched' } } }, busy('Search')] },
      ...Array.from({ length: RULES - 2 }, (_, i) => ({ name: `Rule ${i}`, events: [{ type: 'dom-ready' }], actions: [busy(`Rule ${i}`)] })),
      { name: 'Page view', events: [{ type: 'dom-ready' }], actions: [{ type: 'set-variables', settings: { variables: { pageName: 'Stage tasks' } } }, { type: 'send-beacon', settings: { type: 'page' } }, busy('Page view')] },
    ],
  });
  const container = await compileContainer(property, 'production', { trackingServer: `metrics.test.localhost:${server.port}` });
  mkdirSync(join(out, 'stage-tasks'));
  writeFileSync(join(out, 'stage-tasks', 'production.js'), container.js);
  server.pages.set('/many-rules', {
    html: html(
      // The page's own observer, before the container: every task over 50 ms, from the start.
      `<script nonce="{nonce}">window.__long = []; new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) { window.__long.push(e.duration); }); }).observe({ type: 'longtask', buffered: true });</script>
       <script nonce="{nonce}" src="${server.origin(HOST)}/containers/stage-tasks/production.js"></script>`,
      '<p>Many rules</p>',
    ),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

it(`runs ${RULES} DOM ready rules of ${RULE_MS} ms each in order, in tasks of about ${STAGE_TASK_MS} ms, and the page view keeps its variables`, async () => {
  const context = await browser.browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin(HOST)}/many-rules`);
  const hit = await server.waitForHit((h) => h.params.get('pageName') === 'Stage tasks');
  await page.waitForFunction((n) => (window as unknown as { __ran?: string[] }).__ran?.length === n, RULES);
  const { ran, long } = await page.evaluate(() => {
    const w = window as unknown as { __ran: string[]; __long: number[] };
    return { ran: w.__ran, long: w.__long };
  });
  expect(ran).toEqual(['Search', ...Array.from({ length: RULES - 2 }, (_, i) => `Rule ${i}`), 'Page view']);
  // All in one task, they would take RULES x RULE_MS = 80 ms.
  expect(long).toEqual([]);
  expect(hit.params.get('v10')).toBe('searched');
  expect(errors).toEqual([]);
  await context.close();
});
