import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CIDS } from '@tagwell/demo-site';
import { linkNamed, pageViews, startHealthSite, type HealthSite } from './support/health';

// Consent, identity stitching, the feedback survey and the container's cookies and scripts
// (SPEC §4, §5, §7, §8, §9), on the demo health site in Chromium.

let site: HealthSite;
beforeAll(async () => {
  site = await startHealthSite();
});
afterAll(async () => {
  await site?.close();
});

const WWW = 'www.health.localhost';
const satellite = <T>(expression: string) => `(() => { const s = window._satellite; return ${expression}; })()` as unknown as T;
const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();

describe('consent (SPEC §4)', () => {
  it('keeps hits in memory while the choice is pending, and sends them once Statistics is turned on', async () => {
    const { page, context, errors } = await site.visitor(null);
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, '/conditions/hives'));
    await page.waitForLoadState('load');
    await page.waitForTimeout(800);
    expect(site.hitsSince(from)).toEqual([]);
    expect(await page.evaluate(satellite<string>('s.getVar("Consent Status")'))).toBe('pending');
    await page.click('#nhsuk-cookie-banner__link_accept_analytics');
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'conditions:hives');
    expect(hit.params.get('events')).toBe('event1');
    expect(await page.evaluate(satellite<string>('s.getVar("Consent Status")'))).toBe('changed');
    await page.reload();
    expect(await page.evaluate(satellite<string>('s.getVar("Consent Status")'))).toBe('complete');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('drops them when Statistics is turned off: only the report of that choice leaves, without an identifier', async () => {
    const { page, context } = await site.visitor(null);
    // A visitor id from an earlier visit (docs/IDENTITY.md "The cookie"): the choice removes it.
    const later = Math.floor(Date.now() / 1000) + 3600;
    await context.addCookies([{ name: 'tw_id', value: encodeURIComponent(`MID|${'1'.repeat(38)}|TTL|${later}|OO|${later}`), domain: '.health.localhost', path: '/' }]);
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, '/conditions/chickenpox?stitchid=abcdef123456'));
    await page.waitForLoadState('load');
    await page.click('#nhsuk-cookie-banner__link_accept');
    const statistics = await site.server.waitForHit(linkNamed('Cookies: Statistics Off'));
    await site.server.waitForHit(linkNamed('Cookies: Marketing Off'));
    expect(statistics.params.has('mid')).toBe(false);
    expect(statistics.params.get('events')).toBe('event17');
    // Later pages send nothing at all, and no analytics cookie is written.
    await page.goto(site.url(WWW, '/conditions/hives'));
    await page.waitForLoadState('load');
    await page.click('.app-feedback__yes');
    await page.waitForTimeout(1000);
    const names = site.hitsSince(from).map((h) => h.params.get('pev2') ?? `page view ${h.params.get('pageName')}`);
    expect(names.sort()).toEqual(['Cookies: Marketing Off', 'Cookies: Statistics Off']);
    const cookies = await cookieNames(context);
    for (const name of ['nhsuk_stitch_id', 'nhsuk_last_answer', 'tw_survey_ZN_nhsuk_feedback', 'tw_id']) expect(cookies).not.toContain(name);
    await context.close();
  });

  it('reports Marketing off from the cookie preference page, and keeps sending with Statistics on', async () => {
    const { page, context } = await site.visitor(null);
    await page.goto(site.url(WWW, '/our-policies/cookies-policy/'));
    await page.check('input[name="statistics"][value="on"]');
    await page.check('input[name="marketing"][value="off"]');
    await page.click('#save-cookie-preferences');
    const report = await site.server.waitForHit(linkNamed('Cookies: Marketing Off'));
    expect(report.params.get('v17')).toBe('Cookies: Marketing Off');
    await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'our-policies:cookies-policy');
    await context.close();
  });

  it('Marketing gates the session-recording script on the header account link', async () => {
    for (const marketing of [false, true]) {
      const { page, context } = await site.visitor({ statistics: true, marketing });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(site.url(WWW, '/conditions/chickenpox'));
      await page.waitForLoadState('load');
      await Promise.all([page.waitForURL(/nhs-app/), page.click('#header-account-link')]);
      expect(requested.some((url) => url.includes('/recording/session.js'))).toBe(marketing);
      await context.close();
    }
  });
});

