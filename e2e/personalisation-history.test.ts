/**
 * Issue 16 item 1 in Chromium: the visitor's event history on the demo health site, with the real
 * server (in this process, SQLite in a temporary folder) and its decision service. Two copies of
 * the health-site property, each on a server of its own (so a page origin of its own), carry one
 * more experience-targeting activity on the home page whose audience is "event1 (the page view) at
 * least 3 times in 30 days": one with `personalizationStorageEnabled`, one without it.
 *
 * The page-load decision is made on library load, before the page's own page view (DOM ready): a
 * visit's decision counts the page views of the visits before it. So the first three visits see the
 * default, the fourth (three page views in the history) the targeted experience.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREHIDING_STYLE } from '@tagwell/schema';
import { eventKey, HISTORY_KEY } from '../packages/runtime/src/personalisation/event-history';
import { newVisitor, setStatistics, startPersonalisedSite, type PersonalisedSite } from './support/personalised-site';

const WWW = 'www.health.localhost';
const ADVICE = 'You have been here a few times: the health A to Z has every condition in one place.';
const PARAMETER = 'tw.history.event1_30d';
let withStorage: PersonalisedSite;
let withoutStorage: PersonalisedSite;

/** The health site's property with the history activity, and the setting as given, served by a server of its own. */
const site = (storage: boolean) =>
  startPersonalisedSite({
    name: 'history',
    // One browser serves both: the second server's pages are another origin (another port).
    browser: storage,
    edit: (document) => (document.personalisation.personalizationStorageEnabled = storage),
    activities: [
      {
        id: 9003,
        name: 'Test returning readers',
        type: 'xt',
        location: { type: 'mbox', name: 'target-global-mbox' },
        audience: { conditions: [{ type: 'path', operator: 'equals', values: ['/'] }] },
        experiences: [
          {
            name: 'Three page views in 30 days',
            audience: { conditions: [{ type: 'event-history', event: 'event1', atLeast: 3, withinDays: 30 }] },
            offers: [{ type: 'insertAfter', selector: 'main h1', content: `<p id="history-advice">${ADVICE}</p>` }],
          },
          { name: 'Default', offers: [{ type: 'trackClick', selector: 'main a' }] },
        ],
        goals: [{ type: 'page-view', name: 'A to Z', path: '/health-a-z' }],
      },
    ],
  });

beforeAll(async () => {
  withStorage = await site(true);
  withoutStorage = await site(false);
}, 120_000);
afterAll(async () => {
  await withoutStorage?.stop();
  await withStorage?.stop();
});

/** A fresh visitor with the Statistics choice given; the decision requests and page-view hits its pages send. */
async function visitor(statistics: boolean) {
  const { context, page, errors } = await newVisitor(withStorage, statistics);
  const decisions: Request[] = [];
  const pageViews: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/delivery')) decisions.push(request);
    if (request.url().includes('/b/ss/') && /[?&]events=event1(&|$)/.test(request.url())) pageViews.push(request);
  });
  return { context, page, errors, decisions, pageViews };
}

/** The page is shown: the prehiding style is gone. */
const shown = (page: Page) => page.waitForFunction((style) => document.body && ![...document.querySelectorAll('style')].some((s) => s.textContent === style), DEFAULT_PREHIDING_STYLE);
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY);
const pageLoadParameters = (request: Request): Record<string, string> => JSON.parse(request.postData()!).execute.pageLoad.parameters ?? {};

/** A visit of the home page: its decision, whether the advice is shown, once the page view's hit has left. */
async function visitHome(page: Page, port: number, pageViews: Request[]) {
  const before = pageViews.length;
  const answer = page.waitForResponse((r) => r.url().includes('/rest/v1/delivery') && r.request().method() === 'POST');
  await page.goto(`http://${WWW}:${port}/`);
  const decision = (await answer).request();
  await shown(page);
  // The page view's hit has left (its events are then in the history): the next visit counts it.
  await expect.poll(() => pageViews.length, { timeout: 10_000 }).toBe(before + 1);
  return { parameters: pageLoadParameters(decision), advice: await page.locator('#history-advice').count() };
}

