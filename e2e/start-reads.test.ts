import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileContainer } from '@tagwell/compiler';
import { assertProperty } from '@tagwell/schema';
import { launchBrowser } from './support/browser';
import { FIXTURE_PROPERTY, HOST, html } from './support/fixture';
import { pageViews, startHealthSite } from './support/health';
import { startTestServer, type TestServer } from './support/server';

// Issue 17, start-up: two reads that cost a throttled phone's head milliseconds wait until they are
// needed. The debug flag (localStorage) is read once the window has loaded, and what the start logged
// is printed then; `document.currentScript` (for the container's own CSP nonce) is read only by a
// container that can inject a script, and such a container still finds its nonce. The health site's
// container, with Statistics allowed, reads its event history first after the page view has left
// (its page-load decision asks for no count from it), in a task after the page view's.

let out: string;
let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

const CSP = "script-src 'nonce-{nonce}'; object-src 'none'; base-uri 'none'";

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tagwell-start-reads-'));
  server = await startTestServer(out);
  const fixture = JSON.parse(readFileSync(FIXTURE_PROPERTY, 'utf8'));
  const pageView = {
    name: 'Page view',
    events: [{ type: 'dom-ready' }],
    actions: [
      { type: 'set-variables', settings: { variables: { pageName: 'Start reads' } } },
      { type: 'send-beacon', settings: { type: 'page' } },
    ],
  };
  const build = async (name: string, rules: unknown[]) => {
    const property = assertProperty({ ...fixture, name, settings: { ...fixture.settings, debugOrigins: undefined }, dataElements: [], rules });
    const container = await compileContainer(property, 'production', { trackingServer: `metrics.test.localhost:${server.port}` });
    mkdirSync(join(out, name));
    writeFileSync(join(out, name, 'production.js'), container.js);
    // No meta tag: a script the container injects can only take the container's own nonce.
    server.pages.set(`/${name}`, { csp: CSP, html: html(`<script nonce="{nonce}" src="${server.origin(HOST)}/containers/${name}/production.js"></script>`, '<p>Body</p>') });
  };
  await build('plain', [pageView]);
  await build('injecting', [pageView, { name: 'Script', events: [{ type: 'window-loaded' }], actions: [{ type: 'load-script', settings: { url: '/scripts/ok.js' } }] }]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

/** Before the page's scripts: every `localStorage.getItem` and `document.currentScript` read, and whether the window had loaded. */
const recordReads = () => {
  const reads: Array<[what: string, key: string, loaded: boolean]> = [];
  (window as unknown as { __reads: typeof reads }).__reads = reads;
  let loaded = false;
  // Registered before the container's own listener, so it runs first.
  addEventListener('load', () => (loaded = true));
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (this: Storage, key: string) {
    reads.push(['getItem', key, loaded]);
    return getItem.call(this, key);
  };
  const current = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')!;
  Object.defineProperty(Document.prototype, 'currentScript', {
    configurable: true,
    get(this: Document) {
      reads.push(['currentScript', '', loaded]);
      return current.get!.call(this);
    },
  });
};

const visit = async (path: string, debug: boolean) => {
  const context = await browser.browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  const printed: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => printed.push(message.text()));
  if (debug) await page.addInitScript(() => localStorage.setItem('tagwell.debug', 'true'));
  await page.addInitScript(recordReads);
  const from = server.hits.length;
  await page.goto(`${server.origin(HOST)}${path}`, { waitUntil: 'load' });
  await server.waitForHit((h) => h.params.get('pageName') === 'Start reads' && server.hits.indexOf(h) >= from);
  const reads = await page.evaluate(() => (window as unknown as { __reads: Array<[string, string, boolean]> }).__reads);
  return { page, context, errors, printed, reads };
};

it('a container that injects nothing reads neither the debug flag nor currentScript while it starts; with debug on it prints the start once loaded', async () => {
  const quiet = await visit('/plain', false);
  expect(quiet.reads.filter(([what]) => what === 'currentScript')).toEqual([]);
  expect(quiet.reads.filter(([what, key]) => what === 'getItem' && key === 'tagwell.debug')).toEqual([['getItem', 'tagwell.debug', true]]);
  expect(quiet.printed.filter((text) => text.startsWith('[Tagwell]'))).toEqual([]);
  expect(quiet.errors).toEqual([]);
  await quiet.context.close();

  const debug = await visit('/plain', true);
  expect(debug.reads.filter(([what, key]) => what === 'getItem' && key === 'tagwell.debug')).toEqual([['getItem', 'tagwell.debug', true]]);
  const lines = debug.printed.filter((text) => text.startsWith('[Tagwell]'));
  // The start's messages, in the order they were logged.
  expect(lines[0]).toMatch(/^\[Tagwell\] Loaded plain\/production /);
  expect(lines.findIndex((text) => text.includes('Rule "Page view" fired'))).toBeGreaterThan(0);
  expect(debug.errors).toEqual([]);
  await debug.context.close();
});

it('a container that can inject a script reads its own nonce while it runs, and the script it loads runs under a nonce CSP', async () => {
  const { page, context, reads, errors } = await visit('/injecting', false);
  await page.waitForFunction(() => (window as unknown as { __scriptLoaded?: number }).__scriptLoaded === 1);
  expect(reads.filter(([what]) => what === 'currentScript')).toEqual([['currentScript', '', false]]);
  expect(errors).toEqual([]);
  await context.close();
});

it("the health site's container reads no localStorage before its page view leaves, and keeps its event history after it, in a task of its own", async () => {
  const site = await startHealthSite();
  try {
    const { page, context, errors } = await site.visitor({ statistics: true, marketing: true });
    // Every localStorage call and every hit the page sends, in order.
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __order: string[] }).__order = log;
      for (const name of ['getItem', 'setItem', 'removeItem'] as const) {
        const original = Storage.prototype[name] as (...args: unknown[]) => unknown;
        Storage.prototype[name] = function (this: Storage, ...args: unknown[]) {
          if (this === localStorage) log.push(`${name} ${String(args[0])}`);
          return original.apply(this, args);
        } as never;
      }
      const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
      Object.defineProperty(HTMLImageElement.prototype, 'src', {
        configurable: true,
        get: src.get,
        set(this: HTMLImageElement, value: string) {
          if (value.includes('/b/ss/')) {
            const hit = `hit ${/[?&]pe=/.test(value) ? 'link' : 'page view'}`;
            log.push(hit);
            // Marks the end of the hit's task: a zero-delay timer set now runs before any set after it.
            setTimeout(() => log.push(`task after ${hit}`), 0);
          }
          src.set!.call(this, value);
        },
      });
    });
    const from = site.server.hits.length;
    await page.goto(site.url('www.health.localhost', '/conditions/chickenpox'));
    await site.server.waitForHit((h) => pageViews(h) && site.server.hits.indexOf(h) >= from);
    await page.waitForLoadState('load');
    const order = await page.evaluate(() => (window as unknown as { __order: string[] }).__order);
    const view = order.indexOf('hit page view');
    expect(view).toBeGreaterThanOrEqual(0);
    expect(order.slice(0, view)).toEqual([]);
    expect(order.slice(view)).toEqual(expect.arrayContaining(['getItem tw_history', 'setItem tw_history', 'getItem tagwell.debug']));
    // The history is read and written in a task of its own, after the page view's (one write for a task's
    // records: event-history.test.ts; a custom event of a later task would make a write of its own).
    expect(order.indexOf('getItem tw_history')).toBeGreaterThan(order.indexOf('task after hit page view'));
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await site.close();
  }
});
