/**
 * Issue 19 item 10 in Chromium against `npm start`: an editor previews a saved, unpublished version
 * on the live demo host from the console. That browser context sends the draft's hits on the live
 * page, even with the production container in its cache from a moment before; a second context on
 * the same page, and contexts holding a tampered or an expired preview cookie, get production with
 * no error in the page. Ending the preview from the console brings production back.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PreviewTokens } from '../packages/server/src/preview/tokens';
import { latestBeacons } from './support/beacons';
import { ADMIN, apiSession, seriousA11yViolations, useProduct } from './support/product';
import { giveConsent } from './support/consent';

const SECRET = 'the e2e preview secret, at least thirty-two characters';
const PASSWORD = 'a long enough password';
let draft: number;

const live = useProduct({ TAGWELL_PREVIEW_SECRET: SECRET, LOGIN_ATTEMPTS_PER_MINUTE: '60' });
beforeAll(async () => {
  const admin = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  expect((await admin('POST', '/api/admin/users', { username: 'editor', password: PASSWORD, role: 'editor' })).status).toBe(201);
  // The draft: the "No" feedback link renamed; saved, published nowhere.
  const latest = await admin<{ latest: { version: number; document: unknown } }>('GET', '/api/admin/properties/health-site');
  const document = JSON.parse(JSON.stringify(latest.body.latest.document).replaceAll('Feedback: No', 'Feedback: Draft No'));
  const saved = await admin<{ version: number }>('POST', '/api/admin/properties/health-site/versions', { document, baseVersion: latest.body.latest.version, note: 'draft link name' });
  expect(saved.status).toBe(201);
  draft = saved.body.version;
}, 180_000);

const livePage = () => `http://www.health.localhost:${live.product.port}/conditions/chickenpox`;

async function newContext(): Promise<BrowserContext> {
  const context = await live.browser.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await giveConsent(context);
  return context;
}

/** Everything the page reports as going wrong: uncaught errors and console errors. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

/** Clicks "No" under "Is this page useful?" on the open live page; returns the link name the collector stored. */
async function saysNo(page: Page): Promise<string | null> {
  const since = new Date().toISOString();
  await page.click('.app-feedback__no');
  for (let i = 0; i < 80; i++) {
    const found = (await latestBeacons<{ linkName: string | null; receivedAt: string }>(live.product.base, 50)).find(
      (b) => b.receivedAt > since && (b.linkName ?? '').startsWith('Feedback: '),
    );
    if (found) return found.linkName;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no feedback hit arrived');
}

/** A visitor in a fresh context, with `cookie` as the preview cookie if given: the link name their "No" sends, and the page's errors. */
async function visitor(cookie?: string): Promise<{ linkName: string | null; errors: string[] }> {
  const context = await newContext();
  try {
    if (cookie) await context.addCookies([{ name: 'tw_preview', value: cookie, domain: 'www.health.localhost', path: '/containers/health-site/', httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(livePage());
    const linkName = await saysNo(page);
    return { linkName, errors };
  } finally {
    await context.close();
  }
}

async function signIn(): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${live.product.base}/console/`);
  await page.waitForURL(/\/console\/sign-in$/);
  await page.getByLabel('Username').fill('editor');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
  return page;
}

describe('previewing a draft on the live host', () => {
  it('shows the draft to the browser that started the preview, production to a second context, and production again once ended', async () => {
    const console_ = await signIn();
    await console_.getByRole('link', { name: 'Debugger' }).click();
    await console_.getByRole('heading', { level: 1, name: 'Debugger' }).waitFor();
    // The live page first, as a visitor gets it: its production container is now in this browser's cache.
    await console_.getByLabel('Demo page').selectOption(livePage());
    const [popup] = await Promise.all([console_.context().waitForEvent('page'), console_.getByRole('button', { name: 'Open page' }).click()]);
    const popupErrors = pageErrors(popup);
    await popup.waitForLoadState('load');
    expect(await saysNo(popup)).toBe('Feedback: No');

    const preview = console_.getByRole('region', { name: 'Preview a version on the live host' });
    await preview.getByLabel('Environment').selectOption('production');
    // A new debugger window goes to the start address, which sets the cookie and comes back to the page.
    const [previewed] = await Promise.all([console_.context().waitForEvent('page'), preview.getByRole('button', { name: 'Start preview' }).click()]);
    const previewErrors = pageErrors(previewed);
    await preview.getByText(new RegExp(`^Preview on: version ${draft} of health-site replaces the production container on www\\.health\\.localhost:${live.product.port} in this browser only`)).waitFor();
    await previewed.waitForURL(livePage(), { waitUntil: 'load' });
    expect(popup.isClosed()).toBe(true);
    expect(await saysNo(previewed)).toBe('Feedback: Draft No');
    const cookies = await console_.context().cookies(`http://www.health.localhost:${live.product.port}/containers/health-site/production.js`);
    expect(cookies.find((c) => c.name === 'tw_preview')).toMatchObject({ domain: 'www.health.localhost', path: '/containers/health-site/', httpOnly: true, sameSite: 'Lax' });
    const violations = await seriousA11yViolations(console_);
    expect(violations.map((v) => v.id)).toEqual([]);

    // Another visitor on the same page, at the same time: production.
    expect(await visitor()).toEqual({ linkName: 'Feedback: No', errors: [] });

    // Ended from the console: the same browser is back on production.
    const [ended] = await Promise.all([console_.context().waitForEvent('page'), preview.getByRole('button', { name: 'End preview' }).click()]);
    const endedErrors = pageErrors(ended);
    await preview.getByText(/^No preview is on\./).waitFor();
    await ended.waitForURL(livePage(), { waitUntil: 'load' });
    expect(await saysNo(ended)).toBe('Feedback: No');
    expect([...popupErrors, ...previewErrors, ...endedErrors]).toEqual([]);
    await console_.context().close();
  });

  it('gives production, with no error in the page, to a tampered or an expired preview cookie', async () => {
    const tokens = new PreviewTokens(SECRET);
    const now = Math.floor(Date.now() / 1000);
    const valid = tokens.sign({ property: 'health-site', environment: 'production', version: draft, expires: now + 600 });
    // The cookie works as made: the draft.
    expect(await visitor(valid)).toEqual({ linkName: 'Feedback: Draft No', errors: [] });
    const [payload, mac] = valid.split('.');
    const longer = Buffer.from(JSON.stringify(['health-site', 'production', draft, now + 999_999])).toString('base64url');
    for (const cookie of [
      `${longer}.${mac}`,
      `${payload}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      tokens.sign({ property: 'health-site', environment: 'production', version: draft, expires: now - 5 }),
      new PreviewTokens('somebody else’s secret, thirty-two characters or more').sign({ property: 'health-site', environment: 'production', version: draft, expires: now + 600 }),
    ]) {
      expect({ cookie, ...(await visitor(cookie)) }).toEqual({ cookie, linkName: 'Feedback: No', errors: [] });
    }
  });
});
