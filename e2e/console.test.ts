/**
 * The console end to end against `npm start` (issue 5): sign in; a viewer cannot edit; an editor
 * changes a rule's link name, a publisher publishes it to production, the demo page sends the hit
 * with the new name, and a rollback restores the old one; the debugger shows a hit the test
 * triggers and the rule that fired it; the reports page draws charts from hits the test sent;
 * axe finds no serious or critical violations on any page, which all fit 360 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestBeacons } from './support/beacons';
import { launchBrowser } from './support/browser';
import { ADMIN, apiSession, seriousA11yViolations, startProduct, type Product } from './support/product';

const PASSWORD = 'a long enough password';
let product: Product;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  const admin = await apiSession(product.base, ADMIN.username, ADMIN.password);
  for (const role of ['viewer', 'editor', 'publisher'] as const) {
    const created = await admin('POST', '/api/admin/users', { username: role, password: PASSWORD, role });
    expect(created.status).toBe(201);
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const CONSENT = encodeURIComponent(JSON.stringify({ necessary: true, statistics: true, marketing: false, consented: true }));

async function newContext(viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.browser.newContext({ viewport });
  // The demo pages wait for the visitor's cookie choice; this visitor has made it.
  await context.addCookies([{ name: 'nhsuk-cookie-consent', value: CONSENT, domain: '.health.localhost', path: '/' }]);
  return context;
}

/** Signs in through the sign-in page, as a person would, and lands on the property list. */
async function signIn(username: string, password = PASSWORD, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(viewport);
  const page = await context.newPage();
  await page.goto(`${product.base}/console/`);
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
  for (let i = 0; i < 60; i++) {
    const beacons = await latestBeacons<Beacon>(product.base, 50);
    const found = beacons.find((b) => b.receivedAt > after && predicate(b));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no such beacon arrived');
}

/** A visitor on the live site clicks "No" under "Is this page useful?"; returns the link name the collector stored. */
async function visitorSaysNo(): Promise<string | null> {
  const context = await newContext();
  try {
    const page = await context.newPage();
    const since = new Date().toISOString();
    await page.goto(`http://www.health.localhost:${product.port}/conditions/chickenpox`);
    await page.click('.app-feedback__no');
    return (await waitForBeacon((b) => (b.linkName ?? '').startsWith('Feedback: N'), since)).linkName;
  } finally {
    await context.close();
  }
}

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
      await publisher.getByText(`Version 2 now runs on ${environment}`).waitFor({ timeout: 30_000 });
    }
    expect(await visitorSaysNo()).toBe('Feedback: Not Helpful');

    // Rolling back is publishing an earlier version: pick version 1, then roll production back to it.
    await publisher.getByRole('link', { name: 'Review version 1' }).first().click();
    await publisher.getByRole('button', { name: 'Roll back production to version 1' }).click();
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
    const url = `http://dev.health.localhost:${product.port}/conditions/chickenpox`;
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
    await page.getByLabel('Page address').fill(`http://dev.health.localhost:${product.port}/conditions/chickenpox?contact=ana.jones@example.com`);
    await page.getByRole('button', { name: 'Open page' }).click();
    const redactions = page.getByRole('region', { name: 'Redactions' });
    await expect.poll(() => redactions.innerText(), { timeout: 20_000 }).toMatch(/privacy guard removed an e-mail address from/);
    await hits.locator('article mark').first().waitFor({ timeout: 20_000 });
    const stored = await latestBeacons<{ query: string }>(product.base, 5);
    expect(stored.some((b) => b.query.includes('example.com'))).toBe(false);
    await page.context().close();
  });

  it('the reports page draws charts from hits the test sent', async () => {
    const send = async (params: string) => {
      const query = `AQB=1&ndh=1&pageName=e2e%3Atool&g=${encodeURIComponent(`http://www.health.localhost:${product.port}/tools/e2e`)}&cc=GBP&${params}&AQE=1`;
      const answer = await fetch(`http://metrics.health.localhost:${product.port}/b/ss/nhsukprod/1/TW-e2e/s1?${query}`.replace('metrics.health.localhost', '127.0.0.1'), {
        headers: { host: `metrics.health.localhost:${product.port}` },
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
      '/audit',
      '/users',
    ];
    for (const path of paths) {
      await page.goto(`${product.base}/console${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await page.context().close();
    // The sign-in page, signed out.
    const context = await newContext({ width: 360, height: 800 });
    const signInPage = await context.newPage();
    await signInPage.goto(`${product.base}/console/sign-in`);
    await signInPage.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(signInPage, '/sign-in');
    await context.close();
  });
});
