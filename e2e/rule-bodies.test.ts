import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BODY_CHUNK, compileContainer } from '@tagwell/compiler';
import { assertProperty } from '@tagwell/schema';
import { launchBrowser } from './support/browser';
import { FIXTURE_PROPERTY, HOST, html } from './support/fixture';
import { startTestServer, type TestServer } from './support/server';

// Issue 17, start-up: a large property's click, custom-event and direct-call rules start with only their
// events; their conditions and actions wait as JSON text until each rule first runs. The visitor's
// events find them all the same, the first and the next, whichever text holds them.

const LINKS = BODY_CHUNK * 2 + 5;

let out: string;
let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tagwell-rule-bodies-'));
  server = await startTestServer(out);
  const fixture = JSON.parse(readFileSync(FIXTURE_PROPERTY, 'utf8'));
  const sends = (name: string) => [
    { type: 'set-variables', settings: { variables: { eVar12: name } } },
    { type: 'send-beacon', settings: { type: 'link', linkName: name } },
  ];
  const property = assertProperty({
    ...fixture,
    name: 'rule-bodies',
    rules: [
      { name: 'Page view', events: [{ type: 'dom-ready' }], actions: [{ type: 'set-variables', settings: { variables: { pageName: 'Rule bodies' } } }, { type: 'send-beacon', settings: { type: 'page' } }] },
      ...Array.from({ length: LINKS }, (_, i) => ({
        name: `Link ${i}`,
        events: [{ type: 'click', settings: { selector: `#cta-${i}` } }],
        // A condition that holds on this page, and one link whose exception stops it.
        conditions: [{ type: 'path', settings: { pattern: '^/bodies' } }],
        exceptions: i === 1 ? [{ type: 'path', settings: { pattern: 'bodies' } }] : [],
        actions: sends(`Link ${i}`),
      })),
      { name: 'Booked', events: [{ type: 'custom-event', settings: { eventType: 'booked' } }], actions: sends('Booked') },
      { name: 'Called', events: [{ type: 'direct-call', settings: { id: 'called' } }], actions: sends('Called') },
    ],
  });
  const container = await compileContainer(property, 'production', { trackingServer: `metrics.test.localhost:${server.port}` });
  // The bodies wait as texts, the click rules' heads as one more, and the container's start parses only the first JSON.
  expect(container.js.match(/JSON\.parse\(/g)).toHaveLength(3);
  mkdirSync(join(out, 'rule-bodies'));
  writeFileSync(join(out, 'rule-bodies', 'production.js'), container.js);
  const buttons = Array.from({ length: LINKS }, (_, i) => `<button type="button" id="cta-${i}">CTA ${i}</button>`).join('');
  server.pages.set('/bodies', {
    html: html(`<script nonce="{nonce}" src="${server.origin(HOST)}/containers/rule-bodies/production.js"></script>`, `<main><p id="plain">No rule for this</p>${buttons}</main>`),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

it('runs click, custom-event and direct-call rules whose bodies waited, in any text, on their first event and the next, and nothing for a click no rule matches', async () => {
  const context = await browser.browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin(HOST)}/bodies`);
  await server.waitForHit((h) => h.params.get('pageName') === 'Rule bodies');
  // Rules in the last text, the first and again, then the first text, and one whose exception holds.
  const from = server.hits.length;
  // With this many click rules their selectors are tested as one list first (TW_CLICK_LIST): a click none matches goes no further.
  await page.click('#plain');
  for (const i of [LINKS - 1, LINKS - 1, 0, 1]) await page.click(`#cta-${i}`);
  await page.evaluate(() => {
    document.dispatchEvent(new CustomEvent('booked', { bubbles: true }));
    (window as unknown as { _satellite: { track(id: string): void } })._satellite.track('called');
  });
  const links = () => server.hits.slice(from).filter((h) => h.params.get('pe') === 'lnk_o');
  await expect.poll(() => links().length, { timeout: 5000 }).toBe(5);
  // Time for a hit that should not be, the exception's, to arrive too.
  await page.waitForTimeout(300);
  // Hits may arrive in another order than sent.
  expect(links().map((h) => `${h.params.get('pev2')} / ${h.params.get('v12')}`).sort()).toEqual(
    ['Booked', 'Called', 'Link 0', `Link ${LINKS - 1}`, `Link ${LINKS - 1}`].map((name) => `${name} / ${name}`).sort(),
  );
  expect(errors).toEqual([]);
  await context.close();
});
