/**
 * Publishing to production in Chromium against `npm start` (issue 19 item 6): the console asks
 * first, showing what changes against what production runs now and asking for a note; the note is
 * kept with the publication and shown in the history and the audit log; version labels say what ran
 * where and when, from the publication history; the versions page shows each diff once, naming the
 * environments it applies to. axe finds no serious or critical violations on the states shown, and
 * the confirmation fits 360 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiSession, seriousA11yViolations, useProduct } from './support/product';

type Api = Awaited<ReturnType<typeof apiSession>>;
let api: Api;
type Doc = { rules: Array<{ name: string; actions: Array<{ type: string; settings: Record<string, unknown> }> }> };

const live = useProduct();
beforeAll(async () => {
  api = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  // Version 2 renames a link and has run on development and staging; production runs version 1.
  const detail = await api<{ latest: { version: number; document: Doc } }>('GET', '/api/admin/properties/health-site');
  const document = structuredClone(detail.body.latest.document);
  const rule = document.rules.find((r) => r.name === 'Feedback: No')!;
  rule.actions.find((a) => a.type === 'send-beacon')!.settings.linkName = 'Feedback: Not Helpful';
  const saved = await api<{ version: number }>('POST', '/api/admin/properties/health-site/versions', { document, baseVersion: detail.body.latest.version, note: 'Clearer link name' });
  expect(saved.body.version).toBe(2);
  for (const environment of ['development', 'staging']) expect((await api('POST', '/api/admin/properties/health-site/publications', { environment, version: 2 })).status).toBe(201);
}, 180_000);

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect({ where, violations: violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ where, violations: [] });
}

const production = async () => (await fetch(`${live.product.base}/containers/health-site/production.js`)).text();
/** The versions table's "Where and when" cell of a version. */
const whereAndWhen = (page: Page, version: number) =>
  page.getByRole('table', { name: 'Versions' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(version), exact: true }) }).getByRole('cell').nth(2).innerText();
/** Today as the labels write it (everything here happens today, in UTC). */
const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date());

describe('publishing to production in the console', () => {
  it('asks with the changes against production and a note, keeps the note, and labels versions by what ran where and when', async () => {
    const context = await live.browser.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${live.product.base}/console/`);
    await page.waitForURL(/\/console\/sign-in$/);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    await page.goto(`${live.product.base}/console/properties/health-site/versions`);
    await page.getByRole('heading', { level: 2, name: 'Version 2' }).waitFor();

    // Labels from the publication history.
    await expect.poll(() => whereAndWhen(page, 2)).toBe(`runs on development and staging since ${today}`);
    expect(await whereAndWhen(page, 1)).toBe(`runs on production since ${today}; ran on development and staging ${today}, replaced by version 2`);
    // The diff once, naming the environment it applies to.
    await page.getByRole('region', { name: 'Against version 1, which production runs' }).getByRole('table').waitFor();
    expect(await page.getByRole('heading', { name: /^Against version/ }).count()).toBe(1);
    expect(await page.getByText('Development and staging run this version: no changes.').count()).toBe(1);

    // Production asks first: the changes against what it runs now, and a note.
    await page.getByRole('button', { name: 'Publish version 2 to production' }).click();
    const confirm = page.getByRole('group', { name: /^Publish version 2 to production\?/ });
    await confirm.getByRole('heading', { name: 'What changes against version 1, which production runs now' }).waitFor();
    await expect.poll(() => confirm.getByRole('table').innerText()).toContain('"Feedback: Not Helpful"');
    await expectAccessible(page, 'production publish confirmation');
    await confirm.getByRole('button', { name: 'Yes, publish version 2 to production' }).click();
    await confirm.getByText('Write a note before publishing to production.').waitFor();
    expect(await confirm.getByLabel('Note').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await production()).not.toContain('Feedback: Not Helpful');
    await expectAccessible(page, 'production publish confirmation without a note');
    // It fits a phone: the diff scrolls inside its own frame, not the page.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1366, height: 900 });

    await confirm.getByLabel('Note').fill('Clearer link name, checked on staging');
    await confirm.getByRole('button', { name: 'Yes, publish version 2 to production' }).click();
    await page.getByText('Version 2 now runs on production').waitFor({ timeout: 30_000 });
    expect(await production()).toContain('Feedback: Not Helpful');

    // Roll production back: asked the same way, with what the rollback changes.
    await page.getByRole('link', { name: 'Review version 1' }).click();
    await page.getByRole('heading', { level: 2, name: 'Version 1' }).waitFor();
    await page.getByRole('button', { name: 'Roll back production to version 1' }).click();
    const rollback = page.getByRole('group', { name: /^Roll back production from version 2 to version 1\?/ });
    await expect.poll(() => rollback.getByRole('table').innerText()).toContain('"Feedback: Not Helpful"');
    await rollback.getByLabel('Note').fill('Analysts asked for the old name back');
    await rollback.getByRole('button', { name: 'Yes, roll back production to version 1' }).click();
    await page.getByText('Version 1 now runs on production').waitFor({ timeout: 30_000 });
    expect(await production()).not.toContain('Feedback: Not Helpful');

    // Version 2 ran everywhere and was rolled back: said so, not "a draft that no environment runs".
    await expect.poll(() => whereAndWhen(page, 2)).toBe(`runs on development and staging since ${today}; ran on production ${today}, rolled back`);
    const history = page.getByRole('table', { name: 'Publication history' });
    await expect.poll(() => history.getByRole('row').nth(1).innerText()).toContain('Analysts asked for the old name back');
    expect(await history.getByRole('row').nth(2).innerText()).toContain('Clearer link name, checked on staging');
    await expectAccessible(page, 'versions page after a rollback');

    // The audit log keeps the notes.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await expect.poll(() => page.locator('main').innerText()).toContain('Analysts asked for the old name back');
    const audit = await api<{ entries: Array<{ action: string; detail: { note?: string } }> }>('GET', '/api/admin/audit?limit=5');
    expect(audit.body.entries.filter((e) => e.action === 'publish').map((e) => e.detail.note ?? null).slice(0, 2)).toEqual(['Analysts asked for the old name back', 'Clearer link name, checked on staging']);
    await context.close();
  });
});
