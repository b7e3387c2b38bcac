/**
 * The console end to end against `npm start` (issue 5): sign in; a viewer cannot edit; an editor
 * changes a rule's link name, a publisher publishes it to production, the demo page sends the hit
 * with the new name, and a rollback restores the old one; the debugger shows a hit the test
 * triggers and the rule that fired it; the reports page draws charts from hits the test sent;
 * axe finds no serious or critical violations on any page, which all fit 360 px. Issue 19: a page
 * opened from the debugger sends the hits it sends when opened directly; an editor asks before
 * unsaved changes are lost; each navigation starts at the top with focus on the heading; the rules
 * search finds by address; the console, the containers and JSON go compressed.
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestBeacons } from './support/beacons';
import { ADMIN, apiSession, seriousA11yViolations, useProduct } from './support/product';
import { giveConsent } from './support/consent';
import { eventually } from './support/eventually';

const PASSWORD = 'a long enough password';

// Each test signs in through the page, a dozen sign-ins within a minute from one address.
const live = useProduct({ LOGIN_ATTEMPTS_PER_MINUTE: '60' });
beforeAll(async () => {
  const admin = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  for (const role of ['viewer', 'editor', 'publisher'] as const) {
    const created = await admin('POST', '/api/admin/users', { username: role, password: PASSWORD, role });
    expect(created.status).toBe(201);
  }
}, 180_000);

async function newContext(viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await live.browser.browser.newContext({ viewport });
  // The demo pages wait for the visitor's cookie choice; this visitor has made it.
  await giveConsent(context);
  return context;
}


/** Signs in through the sign-in page, as a person would, and lands on the property list. */
async function signIn(username: string, password = PASSWORD, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(viewport);
  const page = await context.newPage();
  await page.goto(`${live.product.base}/console/`);
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
  return page;
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect({ where, violations: violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ where, violations: [] });
}

type Beacon = { linkName: string | null; receivedAt: string };
async function waitForBeacon(predicate: (b: Beacon) => boolean, after: string): Promise<Beacon> {
  const fresh = (beacons: Beacon[]) => beacons.find((b) => b.receivedAt > after && predicate(b));
  const beacons = await eventually(() => latestBeacons<Beacon>(live.product.base, 50), (list) => fresh(list) !== undefined, { what: 'the beacon stored', every: 250 });
  return fresh(beacons)!;
}

/** A visitor on the live site clicks "No" under "Is this page useful?"; returns the link name the collector stored. */
async function visitorSaysNo(): Promise<string | null> {
  const context = await newContext();
  try {
    const page = await context.newPage();
    const since = new Date().toISOString();
    await page.goto(`http://www.health.localhost:${live.product.port}/conditions/chickenpox`);
    await page.click('.app-feedback__no');
    return (await waitForBeacon((b) => (b.linkName ?? '').startsWith('Feedback: N'), since)).linkName;
  } finally {
    await context.close();
  }
}

