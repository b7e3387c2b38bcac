/**
 * Issue 14 item 4 in Chromium against `npm start`: an A/B test made in the console with the form
 * (the home page's heading, set by text), published to production from the console, decided for
 * visitors on the demo's live host (both experiences seen, each visitor's heading its experience),
 * and previewed from the activity's page: each Preview opens the live home page in a new window
 * with `at_preview_token`, showing that experience to that browser whatever its allocation, marked
 * as a preview and never counted; the same browser without the link gets its own experience.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestBeacons } from './support/beacons';
import { ADMIN, apiSession, seriousA11yViolations, useProduct } from './support/product';
import { giveConsent } from './support/consent';

const TEST_NAME = 'Home heading preview check';
const CONTROL_HEADING = 'NHS website for England';
const VARIANT_HEADING = 'Your health, explained';
type Api = Awaited<ReturnType<typeof apiSession>>;
type Option = { responseTokens?: Record<string, unknown> };
type Answer = { execute?: { pageLoad?: { options?: Option[] } } };

let api: Api;

const live = useProduct({ LOGIN_ATTEMPTS_PER_MINUTE: '60' });
beforeAll(async () => {
  api = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  // The repository's own home page test sets the same heading: paused in the draft this test starts from.
  const detail = await api<{ latest: { version: number; document: { personalisation: { activities: Array<{ id: number; state?: string }> } } } }>('GET', '/api/admin/properties/health-site');
  const document = structuredClone(detail.body.latest.document);
  for (const activity of document.personalisation.activities) activity.state = 'paused';
  expect((await api('POST', '/api/admin/properties/health-site/versions', { document, baseVersion: detail.body.latest.version, note: 'repository activities paused' })).status).toBe(201);
}, 180_000);

const home = () => `http://www.health.localhost:${live.product.port}/`;

async function newContext(): Promise<BrowserContext> {
  const context = await live.browser.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await giveConsent(context);
  return context;
}

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page-load option of the test's activity in the page's first decision, once the page has rendered it. */
async function decided(page: Page, activityId: number, go?: () => Promise<unknown>): Promise<Option | undefined> {
  const response = page.waitForResponse((r) => r.url().includes('/rest/v1/delivery') && r.request().method() === 'POST', { timeout: 30_000 });
  await go?.();
  const answer = (await (await response).json()) as Answer;
  // The body is shown again once the decision is rendered.
  await page.waitForFunction(() => document.body && getComputedStyle(document.body).opacity === '1');
  return answer.execute?.pageLoad?.options?.find((o) => o.responseTokens?.['activity.id'] === activityId);
}

const heading = (page: Page) => page.locator('main h1').first().innerText();

async function visitors(activityId: number): Promise<number> {
  const results = await api<{ counts: { experiences: Array<{ visitors: number }> } }>('GET', `/api/admin/activities/${activityId}/results?environment=production&property=health-site`);
  return results.body.counts.experiences.reduce((sum, e) => sum + e.visitors, 0);
}
async function visitorsReach(activityId: number, n: number): Promise<void> {
  await expect.poll(() => visitors(activityId), { timeout: 30_000, interval: 250 }).toBe(n);
}