describe('the event history (issue 16 item 1)', () => {
  it('counts the page views of earlier visits: the first three see the default, the fourth the targeted experience', async () => {
    const { context, page, errors, pageViews } = await visitor(true);
    const port = withStorage.server.port;
    const visits = [];
    for (let i = 0; i < 4; i++) visits.push(await visitHome(page, port, pageViews));
    expect(visits).toEqual([
      { parameters: expect.objectContaining({ [PARAMETER]: '0' }), advice: 0 },
      { parameters: expect.objectContaining({ [PARAMETER]: '1' }), advice: 0 },
      { parameters: expect.objectContaining({ [PARAMETER]: '2' }), advice: 0 },
      { parameters: expect.objectContaining({ [PARAMETER]: '3' }), advice: 1 },
    ]);
    expect(await page.textContent('#history-advice')).toBe(ADVICE);
    // One localStorage entry: the hash of event1 and its four times; no event name, no value of the page.
    const history = JSON.parse((await stored(page))!) as Record<string, number[]>;
    expect(history[eventKey('event1')]).toHaveLength(4);
    expect(Object.values(history).flat().every((t) => typeof t === 'number')).toBe(true);
    expect(Object.keys(history).every((key) => /^[0-9a-z]{1,7}$/.test(key))).toBe(true);
    expect(await stored(page)).not.toMatch(/event|health|conditions/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with Statistics off nothing is stored, and what was kept is removed', async () => {
    const port = withStorage.server.port;
    const { context, page, errors, decisions, pageViews } = await visitor(true);
    await visitHome(page, port, pageViews);
    expect(JSON.parse((await stored(page))!)[eventKey('event1')]).toHaveLength(1);
    // The visitor turns Statistics off: the next page removes the history, asks nothing, stores nothing.
    await setStatistics(context, false);
    const asked = decisions.length;
    await page.goto(`http://${WWW}:${port}/`);
    // The page view's hit was dropped for want of consent: the container has done all it does on this page.
    await page.waitForFunction(() => (window as unknown as { _satellite: { logger: { history: Array<[string, string]> } } })._satellite.logger.history.some(([, message]) => /hit dropped: no consent/.test(message)));
    expect(await stored(page)).toBeNull();
    expect(decisions).toHaveLength(asked);
    expect(await page.locator('#history-advice').count()).toBe(0);

    // A visitor who never allowed Statistics: nothing at all.
    const fresh = await visitor(false);
    await fresh.page.goto(`http://${WWW}:${port}/`);
    await fresh.page.waitForFunction(() => (window as unknown as { _satellite: { logger: { history: Array<[string, string]> } } })._satellite.logger.history.some(([, message]) => /hit dropped: no consent/.test(message)));
    expect(await fresh.page.evaluate(() => localStorage.length)).toBe(0);
    expect([...errors, ...fresh.errors]).toEqual([]);
    await fresh.context.close();
    await context.close();
  });

  it('without personalizationStorageEnabled nothing is stored and no count is sent: the fourth visit sees the default', async () => {
    const { context, page, errors, pageViews } = await visitor(true);
    const port = withoutStorage.server.port;
    const visits = [];
    for (let i = 0; i < 4; i++) visits.push(await visitHome(page, port, pageViews));
    for (const visit of visits) {
      expect(visit.parameters).not.toHaveProperty([PARAMETER]);
      expect(visit.advice).toBe(0);
    }
    expect(await stored(page)).toBeNull();
    // A history kept while the property kept one goes at the next page, though this container has no history code.
    await page.evaluate((key) => localStorage.setItem(key, '{"1n221gq":[1]}'), HISTORY_KEY);
    await visitHome(page, port, pageViews);
    expect(await stored(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