/** Every hit the collector stored from pages on `host` since `since`, settled, as comparable query parameters (not the time sent, nor the visitor id). */
async function hitsOf(host: string, since: string): Promise<Array<Record<string, string>>> {
  const read = async () =>
    (await latestBeacons<{ query: string; receivedAt: string }>(live.product.base, 100))
      .filter((b) => b.receivedAt > since)
      .map((b) => new URLSearchParams(b.query))
      .filter((params) => {
        try {
          return new URL(params.get('g') ?? '').hostname === host;
        } catch {
          return false;
        }
      });
  await expect.poll(async () => (await read()).some((params) => !params.has('pe')), { timeout: 20_000 }).toBe(true);
  // Whatever else the page sends on load arrives too.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return (await read())
    .map((params) => Object.fromEntries([...params].filter(([key]) => key !== 't' && key !== 'mid').sort(([a], [b]) => (a < b ? -1 : 1))))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/** Resource Timing for the page and everything it loaded. */
const resourceSizes = (page: Page) =>
  page.evaluate(() =>
    ([...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[]).map((e) => ({
      name: e.name,
      transferSize: e.transferSize,
      encodedBodySize: e.encodedBodySize,
      decodedBodySize: e.decodedBodySize,
    })),
  );

describe('the console', () => {
  it('signs a viewer in, and shows no edit or publish controls to a viewer', async () => {
    const page = await signIn('viewer');
    await expectAccessible(page, 'property list');
    await page.getByRole('link', { name: 'health-site' }).first().click();
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await page.getByRole('link', { name: 'Feedback: No' }).first().click();
    await page.getByRole('heading', { name: 'Feedback: No', exact: true }).waitFor();
    await expectAccessible(page, 'rule page');
    expect(await page.getByRole('link', { name: 'Edit rule' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New rule' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Versions', exact: true }).click();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Publish version/ }).count()).toBe(0);
    // The server refuses it too, whatever the page shows.
    const refused = await page.evaluate(async () => {
      const session = await (await fetch('/api/admin/session')).json();
      const answer = await fetch('/api/admin/properties/health-site/publications', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ environment: 'development', version: 1 }),
      });
      return answer.status;
    });
    expect(refused).toBe(403);
    await page.context().close();
  });

  it('an editor renames a link, a publisher publishes it to production, the live page sends it, and a rollback restores it', async () => {
    expect(await visitorSaysNo()).toBe('Feedback: No');

    const editor = await signIn('editor');
    await editor.getByRole('link', { name: 'health-site' }).first().click();
    await editor.getByRole('link', { name: 'Rules', exact: true }).click();
    await editor.getByLabel('Search rules').fill('Feedback: No');
    await editor.getByRole('link', { name: 'Feedback: No' }).first().click();
    await editor.getByRole('link', { name: 'Edit rule' }).click();
    const linkName = editor.getByRole('group', { name: 'Action 2' }).getByLabel('Link name');
    await expect.poll(() => linkName.inputValue()).toBe('Feedback: No');
    await expectAccessible(editor, 'rule editor');
    await linkName.fill('Feedback: Not Helpful');
    await editor.getByLabel('Note').fill('A clearer link name for the analysts');
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved version 2' }).waitFor();
    // An editor may save, not publish.
    await editor.getByRole('link', { name: 'Versions', exact: true }).click();
    await editor.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await editor.getByRole('button', { name: /^Publish version/ }).count()).toBe(0);
    await editor.context().close();

    const publisher = await signIn('publisher');
    await publisher.getByRole('link', { name: 'health-site' }).first().click();
    await publisher.getByRole('link', { name: 'Versions', exact: true }).click();
    // Production first is not allowed: the order is development, staging, production.
    await expect.poll(() => publisher.getByRole('button', { name: 'Publish version 2 to production' }).isDisabled()).toBe(true);
    await expectAccessible(publisher, 'versions page');
    for (const environment of ['development', 'staging', 'production']) {
      await publisher.getByRole('button', { name: `Publish version 2 to ${environment}` }).click();
      // Production asks first, with a note (e2e/console-publish.test.ts).
      if (environment === 'production') {
        await publisher.getByRole('group', { name: /^Publish version 2 to production\?/ }).getByLabel('Note').fill('Clearer feedback link name');
        await publisher.getByRole('button', { name: 'Yes, publish version 2 to production' }).click();
      }
      await publisher.getByText(`Version 2 now runs on ${environment}`).waitFor({ timeout: 30_000 });
    }
    expect(await visitorSaysNo()).toBe('Feedback: Not Helpful');

    // Rolling back is publishing an earlier version: pick version 1, then roll production back to it.
    await publisher.getByRole('link', { name: 'Review version 1' }).first().click();
    await publisher.getByRole('button', { name: 'Roll back production to version 1' }).click();
    await publisher.getByRole('group', { name: /^Roll back production/ }).getByLabel('Note').fill('Back to the old name');
    await publisher.getByRole('button', { name: 'Yes, roll back production to version 1' }).click();
    await publisher.getByText('Version 1 now runs on production').waitFor({ timeout: 30_000 });
    expect(await visitorSaysNo()).toBe('Feedback: No');

    await publisher.getByRole('link', { name: 'Audit log' }).click();
    await publisher.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await expect.poll(() => publisher.locator('main').innerText()).toMatch(/publisher[\s\S]*publish/);
    await expectAccessible(publisher, 'audit log');
    await publisher.context().close();
  });

  it('the debugger shows a hit the test triggers on a demo page and the rule that fired it', async () => {
    const page = await signIn('viewer');
    await page.getByRole('link', { name: 'Debugger' }).click();
    await page.getByRole('heading', { level: 1, name: 'Debugger' }).waitFor();
    const url = `http://dev.health.localhost:${live.product.port}/conditions/chickenpox`;
    await page.getByLabel('Demo page').selectOption(url);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open page' }).click()]);
    await popup.waitForLoadState('load');
    const rules = page.getByRole('region', { name: 'Rules' });
    const hits = page.getByRole('region', { name: 'Hits' });
    await expect.poll(() => rules.innerText(), { timeout: 20_000 }).toContain('Global page view fired');

    await popup.click('.app-feedback__no');
    await expect.poll(() => hits.locator('article').first().innerText(), { timeout: 20_000 }).toContain('Feedback: No');
    await expect.poll(() => rules.innerText()).toMatch(/Feedback: No fired/);
    await expect.poll(() => page.getByRole('region', { name: 'Data elements' }).innerText()).toContain('Page Name');
    await expectAccessible(page, 'debugger with hits');

    // An address the visitor typed an e-mail address into: the guard removes it, the debugger says so.
    await page.getByLabel('Page address').fill(`http://dev.health.localhost:${live.product.port}/conditions/chickenpox?contact=ana.jones@example.com`);
    await page.getByRole('button', { name: 'Open page' }).click();
    const redactions = page.getByRole('region', { name: 'Redactions' });
    await expect.poll(() => redactions.innerText(), { timeout: 20_000 }).toMatch(/privacy guard removed an e-mail address from/);
    await hits.locator('article mark').first().waitFor({ timeout: 20_000 });
    const stored = await latestBeacons<{ query: string }>(live.product.base, 5);
    expect(stored.some((b) => b.query.includes('example.com'))).toBe(false);
    await page.context().close();
  });

  it('a page opened from the debugger sends the hits it sends when opened directly: no tw_debug, no referrer', async () => {
    const debuggerPage = await signIn('viewer');
    await debuggerPage.getByRole('link', { name: 'Debugger' }).click();
    await debuggerPage.getByRole('heading', { level: 1, name: 'Debugger' }).waitFor();
    for (const host of ['dev.health.localhost', 'www.health.localhost']) {
      const url = `http://${host}:${live.product.port}/conditions/chickenpox`;
      // A first visit each time, as the direct visitor's below (the site's cookies remember the previous page).
      await debuggerPage.context().clearCookies({ domain: /health\.localhost$/ });
      await giveConsent(debuggerPage.context());
      let since = new Date().toISOString();
      await debuggerPage.getByLabel('Demo page').selectOption(url);
      const [popup] = await Promise.all([debuggerPage.context().waitForEvent('page'), debuggerPage.getByRole('button', { name: 'Open page' }).click()]);
      await popup.waitForLoadState('load');
      if (host.startsWith('dev.')) await expect.poll(() => debuggerPage.getByRole('region', { name: 'Rules' }).innerText(), { timeout: 20_000 }).toContain('Global page view fired');
      // The address bar and the referrer say nothing of the debugger.
      expect([popup.url(), await popup.evaluate(() => document.referrer)]).toEqual([url, '']);
      const fromDebugger = await hitsOf(host, since);
      await popup.close();

      const visitor = await newContext();
      since = new Date().toISOString();
      await (await visitor.newPage()).goto(url);
      const direct = await hitsOf(host, since);
      await visitor.close();
      expect({ host, hits: fromDebugger }).toEqual({ host, hits: direct });
      expect(fromDebugger.length).toBeGreaterThan(0);
      expect(JSON.stringify(fromDebugger)).not.toMatch(/tw_debug|\/\/localhost:\d+\//);
    }
    await debuggerPage.context().close();
  });

  it('an editor with unsaved changes asks before a tab, a link, the back button, a reload or closing the window takes them', async () => {
    const editor = await signIn('editor');
    await editor.getByRole('link', { name: 'health-site' }).first().click();
    await editor.getByRole('link', { name: 'Rules', exact: true }).click();
    await editor.getByRole('link', { name: 'Feedback: Yes' }).first().click();
    await editor.getByRole('link', { name: 'Edit rule' }).click();
    const linkName = editor.getByRole('group', { name: 'Action 2' }).getByLabel('Link name');
    await expect.poll(() => linkName.inputValue()).toBe('Feedback: Yes');
    await linkName.fill('Feedback: Yes, thanks');
    const question = editor.getByRole('alertdialog', { name: 'Leave without saving?' });
    const editing = /\/rules\/Feedback%3A%20Yes\/edit$/;

    // A tab of the property.
    await editor.getByRole('link', { name: 'Versions', exact: true }).click();
    await question.waitFor();
    await expectAccessible(editor, 'rule editor asking before it is left');
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(editor.url()).toMatch(editing);
    // The browser's back button.
    await editor.evaluate(() => history.back());
    await question.waitFor();
    await editor.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await expect.poll(() => editor.url()).toMatch(editing);
    expect(await linkName.inputValue()).toBe('Feedback: Yes, thanks');

    // Reloading and closing the window: the browser's own question.
    const asked: string[] = [];
    editor.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await editor.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(editor.isClosed()).toBe(false);
    await editor.evaluate(() => location.reload());
    await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload']);
    expect(await linkName.inputValue()).toBe('Feedback: Yes, thanks');

    // A link: leaving without saving goes, and the change is gone.
    await editor.getByRole('link', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await editor.getByRole('heading', { level: 2, name: 'Feedback: Yes', exact: true }).waitFor();
    expect(await editor.locator('main').innerText()).toContain('send a link hit “Feedback: Yes”');
    // Nothing unsaved now: the window closes without a question.
    await editor.close({ runBeforeUnload: true });
    await expect.poll(() => editor.isClosed()).toBe(true);
    expect(asked).toHaveLength(2);
    await editor.context().close();
  });

  it('starts each page at its top with focus on its heading; the rules search finds by address and Escape clears it', async () => {
    const page = await signIn('viewer');
    const focused = () => page.evaluate(() => [Math.round(scrollY), document.activeElement?.tagName, document.activeElement?.textContent]);
    await page.getByRole('link', { name: 'health-site' }).first().click();
    await expect.poll(focused).toEqual([0, 'H1', 'health-site']);
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await expect.poll(focused).toEqual([0, 'H2', 'Rules']);

    // The last rule, far down the list.
    const last = page.getByRole('heading', { level: 3 }).last().getByRole('link');
    const name = await last.innerText();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(500);
    await last.click();
    await expect.poll(focused).toEqual([0, 'H2', name]);
    await expectAccessible(page, 'rule page after a navigation');
    // Back to the list: at its top again, on its heading.
    await page.goBack();
    await expect.poll(focused).toEqual([0, 'H2', 'Rules']);

    const search = page.getByLabel('Search rules');
    const cards = () => page.getByRole('heading', { level: 3 }).allInnerTexts();
    const all = (await cards()).length;
    await search.fill('www.health.localhost');
    await expect.poll(cards).toEqual(['Feedback survey']);
    await search.fill('/service-search/pharmacy');
    await expect.poll(cards).toEqual(['Search: service search', 'Link: Find a Pharmacy']);
    await search.press('Escape');
    await expect.poll(() => search.inputValue()).toBe('');
    await expect.poll(async () => (await cards()).length).toBe(all);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rule-search');
    await expectAccessible(page, 'rules after a search');
    await page.context().close();
  });

  it('sends the console, the containers and JSON compressed to Chromium, with Vary and an ETag per representation', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const seen: Response[] = [];
    page.on('response', (response) => void seen.push(response));
    /** The responses so far, with their headers. */
    const responses = async () => Promise.all(seen.map(async (r) => ({ url: r.url(), headers: await r.allHeaders() })));
    await page.goto(`${live.product.base}/console/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Tagwell' }).waitFor();
    await page.waitForLoadState('networkidle');
    const firstLoad = await resourceSizes(page);
    const loaded = await responses();
    const script = loaded.find((r) => /\/console\/assets\/index-[\w-]+\.js$/.test(r.url))!;
    expect(script.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable', etag: expect.stringMatching(/-br"$/) });
    expect(script.headers.vary?.toLowerCase()).toContain('accept-encoding');
    const html = loaded.find((r) => r.url === `${live.product.base}/console/`)!;
    expect(html.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
    // The whole first load: page, script, styles, JSON. Before compression it was all of 500 KB and more.
    const sum = (key: 'transferSize' | 'decodedBodySize') => firstLoad.reduce((n, e) => n + e[key], 0);
    expect(sum('decodedBodySize')).toBeGreaterThan(300_000);
    expect(sum('transferSize')).toBeLessThan(sum('decodedBodySize') * 0.4);

    // The production container on a demo page: brotli, under a third of the script's bytes.
    await page.goto(`http://www.health.localhost:${live.product.port}/conditions/chickenpox`);
    await page.waitForLoadState('load');
    const container = (await resourceSizes(page)).find((e) => e.name.includes('/containers/health-site/production.js'))!;
    expect(container.decodedBodySize).toBeGreaterThan(30_000);
    expect(container.encodedBodySize).toBeLessThan(container.decodedBodySize / 3);
    expect((await responses()).find((r) => r.url.includes('/containers/health-site/production.js'))!.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=60',
      etag: expect.stringMatching(/-br"$/),
    });
    await context.close();

    // JSON from the admin API, as the console reads it.
    const viewer = await signIn('viewer');
    const [answer] = await Promise.all([
      viewer.waitForResponse((r) => r.url().endsWith('/api/admin/properties/health-site')),
      viewer.getByRole('link', { name: 'health-site' }).first().click(),
    ]);
    expect(await answer.allHeaders()).toMatchObject({ 'content-encoding': 'br', 'content-type': 'application/json; charset=utf-8' });
    await viewer.context().close();
  });

  it('the reports page draws charts from hits the test sent', async () => {
    const send = async (params: string) => {
      const query = `AQB=1&ndh=1&pageName=e2e%3Atool&g=${encodeURIComponent(`http://www.health.localhost:${live.product.port}/tools/e2e`)}&cc=GBP&${params}&AQE=1`;
      const answer = await fetch(`http://metrics.health.localhost:${live.product.port}/b/ss/nhsukprod/1/TW-e2e/s1?${query}`.replace('metrics.health.localhost', '127.0.0.1'), {
        headers: { host: `metrics.health.localhost:${live.product.port}` },
      });
      expect(answer.status).toBe(200);
    };
    await send('v20=e2e-tool&events=event14&pe=lnk_o&pev2=Tool%20Start');
    await send('v20=e2e-tool&events=event14&pe=lnk_o&pev2=Tool%20Start');
    await send('v20=e2e-tool&events=event15');

    const page = await signIn('viewer');
    await page.getByRole('link', { name: 'Reports' }).click();
    const tools = page.getByRole('region', { name: 'Tool starts and completions' });
    await tools.getByRole('img', { name: /^Grouped bar chart/ }).waitFor();
    expect(await tools.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    // Two bars for the tool, side by side: starts and completions, with their legend.
    await expect.poll(() => tools.locator('.recharts-bar-rectangle').count()).toBe(2);
    expect(await tools.locator('.recharts-legend-item-text').allInnerTexts()).toEqual(['Starts', 'Completions']);
    await tools.getByText('Show the numbers').click();
    const row = tools.getByRole('row', { name: /e2e-tool/ });
    expect(await row.locator('th, td').allInnerTexts()).toEqual(['e2e-tool', '2', '1', '50%']);
    const views = page.getByRole('region', { name: 'Page views by day' });
    expect(await views.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'reports');
    await page.context().close();
  });

  it('passes axe and fits 360 px on every page', async () => {
    const page = await signIn(ADMIN.username, ADMIN.password, { width: 360, height: 800 });
    const paths = [
      '/properties',
      '/properties/health-site',
      '/properties/health-site/rules',
      '/properties/health-site/data-elements',
      '/properties/health-site/data-elements/Page%20Name',
      '/properties/health-site/sdr',
      '/properties/health-site/versions',
      '/properties/health-site/rules/new',
      '/debugger',
      '/reports',
      '/activities',
      '/activities/property/health-site/new',
      '/activities/property/health-site/1001/edit',
      // The flu reminder: the in-app message's fields, its rule set and its live preview (issue 16 item 2).
      '/activities/property/health-site/1003/edit',
      '/audit',
      '/users',
    ];
    for (const path of paths) {
      await page.goto(`${live.product.base}/console${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      // Each message of the flu reminder has its fields and its preview, within the screen.
      if (path.endsWith('/1003/edit')) {
        expect(await page.getByLabel('Message HTML').count()).toBe(2);
        const previews = await page.getByTitle('Preview of the in-app message').evaluateAll((frames) => frames.map((f) => f.getBoundingClientRect().right <= window.innerWidth));
        expect(previews).toEqual([true, true]);
      }
    }
    await page.context().close();
    // The sign-in page, signed out.
    const context = await newContext({ width: 360, height: 800 });
    const signInPage = await context.newPage();
    await signInPage.goto(`${live.product.base}/console/sign-in`);
    await signInPage.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(signInPage, '/sign-in');
    await context.close();
  });
});