describe('feedback survey (SPEC §7, §9)', () => {
  it('on the live site: samples into a 7-day cookie, adds the placeholder, loads the provider with the nonce; Survey: Agree is measured', async () => {
    const { page, context, errors } = await site.visitor();
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    await page.waitForSelector('#ZN_ZN_nhsuk_feedback #survey-agree');
    const cookie = (await context.cookies()).find((c) => c.name === 'tw_survey_ZN_nhsuk_feedback');
    expect(cookie?.value).toBe('1');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await page.click('#survey-agree');
    const agree = await site.server.waitForHit(linkNamed('Survey: Agree'));
    expect(agree.params.get('events')).toBe('event17');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the staging, dev and drafts hosts too, but not on the other sites', async () => {
    const { page, context } = await site.visitor();
    for (const host of ['staging.health.localhost', 'dev.health.localhost', 'drafts.health.localhost']) {
      await page.goto(site.url(host, '/'));
      await page.waitForSelector('#ZN_ZN_nhsuk_feedback');
    }
    for (const host of ['service-manual.health.localhost', 'change4life.health.localhost']) {
      await page.goto(site.url(host, '/'));
      await page.waitForLoadState('load');
      await page.waitForTimeout(300);
      expect(await page.locator('#ZN_ZN_nhsuk_feedback').count()).toBe(0);
    }
    await context.close();
  });

  it("logs 'Could not load Intercept Project' when the provider cannot be reached", async () => {
    const { page, context, errors } = await site.visitor();
    await page.route('**/survey/intercept.js*', (route) => route.abort());
    await page.goto(site.url(WWW, '/conditions/hives'));
    await page.waitForFunction(() =>
      (window as unknown as { _satellite: { logger: { history: string[][] } } })._satellite.logger.history.some((e) => e[1] === 'Could not load Intercept Project'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('analytics stitching (SPEC §4, §7, §8)', () => {
  it('identifier from the cookie: eVar88 Y', async () => {
    const { page, context } = await site.visitor();
    await context.addCookies([{ name: 'nhsuk_stitch_id', value: 'abcdef123456', domain: '.health.localhost', path: '/' }]);
    await page.goto(site.url(WWW, '/medicines/'));
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'medicines:a-z');
    expect(hit.params.get('v88')).toBe('Y');
    await context.close();
  });

  it('identifier from the query string: eVar88 N, then the parameter is removed and the page reloaded once', async () => {
    const { page, context } = await site.visitor();
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, '/symptoms/headaches/?stitchid=qs7777777777&x=1'));
    await page.waitForURL(site.url(WWW, '/symptoms/headaches/?x=1'));
    await page.waitForLoadState('load');
    await page.waitForTimeout(1200);
    const views = site.hitsSince(from, (h) => pageViews(h) && h.params.get('pageName') === 'symptoms:headaches');
    expect(views.map((h) => h.params.get('v88'))).toEqual(['N', 'Y']);
    const cookie = (await context.cookies()).find((c) => c.name === 'nhsuk_stitch_id');
    expect(cookie?.value).toBe('qs7777777777');
    expect((cookie!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);
    await context.close();
  });

  it('identifier unavailable: the unavailable event is dispatched on the document, and no flag is sent', async () => {
    const { page, context } = await site.visitor();
    await page.addInitScript(() => document.addEventListener('stitching-id-unavailable', () => ((window as unknown as { __unavailable: boolean }).__unavailable = true)));
    await page.goto(site.url(WWW, '/baby/caring-for-a-newborn/'));
    await page.waitForFunction(() => (window as unknown as { __unavailable?: boolean }).__unavailable === true);
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'baby:caring-for-a-newborn');
    expect(hit.params.has('v88')).toBe(false);
    await context.close();
  });

  it('a data-layer identifier sets the customer id and a one-year cookie on the root path; an invalid one is rejected', async () => {
    const good = await site.visitor();
    const asked = site.identity.seen.length;
    await good.page.goto(site.url(WWW, '/nhs-app/account'));
    await good.page.waitForLoadState('load');
    const cookie = (await good.context.cookies()).find((c) => c.name === 'nhsuk_stitch_id');
    expect(cookie?.value).toBe(DEMO_CIDS.account);
    expect(cookie?.path).toBe('/');
    // The customer id goes to the identity service (docs/IDENTITY.md), never into a hit.
    await expect.poll(() => site.identity.seen.slice(asked).some((r) => r.path === '/id/v1/customer-ids' && r.body!.includes(DEMO_CIDS.account))).toBe(true);
    await good.context.close();

    const bad = await site.visitor();
    await bad.page.addInitScript(() => {
      let layer: { user?: { cid?: string } } | undefined;
      Object.defineProperty(window, 'digitalData', {
        configurable: true,
        get: () => layer,
        set: (value) => {
          layer = value;
          if (layer?.user) layer.user.cid = 'not a valid id!';
        },
      });
    });
    await bad.page.goto(site.url(WWW, '/nhs-app/account'));
    await bad.page.waitForFunction(() =>
      (window as unknown as { _satellite: { logger: { history: string[][] } } })._satellite.logger.history.some((e) => e[1]!.startsWith('Rejected these customer ids')),
    );
    expect(await cookieNames(bad.context)).not.toContain('nhsuk_stitch_id');
    await bad.context.close();
  });

  it('rewrites an allow-listed link to carry the identifier from the cookie', async () => {
    const { page, context } = await site.visitor();
    await context.addCookies([{ name: 'nhsuk_stitch_id', value: 'link12345678', domain: '.health.localhost', path: '/' }]);
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    const [request] = await Promise.all([page.waitForRequest(/enquiries\.health\.localhost/), page.click('a[href*="enquiries.health.localhost"]')]);
    expect(new URL(request.url()).searchParams.get('stitchid')).toBe('link12345678');
    // The service at the other end takes it from the query string (flag N) and tidies its address.
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'enquiries:contact-us' && h.params.get('v88') === 'N');
    // The identifier itself never leaves in the page URL (deniedQueryParams).
    expect(hit.params.get('g')).toBe(site.url('enquiries.health.localhost', '/'));
    await page.waitForURL(site.url('enquiries.health.localhost', '/'));
    await context.close();
  });
});

describe('analytics stitching failures (SPEC §7, §8)', () => {
  it('a link that cannot be rewritten dispatches the error event; a failed dispatch is logged', async () => {
    const { page, context, errors } = await site.visitor();
    await context.addCookies([{ name: 'nhsuk_stitch_id', value: 'link12345678', domain: '.health.localhost', path: '/' }]);
    await page.goto(site.url(WWW, '/conditions/chickenpox'));
    await page.evaluate(() => {
      document.addEventListener('stitching-error', () => ((window as unknown as { __stitchingError: number }).__stitchingError = 1));
      const broken = document.createElement('a');
      broken.id = 'broken-link';
      broken.href = 'http://enquiries.health.localhost:99999999/';
      broken.textContent = 'Broken';
      document.body.append(broken);
      broken.addEventListener('click', (e) => e.preventDefault());
    });
    await page.click('#broken-link');
    await page.waitForFunction(() => (window as unknown as { __stitchingError?: number }).__stitchingError === 1);
    // When even the event cannot be dispatched, the failure is logged and the page carries on.
    await page.evaluate(() => {
      document.dispatchEvent = () => {
        throw new Error('blocked');
      };
    });
    await page.click('#broken-link');
    await page.waitForFunction(() =>
      (window as unknown as { _satellite: { logger: { history: string[][] } } })._satellite.logger.history.some((e) => e[1]!.startsWith('Error dispatching stitching event')),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the container's own cookies and scripts", () => {
  it('keeps the last answer in a session cookie: Are You Pregnant: Yes', async () => {
    const { page, context } = await site.visitor();
    await page.goto(site.url(WWW, '/book-a-coronavirus-vaccination/are-you-pregnant'));
    await page.check('input[type=radio][data-question="Are You Pregnant"][value="Yes"]');
    await page.waitForFunction(() => document.cookie.includes('nhsuk_last_answer'));
    const cookie = (await context.cookies()).find((c) => c.name === 'nhsuk_last_answer');
    expect(decodeURIComponent(cookie!.value)).toBe('Are You Pregnant: Yes');
    expect(cookie!.expires).toBe(-1);
    await context.close();
  });

  it('captures the booking code first (rule order 1) and reports the vaccine dose from the lookup', async () => {
    const { page, context } = await site.visitor();
    await page.goto(site.url(WWW, '/book-a-coronavirus-vaccination/are-you-pregnant?code=XK42AB'));
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'book-a-coronavirus-vaccination:are-you-pregnant');
    expect(hit.params.get('v30')).toBe('Dose3');
    const cookie = (await context.cookies()).find((c) => c.name === 'nhsuk_vaccination_code');
    expect(cookie?.value).toBe('XK42AB');
    expect(await page.evaluate(satellite<string>('s.getVar("Book a Vaccination Code")'))).toBe('XK42AB');
    await context.close();
  });

  it('loads the external custom-code script on DOM ready, with the page nonce under a strict CSP', async () => {
    const { page, context, errors } = await site.visitor();
    await page.goto(site.url(WWW, '/'));
    await page.waitForFunction(() => (window as unknown as { __externalCustomCode?: boolean }).__externalCustomCode === true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never sends an e-mail address in the address bar, nor a postcode in the page name', async () => {
    const { page, context } = await site.visitor();
    await page.goto(site.url(WWW, '/live-well/exercise/?useremail=someone%40example.com&utm=x'));
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('pageName') === 'live-well:exercise');
    expect(hit.params.get('g')).toBe(site.url(WWW, '/live-well/exercise/?utm=x'));
    expect(hit.query).not.toContain('example.com');
    await context.close();
  });
});
