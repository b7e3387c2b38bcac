/**
 * Issue 15 items 1, 3 and 6 in Chromium: the page-load decision on the demo health site, with the
 * health-site property's real containers and this server's own decision service (`npm start`'s
 * server in this process, SQLite in a temporary folder). The property is the repository's, plus one
 * redirect activity that only a query parameter of this test reaches.
 */
import { createServer } from 'node:net';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREHIDING_STYLE } from '@tagwell/schema';
import { setStatistics, startPersonalisedSite, type PersonalisedSite } from './support/personalised-site';

const WWW = 'www.health.localhost';
const HOME_HEADING = 'NHS website for England';
const VARIANT_HEADING = 'Health information you can trust';

let site: PersonalisedSite;
let port: number;

/** A port nothing listens on now: the redirect activity's URL names it before the server starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  port = await freePort();
  site = await startPersonalisedSite({
    name: 'personalisation',
    port,
    // SPEC §4: a redirect renders alone and keeps the body hidden until the navigation.
    activities: [
      {
        id: 9001,
        name: 'Test redirect',
        type: 'xt',
        location: { type: 'mbox', name: 'target-global-mbox' },
        audience: { conditions: [{ type: 'path', operator: 'equals', values: ['/conditions/hives'] }, { type: 'query', name: 'e2e-redirect' }] },
        experiences: [{ name: 'To chickenpox', offers: [{ type: 'redirect', url: `http://${WWW}:${port}/conditions/chickenpox?redirected=1` }] }],
        goals: [{ type: 'page-view', name: 'Arrived', path: '/conditions/chickenpox' }],
      },
    ],
  });
}, 120_000);
afterAll(() => site?.stop());

interface Seen {
  path: string;
  hidden: boolean;
  heading: string | null;
  /** The experience-targeting activity's advice is on the page. */
  advice: boolean;
}

/**
 * A fresh visitor. Every document of its pages records, on each change of the DOM (before the browser
 * paints it), whether the prehiding style is in force and what the heading says, once the main
 * content exists; the records outlive navigations (sessionStorage).
 */
async function visitor(statistics: boolean | null = true) {
  const context = await site.browser.browser.newContext();
  if (statistics !== null) await setStatistics(context, statistics);
  await context.addInitScript((style: string) => {
    let last = '';
    const record = () => {
      const heading = document.querySelector('main h1');
      if (!document.body || !heading) return;
      const hidden = [...document.querySelectorAll('style')].some((s) => s.textContent === style);
      const seen = { path: location.pathname + location.search, hidden, heading: heading.textContent, advice: !!document.getElementById('pharmacy-advice') };
      if (JSON.stringify(seen) === last) return;
      last = JSON.stringify(seen);
      sessionStorage.setItem('tw-e2e-seen', JSON.stringify([...JSON.parse(sessionStorage.getItem('tw-e2e-seen') ?? '[]'), seen]));
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  }, DEFAULT_PREHIDING_STYLE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const decisions: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/delivery')) decisions.push(request);
  });
  return { context, page, errors, decisions };
}

const seen = (page: Page): Promise<Seen[]> => page.evaluate(() => JSON.parse(sessionStorage.getItem('tw-e2e-seen') ?? '[]'));
/** The page is shown: the prehiding style is gone. */
const shown = (page: Page) => page.waitForFunction((style) => document.body && ![...document.querySelectorAll('style')].some((s) => s.textContent === style), DEFAULT_PREHIDING_STYLE);
const heading = (page: Page) => page.textContent('main h1');

type Answer = { execute?: { pageLoad?: { options?: Array<{ eventToken?: string; responseTokens?: Record<string, unknown> }> } } };
/** The experience of an activity in a page-load answer. */
const experienceOf = (answer: Answer, activity: number) => answer.execute?.pageLoad?.options?.find((o) => o.responseTokens?.['activity.id'] === activity)?.responseTokens?.['experience.id'];

async function homePage(page: Page) {
  const response = page.waitForResponse((r) => r.url().includes('/rest/v1/delivery') && r.request().method() === 'POST');
  await page.goto(`http://${WWW}:${port}/`);
  const answer = (await (await response).json()) as Answer;
  const experience = experienceOf(answer, 1001);
  expect(experience === 0 || experience === 1, JSON.stringify(answer)).toBe(true);
  const expected = experience === 1 ? VARIANT_HEADING : HOME_HEADING;
  await shown(page);
  return { answer, experience, expected };
}

