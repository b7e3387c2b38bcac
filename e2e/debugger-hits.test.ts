/**
 * Issue 19 item 9 in Chromium against `npm start`: the debugger's hit list on the demo's dev host.
 * Each hit is one line (type, page name, events, time) until expanded to the decoded hit; the list
 * filters by hit type, variable and value, and event, kept in the console's address; a hit links to
 * the rule that sent it and shows the data elements as they were when it was sent.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiSession, seriousA11yViolations, useProduct } from './support/product';
import { consentCookieOf } from './support/consent';

const PASSWORD = 'a long enough password';

const live = useProduct();
beforeAll(async () => {
  const admin = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  expect((await admin('POST', '/api/admin/users', { username: 'viewer', password: PASSWORD, role: 'viewer' })).status).toBe(201);
}, 180_000);

async function signIn(): Promise<Page> {
  const context = await live.browser.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([
    consentCookieOf(),
    // The condition page personalises (activity 1002), whose display link hit would come and go with the decision: off here (SPEC §8 mboxDisable).
    { name: 'mboxDisable', value: '1', domain: '.health.localhost', path: '/' },
  ]);
  const page = await context.newPage();
  await page.goto(`${live.product.base}/console/`);
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
  return page;
}

describe('the debugger hit list', () => {
  it('collapses, expands and filters hits, keeps the filters in the address, and links a hit to the rule that sent it', async () => {
    const page = await signIn();
    await page.getByRole('link', { name: 'Debugger' }).click();
    await page.getByRole('heading', { level: 1, name: 'Debugger' }).waitFor();
    await page.getByLabel('Demo page').selectOption(`http://dev.health.localhost:${live.product.port}/conditions/chickenpox`);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open page' }).click()]);
    await popup.waitForLoadState('load');
    const hits = page.getByRole('region', { name: 'Hits' });
    const lines = hits.locator('article h3');
    await expect.poll(() => lines.allInnerTexts(), { timeout: 20_000 }).toEqual([expect.stringMatching(/^▸\s*Page view/)]);
    await popup.click('.app-feedback__no');
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(2);

    // One line each, collapsed: type, page name, events, time; no variables shown.
    const feedback = hits.locator('article').first();
    const line = (await feedback.locator('h3').innerText()).replace(/\s+/g, ' ');
    expect(line).toMatch(/^▸ Link \(custom link\): Feedback: No .*event25.* \d\d:\d\d:\d\d$/);
    expect(await hits.locator('table').count()).toBe(0);
    await expectAccessible(page, 'debugger, hits collapsed');

    // Expanded: the decoded hit, the rule that sent it, and the data elements then.
    const toggle = feedback.getByRole('button', { name: /^Link \(custom link\): Feedback: No/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await feedback.getByRole('rowheader', { name: 'eVar17' }).waitFor();
    await expect.poll(() => feedback.innerText(), { timeout: 20_000 }).toContain('Sent by the rule Feedback: No on click.');
    const values = feedback.getByRole('table', { name: 'Data elements when the hit was sent' });
    expect(await values.getByRole('row', { name: /^Page Name / }).innerText()).toMatch(/Page Name\s+\S+/);
    await expectAccessible(page, 'debugger, a hit expanded');
    await toggle.click();
    expect(await hits.locator('table').count()).toBe(0);

    // Filters, in the address.
    const filters = page.getByRole('form', { name: 'Filter hits' });
    await filters.getByLabel('Hit type').selectOption('page');
    await expect.poll(() => lines.allInnerTexts()).toEqual([expect.stringMatching(/^▸\s*Page view/)]);
    await filters.getByLabel('Hit type').selectOption('');
    await filters.getByLabel('Event').fill('event25');
    await expect.poll(() => lines.count()).toBe(1);
    await filters.getByLabel('Variable').fill('v17');
    await filters.getByLabel('Value contains').fill('feedback: n');
    await expect.poll(() => lines.count()).toBe(1);
    await filters.getByLabel('Value contains').fill('feedback: yes');
    await page.getByText('No hit matches the filters.').waitFor();
    await filters.getByLabel('Value contains').fill('no');
    await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe(`host=dev.health.localhost&event=event25&variable=v17&value=no`);
    await expect.poll(() => lines.count()).toBe(1);

    // The rule link opens the rule's page.
    await feedback.getByRole('button').first().click();
    await feedback.getByRole('link', { name: 'Feedback: No' }).click();
    await page.getByRole('heading', { name: 'Feedback: No', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/properties/health-site/rules/Feedback%3A%20No');

    // Back: the filters are still there.
    await page.goBack();
    const back = page.getByRole('form', { name: 'Filter hits' });
    await expect.poll(() => back.getByLabel('Event').inputValue()).toBe('event25');
    expect(await back.getByLabel('Value contains').inputValue()).toBe('no');
    expect(await back.getByLabel('Host').inputValue()).toBe('dev.health.localhost');
    await page.context().close();
  });
});

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect({ where, violations: violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ where, violations: [] });
}