describe('an A/B test from the console to the demo page, and its preview', () => {
  it('is made with the form, published to production, decided for visitors, and previewed one experience at a time', { timeout: 240_000 }, async () => {
    const context = await live.browser.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const console_ = await context.newPage();
    await giveConsent(context);
    await console_.goto(`${live.product.base}/console/`);
    await console_.waitForURL(/\/console\/sign-in$/);
    await console_.getByLabel('Username').fill(ADMIN.username);
    await console_.getByLabel('Password').fill(ADMIN.password);
    await console_.getByRole('button', { name: 'Sign in' }).click();
    await console_.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();

    // The form: the home page only, the control as it is, the variant's heading by setText.
    await console_.goto(`${live.product.base}/console/activities`);
    await console_.getByRole('link', { name: 'New A/B test in health-site' }).click();
    await console_.getByRole('heading', { name: 'New A/B test' }).waitFor();
    await console_.getByLabel('Test name').fill(TEST_NAME);
    const audience = console_.getByRole('region', { name: 'Audience' });
    await audience.getByLabel('Type of the new condition').selectOption('path');
    await audience.getByRole('button', { name: 'Add condition' }).click();
    await audience.getByLabel('Path', { exact: true }).selectOption('equals');
    await audience.getByLabel('Paths').fill('/');
    const control = console_.getByRole('group', { name: 'Experience 1' });
    await control.getByLabel('CSS selector').fill('main a');
    const variant = console_.getByRole('group', { name: 'Experience 2' });
    await variant.getByLabel('CSS selector').fill('main h1');
    await variant.getByLabel('Text').fill(VARIANT_HEADING);
    await console_.getByRole('group', { name: 'Goal 1' }).getByLabel('Page path').fill('/conditions/');
    await console_.getByLabel('Note').fill('Home heading test');
    await console_.getByRole('button', { name: 'Save draft' }).click();
    await console_.getByRole('heading', { level: 1, name: 'Activities' }).waitFor();
    const latest = await api<{ latest: { version: number; document: { personalisation: { activities: Array<{ id: number; name: string }> } } } }>('GET', '/api/admin/properties/health-site');
    const activity = latest.body.latest.document.personalisation.activities.find((a) => a.name === TEST_NAME)!;
    expect(activity).toBeDefined();
    const version = latest.body.latest.version;

    // Published from the console through development and staging to production, with its note.
    await console_.goto(`${live.product.base}/console/properties/health-site/versions`);
    for (const environment of ['development', 'staging']) {
      await console_.getByRole('button', { name: `Publish version ${version} to ${environment}` }).click();
      await console_.getByText(`Version ${version} now runs on ${environment}`).waitFor({ timeout: 30_000 });
    }
    await console_.getByRole('button', { name: `Publish version ${version} to production` }).click();
    const confirm = console_.getByRole('group', { name: new RegExp(`^Publish version ${version} to production\\?`) });
    await confirm.getByLabel('Note').fill('Home heading test, checked');
    await confirm.getByRole('button', { name: `Yes, publish version ${version} to production` }).click();
    await console_.getByText(`Version ${version} now runs on production`).waitFor({ timeout: 30_000 });

    // Visitors on the live host: each sees the heading of the experience decided, and both are seen.
    const seen = new Set<number>();
    let counted = 0;
    for (let i = 0; i < 16 && seen.size < 2; i++) {
      const visitor = await newContext();
      const page = await visitor.newPage();
      const errors = pageErrors(page);
      const option = await decided(page, activity.id, () => page.goto(home()));
      const experience = option?.responseTokens?.['experience.id'] as number;
      expect([0, 1]).toContain(experience);
      expect(option?.responseTokens?.['experience.preview']).toBeUndefined();
      expect(await heading(page)).toBe(experience === 1 ? VARIANT_HEADING : CONTROL_HEADING);
      expect(errors).toEqual([]);
      seen.add(experience);
      counted++;
      await visitor.close();
    }
    expect([...seen].sort()).toEqual([0, 1]);
    await visitorsReach(activity.id, counted);

    // The activity's page: a Preview per experience, accessible.
    await console_.goto(`${live.product.base}/console/activities`);
    await console_.getByRole('link', { name: TEST_NAME, exact: true }).click();
    await console_.getByRole('heading', { level: 1, name: `Results: ${TEST_NAME}` }).waitFor();
    const previews = console_.getByRole('region', { name: 'Preview an experience' });
    await previews.getByRole('button', { name: 'Preview Control' }).waitFor();
    const violations = await seriousA11yViolations(console_);
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // This browser's visitor and the experience its allocation gives, learnt without a decision
    // shown or counted: its first page's decision request is stopped, and the service asked
    // without the visitor id that counts (the same allocation, under tntId).
    const first = await context.newPage();
    let mcid = '';
    await first.route('**/rest/v1/delivery*', (route) => {
      mcid ||= JSON.parse(route.request().postData() ?? '{}').id?.marketingCloudVisitorId ?? '';
      return route.abort('connectionrefused');
    });
    await first.goto(home());
    await expect.poll(() => mcid, { timeout: 30_000 }).toMatch(/^\d{38}$/);
    await first.close();
    const asked = await fetch(`${live.product.base}/rest/v1/delivery?client=health&sessionId=e2e-allocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: { tntId: mcid }, context: { channel: 'web', address: { url: home() } }, execute: { pageLoad: {} } }),
    });
    const natural = ((await asked.json()) as Answer).execute!.pageLoad!.options!.find((o) => o.responseTokens?.['activity.id'] === activity.id)!.responseTokens!['experience.id'] as 0 | 1;
    const before = await api<{ counts: { experiences: Array<{ visitors: number }> } }>('GET', `/api/admin/activities/${activity.id}/results?environment=production&property=health-site`);

    // Each preview in a new window of the same browser: the experience it names. The one its
    // allocation does not give first: were a preview counted, the visitor would stay in it.
    const experiences = [
      { name: 'Control', id: 0, heading: CONTROL_HEADING },
      { name: 'Variant B', id: 1, heading: VARIANT_HEADING },
    ];
    for (const { name, id, heading: expected } of natural === 0 ? experiences.reverse() : experiences) {
      const since = new Date().toISOString();
      const [popup] = await Promise.all([context.waitForEvent('page'), previews.getByRole('button', { name: `Preview ${name}` }).click()]);
      const errors = pageErrors(popup);
      const option = await decided(popup, activity.id);
      const url = new URL(popup.url());
      expect(url.searchParams.get('at_preview_token')).toBeTruthy();
      expect(`${url.origin}${url.pathname}`).toBe(home());
      expect(option?.responseTokens).toMatchObject({ 'experience.id': id, 'experience.preview': true });
      expect(await heading(popup)).toBe(expected);
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      expect(errors).toEqual([]);
      await previews.getByRole('status').getByText(`Preview of ${name} until`).waitFor();
      // The page's hits are in (the page view, and any report of what it showed) before going on.
      await expect
        .poll(async () => (await latestBeacons<{ hitType: string; query: string; receivedAt: string }>(live.product.base, 50)).filter((b) => b.receivedAt > since && b.hitType === 'page' && b.query.includes('www.health.localhost')).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      await popup.close();
    }

    // The same browser without the link: its own experience, unmarked, and counted there.
    const plain = await context.newPage();
    const own = await decided(plain, activity.id, () => plain.goto(home()));
    expect(own?.responseTokens).toMatchObject({ 'experience.id': natural });
    expect(own?.responseTokens?.['experience.preview']).toBeUndefined();
    expect(await heading(plain)).toBe(natural === 1 ? VARIANT_HEADING : CONTROL_HEADING);
    await visitorsReach(activity.id, counted + 1);
    const after = await api<{ counts: { experiences: Array<{ visitors: number }> } }>('GET', `/api/admin/activities/${activity.id}/results?environment=production&property=health-site`);
    expect(after.body.counts.experiences.map((e) => e.visitors)).toEqual(before.body.counts.experiences.map((e, i) => e.visitors + (i === natural ? 1 : 0)));
    await context.close();
  });
});