describe('the page-load decision (issue 15 item 1)', () => {
  it('renders the home page A/B test with the body hidden only until the decision is rendered', async () => {
    const { context, page, errors, decisions } = await visitor();
    const { expected } = await homePage(page);
    expect(await heading(page)).toBe(expected);
    const records = (await seen(page)).filter((s) => s.path === '/');
    // Before the decision the body was hidden; no change of the page was visible with another heading.
    expect(records.some((r) => r.hidden)).toBe(true);
    for (const record of records) if (record.heading !== expected) expect(record, JSON.stringify(records)).toMatchObject({ hidden: true });
    expect(records.at(-1)).toEqual({ path: '/', hidden: false, heading: expected, advice: false });
    expect(await page.evaluate(() => getComputedStyle(document.body).opacity)).toBe('1');
    // CONTRACT §5: one POST with the client, the session and the version; the visitor's id rides along.
    expect(decisions).toHaveLength(1);
    const url = new URL(decisions[0]!.url());
    expect(url.host).toBe(`decisions.health.localhost:${port}`);
    expect(url.searchParams.get('client')).toBe('health');
    expect(url.searchParams.get('sessionId')).toMatch(/^[\w-]{1,128}$/);
    expect(url.searchParams.get('version')).toBeTruthy();
    const body = JSON.parse(decisions[0]!.postData()!);
    expect(body).toMatchObject({ context: { channel: 'web', address: { url: `http://${WWW}:${port}/` } }, execute: { pageLoad: {} }, environmentId: 1 });
    expect(body.id.marketingCloudVisitorId).toMatch(/^\d{38}$/);
    const session = (await context.cookies()).find((c) => c.name === 'tw_session');
    expect(session?.value).toBe(url.searchParams.get('sessionId'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the same visitor sees the same experience on reload, in the same session', async () => {
    for (let i = 0; i < 3; i++) {
      const { context, page, errors, decisions } = await visitor();
      const first = await homePage(page);
      const second = await homePage(page);
      expect(second.experience).toBe(first.experience);
      expect(await heading(page)).toBe(first.expected);
      const sessions = decisions.map((d) => new URL(d.url()).searchParams.get('sessionId'));
      expect(sessions).toHaveLength(2);
      expect(sessions[1]).toBe(sessions[0]);
      expect(JSON.parse(decisions[1]!.postData()!).id.marketingCloudVisitorId).toBe(JSON.parse(decisions[0]!.postData()!).id.marketingCloudVisitorId);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('renders the experience-targeting activity on a condition page (a data element audience)', async () => {
    const { context, page, errors, decisions } = await visitor();
    await page.goto(`http://${WWW}:${port}/conditions/chickenpox`);
    await page.waitForSelector('#pharmacy-advice');
    await shown(page);
    // The audience reads Page Name, which the page sends as a parameter of the global location.
    expect(JSON.parse(decisions[0]!.postData()!).execute.pageLoad.parameters).toMatchObject({ 'tw.de.page_name': 'conditions:chickenpox' });
    expect(await page.textContent('#pharmacy-advice')).toContain('A pharmacist can help with chickenpox');
    // Never shown without it: hidden until it was rendered.
    const records = (await seen(page)).filter((s) => s.path === '/conditions/chickenpox');
    expect(records.some((r) => r.hidden)).toBe(true);
    for (const record of records) if (!record.advice) expect(record, JSON.stringify(records)).toMatchObject({ hidden: true });
    expect(records.at(-1)).toMatchObject({ hidden: false, advice: true });
    // Other condition pages get the other experience: no advice.
    await page.goto(`http://${WWW}:${port}/conditions/hives`);
    await shown(page);
    expect(await page.locator('#pharmacy-advice').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a redirect keeps the body hidden until the navigation', async () => {
    const { context, page, errors } = await visitor();
    await page.goto(`http://${WWW}:${port}/conditions/hives?e2e-redirect=1`);
    await page.waitForURL(`http://${WWW}:${port}/conditions/chickenpox?redirected=1`);
    await shown(page);
    const before = (await seen(page)).filter((s) => s.path.startsWith('/conditions/hives'));
    expect(before.length).toBeGreaterThan(0);
    for (const record of before) expect(record, JSON.stringify(before)).toMatchObject({ hidden: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a preview link's token (at_preview_token) rides along as preview.token", async () => {
    const { context, page, errors, decisions } = await visitor();
    await page.goto(`http://${WWW}:${port}/?at_preview_token=${encodeURIComponent('a.b/c')}`);
    await shown(page);
    expect(decisions).toHaveLength(1);
    expect(JSON.parse(decisions[0]!.postData()!).preview).toEqual({ token: 'a.b/c' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the decision service down: the page is shown, unchanged, with no page error', async () => {
    const { context, page, errors } = await visitor();
    let asked = 0;
    await page.route('**/rest/v1/delivery*', (route) => (asked++, route.abort('connectionrefused')));
    await page.goto(`http://${WWW}:${port}/`);
    await shown(page);
    expect(asked).toBe(1);
    expect(await heading(page)).toBe(HOME_HEADING);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the decision service slow: the page is shown at the time-out while the answer is still awaited, and the late answer changes nothing', async () => {
    const { context, page, errors } = await visitor();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route('**/rest/v1/delivery*', async (route) => {
      asked++;
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`http://${WWW}:${port}/`);
    await shown(page);
    expect(asked).toBe(1);
    // Shown while the request is still held: the time-out (SPEC §9: 3000 ms) showed it, not an answer.
    release();
    expect(await heading(page)).toBe(HOME_HEADING);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('consent and hosts (SPEC §2, §5)', () => {
  it('consent pending: no decision request and the page is never hidden; with consent, the next page asks', async () => {
    const { context, page, errors, decisions } = await visitor(null);
    await page.goto(`http://${WWW}:${port}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(decisions).toEqual([]);
    expect((await seen(page)).every((s) => !s.hidden)).toBe(true);
    await setStatistics(context, true);
    await homePage(page);
    expect(decisions).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Statistics off: no decision request; turned on, the next page asks', async () => {
    const { context, page, decisions } = await visitor(false);
    await page.goto(`http://${WWW}:${port}/conditions/chickenpox`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(decisions).toEqual([]);
    expect(await page.locator('#pharmacy-advice').count()).toBe(0);
    await setStatistics(context, true);
    await page.reload();
    await page.waitForSelector('#pharmacy-advice');
    expect(decisions).toHaveLength(1);
    await context.close();
  });

  it('no personalisation on the Welsh 111 subdomain; the same visitor is personalised on the live host', async () => {
    const { context, page, errors, decisions } = await visitor();
    await page.goto(`http://111.wales.health.localhost:${port}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(decisions).toEqual([]);
    expect((await seen(page)).every((s) => !s.hidden)).toBe(true);
    await homePage(page);
    expect(decisions).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an mboxDisable query parameter disables delivery, with a message that says so', async () => {
    const { context, page, decisions } = await visitor();
    await page.goto(`http://${WWW}:${port}/?mboxDisable=1`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(decisions).toEqual([]);
    const logged = await page.evaluate(() => (window as unknown as { _satellite: { logger: { history: Array<[string, string]> } } })._satellite.logger.history.map(([, m]) => m));
    expect(logged.some((m) => /delivery is disabled/.test(m) && /mboxDisable/.test(m))).toBe(true);
    await context.close();
  });
});

describe('display notifications (SPEC §4)', () => {
  it('a page-load answer is counted once, by the service: one request per page view and no display notification of its own', async () => {
    const { context, page, errors, decisions } = await visitor();
    const { answer } = await homePage(page);
    // execute answers are counted as displayed by the service (decide.ts): they carry no display token to send back.
    expect(answer.execute!.pageLoad!.options!.every((o) => o.eventToken === undefined)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(decisions).toHaveLength(1);
    expect(JSON.parse(decisions[0]!.postData()!).notifications).toBeUndefined();
    await homePage(page);
    await page.waitForLoadState('networkidle');
    expect(decisions).toHaveLength(2);
    expect(decisions.map((d) => JSON.parse(d.postData()!).notifications)).toEqual([undefined, undefined]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

