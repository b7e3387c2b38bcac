import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CIDS } from '@tagwell/demo-site';
import { pageViews, startHealthSite, type HealthSite } from './support/health';
import type { Hit } from './support/server';
import { giveConsent } from './support/consent';

// The visitor identity on the demo health site, in Chromium, with the health-site property's real
// containers and the identity service (docs/IDENTITY.md, CONTRACT §5, SPEC §9). The property is
// built with a 1.5 s load timeout instead of 30 s, so a slow service costs the test little.

const LOAD_TIMEOUT = 1_500;
let site: HealthSite;
beforeAll(async () => {
  site = await startHealthSite({
    tweak: (property) => ({ ...property, settings: { ...property.settings, identity: { ...property.settings.identity!, loadTimeout: LOAD_TIMEOUT } } }),
  });
});
afterAll(async () => {
  await site?.close();
});

const WWW = 'www.health.localhost';
const MID = /^\d{38}$/;
const viewOf = (pageName: string, from = 0) => (hit: Hit) => site.server.hits.indexOf(hit) >= from && pageViews(hit) && hit.params.get('pageName') === pageName;
const mints = (from: number) => site.identity.seen.slice(from).filter((r) => r.path === '/id/v1/visitor' && !r.query.has('mid'));
const idCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'tw_id');
const visitorId = (page: Page) =>
  page.evaluate(() => (window as unknown as { _satellite: { getVisitorId(): { getMarketingCloudVisitorID(): string } | undefined } })._satellite.getVisitorId()?.getMarketingCloudVisitorID() ?? null);
/** Consent on a host outside `.health.localhost`, where the site's own consent cookie does not reach. */
const consentOn = (context: BrowserContext, domain: string) => giveConsent(context, { statistics: true }, domain);

describe('an id after consent (CONTRACT §5)', () => {
  it('every hit carries it, the same on every page and on the hosts sharing the cookie domain; asked for once', async () => {
    const { page, context, errors } = await site.visitor();
    const from = site.server.hits.length;
    const asked = site.identity.seen.length;
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    const first = await site.server.waitForHit(viewOf('conditions:chickenpox', from));
    const mid = first.params.get('mid')!;
    expect(mid).toMatch(MID);
    await page.click('.app-feedback__yes');
    await page.goto(site.url(WWW, '/conditions/hives'));
    await site.server.waitForHit(viewOf('conditions:hives', from));
    await page.goto(site.url('service-manual.health.localhost', '/'));
    await page.goto(site.url('staging.health.localhost', '/conditions/hives'));
    await site.server.waitForHit((h) => site.server.hits.indexOf(h) >= from && h.path.includes('nhsukstaging'));
    await page.waitForTimeout(300);
    const hits = site.hitsSince(from);
    expect(hits.length).toBeGreaterThanOrEqual(4);
    for (const hit of hits) expect(hit.params.get('mid'), hit.query.slice(0, 80)).toBe(mid);
    expect(mints(asked)).toHaveLength(1);
    expect(decodeURIComponent((await idCookie(context))!.value)).toContain(`MID|${mid}|LH|6|BLOB|`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('differs between two visitors', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { page, context } = await site.visitor();
      const from = site.server.hits.length;
      await page.goto(site.url(WWW, '/medicines/'));
      ids.push((await site.server.waitForHit(viewOf('medicines:a-z', from))).params.get('mid')!);
      await context.close();
    }
    expect(ids[0]).toMatch(MID);
    expect(ids[1]).toMatch(MID);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('no identifier without consent (CONTRACT §5, SPEC §4)', () => {
  it('none is asked for or written before the choice; with it, the waiting page view leaves with the id; withdrawn, the cookie goes', async () => {
    const { page, context, errors } = await site.visitor(null);
    const from = site.server.hits.length;
    const asked = site.identity.seen.length;
    await page.goto(site.url(WWW, '/conditions/hives'));
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(site.identity.seen.length).toBe(asked);
    expect(await idCookie(context)).toBeUndefined();
    expect(await visitorId(page)).toBe('');
    await page.click('#nhsuk-cookie-banner__link_accept_analytics');
    const view = await site.server.waitForHit(viewOf('conditions:hives', from));
    expect(view.params.get('mid')).toMatch(MID);
    expect(await idCookie(context)).toBeDefined();

    // Withdrawn on the cookie page: the cookie goes at once; the report of the choice and every later hit carry no id.
    await page.goto(site.url(WWW, '/our-policies/cookies-policy/'));
    const withdrawn = site.server.hits.length;
    await page.check('input[name="statistics"][value="off"]');
    await page.click('#save-cookie-preferences');
    const report = await site.server.waitForHit((h) => site.server.hits.indexOf(h) >= withdrawn && h.params.get('pev2') === 'Cookies: Statistics Off');
    expect(report.params.has('mid')).toBe(false);
    await page.waitForTimeout(200);
    expect(await idCookie(context)).toBeUndefined();
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    await page.waitForTimeout(500);
    expect(site.hitsSince(withdrawn).filter((h) => h.params.has('mid'))).toEqual([]);
    expect(await idCookie(context)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('opt-out (SPEC §7, §9)', () => {
  it('a visitor who opted out at the service gets no id; hits still go, without one', async () => {
    const { page, context } = await site.visitor();
    // On the service's own host, as its opt-out page does: the status, then the opt-out.
    await page.goto(`http://id.health.localhost:${site.server.port}/id/v1/opt-out`);
    expect(JSON.parse((await page.textContent('body'))!)).toEqual({ optOut: false, optOutTtl: 7200 });
    expect(await page.evaluate(() => fetch('/id/v1/opt-out', { method: 'POST' }).then((r) => r.json()))).toEqual({ optOut: true, optOutTtl: 7200 });
    const from = site.server.hits.length;
    const asked = site.identity.seen.length;
    await page.goto(site.url(WWW, '/live-well/exercise/'));
    const view = await site.server.waitForHit(viewOf('live-well:exercise', from));
    expect(view.params.has('mid')).toBe(false);
    // The answer is kept for the opt-out lifetime: the next page asks nothing.
    const cookie = decodeURIComponent((await idCookie(context))!.value);
    expect(cookie).toMatch(/^OO\|\d+$/);
    expect(Number(cookie.slice(3)) - Date.now() / 1000).toBeGreaterThan(7_100);
    await page.goto(site.url(WWW, '/conditions/hives'));
    const next = await site.server.waitForHit(viewOf('conditions:hives', from));
    expect(next.params.has('mid')).toBe(false);
    expect(site.identity.seen.slice(asked).map((r) => r.path)).toEqual(['/id/v1/visitor']);
    await context.close();
  });
});

describe('the service down or slow (SPEC §9: load timeout)', () => {
  it('down: the page view goes at once without an id, and the page has no error', async () => {
    const { page, context, errors } = await site.visitor();
    const refused: string[] = [];
    await page.route('**/id/v1/**', (route) => (refused.push(new URL(route.request().url()).pathname), route.abort('connectionrefused')));
    const from = site.server.hits.length;
    const started = Date.now();
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    const view = await site.server.waitForHit(viewOf('conditions:chickenpox', from));
    expect(Date.now() - started).toBeLessThan(LOAD_TIMEOUT + 1_000);
    expect(refused).toEqual(['/id/v1/visitor']);
    expect(view.params.has('mid')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('slow: the page view waits the load timeout, then goes once without the id; the next page carries it', async () => {
    const { page, context, errors } = await site.visitor();
    let slow = true;
    await page.route('**/id/v1/**', async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, LOAD_TIMEOUT + 1_500));
      await route.continue().catch(() => undefined);
    });
    const from = site.server.hits.length;
    const started = Date.now();
    await page.goto(site.url(WWW, '/conditions/hives'));
    const view = await site.server.waitForHit(viewOf('conditions:hives', from), LOAD_TIMEOUT + 5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOAD_TIMEOUT - 100);
    expect(view.params.has('mid')).toBe(false);
    await page.waitForTimeout(1_800);
    expect(site.hitsSince(from, viewOf('conditions:hives', from))).toHaveLength(1);
    slow = false;
    await page.goto(site.url(WWW, '/medicines/'));
    const next = await site.server.waitForHit(viewOf('medicines:a-z', from));
    expect(next.params.get('mid')).toMatch(MID);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('cross-domain: the URL-passed id (SPEC §9: valid 5 minutes)', () => {
  const passed = (mid: string, ts: number) => `tw_mc=${encodeURIComponent(`TS=${ts}|MCMID=${mid}`)}`;
  const GIVEN = '10000000000000000000200000000000000003';

  it('a fresh one is adopted and never reported; a stale one is ignored', async () => {
    const fresh = await site.visitor();
    const from = site.server.hits.length;
    await fresh.page.goto(site.url(WWW, `/conditions/chickenpox?x=1&${passed(GIVEN, Math.floor(Date.now() / 1000) - 60)}`));
    const view = await site.server.waitForHit(viewOf('conditions:chickenpox', from));
    expect(view.params.get('mid')).toBe(GIVEN);
    expect(view.params.get('g')).toBe(site.url(WWW, '/conditions/chickenpox?x=1'));
    expect(fresh.page.url()).toBe(site.url(WWW, '/conditions/chickenpox?x=1'));
    await fresh.page.evaluate(() => document.body.append(Object.assign(document.createElement('a'), { id: 'next-page', href: '/conditions/hives', textContent: 'Hives' })));
    await fresh.page.click('#next-page');
    const next = await site.server.waitForHit((h) => site.server.hits.indexOf(h) > site.server.hits.indexOf(view) && pageViews(h));
    expect(next.params.get('mid')).toBe(GIVEN);
    expect(next.params.get('r')).not.toContain('tw_mc');
    await fresh.context.close();

    const stale = await site.visitor();
    const before = site.server.hits.length;
    await stale.page.goto(site.url(WWW, `/conditions/hives?${passed(GIVEN, Math.floor(Date.now() / 1000) - 301)}`));
    const own = await site.server.waitForHit(viewOf('conditions:hives', before));
    expect(own.params.get('mid')).toMatch(MID);
    expect(own.params.get('mid')).not.toBe(GIVEN);
    expect(own.query).not.toContain('tw_mc');
    await stale.context.close();
  });

  it('links to the hosts outside the cookie domain carry it, both ways', async () => {
    // From a partner host to the live site: the live site adopts the partner's id.
    const { page, context, errors } = await site.visitor();
    await consentOn(context, 'partner-one.test.localhost');
    await consentOn(context, 'apply.service.gov.localhost');
    await page.goto(site.url('partner-one.test.localhost', '/'));
    await page.waitForFunction(() => (window as unknown as { _satellite?: { getVisitorId(): { getMarketingCloudVisitorID(): string } } })._satellite?.getVisitorId().getMarketingCloudVisitorID());
    const partnerId = await visitorId(page);
    expect(partnerId).toMatch(MID);
    const from = site.server.hits.length;
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().startsWith(site.url(WWW, '/')) && r.isNavigationRequest()), page.click(`a[href^="http://${WWW}"]`)]);
    expect(new URL(request.url()).searchParams.get('tw_mc')).toMatch(new RegExp(`^TS=\\d+\\|MCMID=${partnerId}$`));
    const view = await site.server.waitForHit((h) => site.server.hits.indexOf(h) >= from && pageViews(h));
    expect(view.params.get('mid')).toBe(partnerId);
    expect(view.query).not.toContain('tw_mc');

    // From the live site to a government service host: that host adopts it too.
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { id: 'apply-link', href, textContent: 'Apply for help with health costs' });
      document.body.append(link);
    }, site.url('apply.service.gov.localhost', '/'));
    await Promise.all([page.waitForURL(site.url('apply.service.gov.localhost', '/')), page.click('#apply-link')]);
    await page.waitForFunction(() => (window as unknown as { _satellite?: unknown })._satellite);
    expect(await visitorId(page)).toBe(partnerId);
    // A host sharing the cookie domain needs no URL-passed id: its links are left alone.
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    const [own] = await Promise.all([page.waitForRequest((r) => r.url().includes('enquiries.health.localhost') && r.isNavigationRequest()), page.click('a[href*="enquiries.health.localhost"]')]);
    expect(own.url()).not.toContain('tw_mc');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('customer ids (SPEC §7: the stitching rule)', () => {
  it('the data-layer identifier goes to the service as a customer id, accepted, and into no hit', async () => {
    const { page, context } = await site.visitor();
    const from = site.server.hits.length;
    const asked = site.identity.seen.length;
    await page.goto(site.url(WWW, '/nhs-app/account'));
    await page.waitForLoadState('load');
    await expect.poll(() => site.identity.seen.slice(asked).filter((r) => r.path === '/id/v1/customer-ids').length).toBe(1);
    const sent = site.identity.seen.slice(asked).find((r) => r.path === '/id/v1/customer-ids')!;
    expect(JSON.parse(sent.body!)).toEqual({ customerIds: { stitching: { id: DEMO_CIDS.account, authState: 1 } } });
    await page.reload();
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    // Sent at most once a day while unchanged.
    expect(site.identity.seen.slice(asked).filter((r) => r.path === '/id/v1/customer-ids')).toHaveLength(1);
    for (const hit of site.hitsSince(from)) expect(hit.query).not.toContain(DEMO_CIDS.account);
    expect(decodeURIComponent((await idCookie(context))!.value)).not.toContain(DEMO_CIDS.account);
    await context.close();
  });
});
