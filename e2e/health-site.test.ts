import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkNamed, pageViews, startHealthSite, type HealthSite } from './support/health';
import type { Hit } from './support/server';

// Every behaviour of SPEC.md that a visitor triggers, on the demo health site, in Chromium,
// with the health-site property's real containers and a real collector.

let site: HealthSite;
beforeAll(async () => {
  site = await startHealthSite();
});
afterAll(async () => {
  await site?.close();
});

const WWW = 'www.health.localhost';
const named = (pageName: string) => (hit: Hit) => pageViews(hit) && hit.params.get('pageName') === pageName;

/** Loads a page as a visitor who allowed everything (unless told otherwise) and returns the page and its errors. */
async function visit(host: string, path: string, consent: Parameters<HealthSite['visitor']>[0] = undefined) {
  const v = await site.visitor(consent);
  await v.page.goto(site.url(host, path));
  return v;
}

/** Waits long enough for any hit the page would send (DOM ready, window load) to arrive. */
const quiet = (page: Page) => page.waitForTimeout(1200);

describe('page views (SPEC §1, §2, §4; SDR.md "On every hit")', () => {
  it('sends event1 with the fixed variables on every page of the live site', async () => {
    const { page, errors, context } = await visit(WWW, '/conditions/chickenpox');
    const hit = await site.server.waitForHit(named('conditions:chickenpox'));
    expect(hit.path).toMatch(/^\/b\/ss\/nhsukprod\/1\/TW-[\d.]+\/s\d+$/);
    expect(hit.host).toBe('metrics.health.localhost');
    expect(hit.params.get('events')).toBe('event1');
    expect(hit.params.get('cc')).toBe('GBP');
    expect(hit.params.get('ch')).toBe('conditions');
    expect(hit.params.get('c1')).toBe('chickenpox');
    expect(hit.params.get('c5')).toBe('web');
    expect(hit.params.get('g')).toBe(site.url(WWW, '/conditions/chickenpox'));
    expect(errors).toEqual([]);
    await page.close();
    await context.close();
  });

  it('classifies the site section from the page-name prefix', async () => {
    const { context } = await visit('service-manual.health.localhost', '/search');
    const hit = await site.server.waitForHit(named('developer:search'));
    expect(hit.params.get('c5')).toBe('developer');
    expect(hit.path).toMatch(/^\/b\/ss\/nhsukprod\//);
    await context.close();
  });

  it('uses the staging and development report suites on their hosts', async () => {
    const staging = await visit('staging.health.localhost', '/');
    await site.server.waitForHit((h) => pageViews(h) && h.path.startsWith('/b/ss/nhsukstaging/'));
    const dev = await visit('dev.health.localhost', '/');
    await site.server.waitForHit((h) => pageViews(h) && h.path.startsWith('/b/ss/nhsukdev/'));
    await staging.context.close();
    await dev.context.close();
  });

  it('sends no page view on the excluded sites and pages, nor with a hash in the address', async () => {
    const from = site.server.hits.length;
    const excluded: Array<[string, string]> = [
      ['apply.service.gov.localhost', '/'],
      ['oneyou.health.localhost', '/'],
      ['test-and-trace.health.localhost', '/'],
      ['risk-check-beta.health.localhost', '/'],
      ['partner-one.test.localhost', '/'],
      ['partner-two.test.localhost', '/'],
      ['111.wales.health.localhost', '/'],
      [WWW, '/book-a-coronavirus-vaccination/check'],
      [WWW, '/book-a-coronavirus-vaccination/book/Appointment/Index/'],
      [WWW, '/conditions/hives#gallery'],
    ];
    const v = await site.visitor();
    for (const [host, path] of excluded) {
      await v.page.goto(site.url(host, path));
      await v.page.waitForFunction(() => document.readyState === 'complete');
    }
    await quiet(v.page);
    expect(site.hitsSince(from, pageViews).map((h) => h.params.get('g'))).toEqual([]);
    expect(v.errors).toEqual([]);
    await v.context.close();
  });

  it('sends a page view again when Page Name changes', async () => {
    const { page, context } = await visit(WWW, '/conditions/hives');
    await site.server.waitForHit(named('conditions:hives'));
    await page.evaluate(() => {
      (window as unknown as { digitalData: { page: { pageInfo: { pageName: string } } } }).digitalData.page.pageInfo.pageName = 'Conditions:Hives:Gallery';
    });
    await site.server.waitForHit(named('conditions:hives:gallery'), 4000);
    await context.close();
  });
});

describe('search (SPEC §2, §5; SDR.md "Search")', () => {
  it('service search: type, postcode hidden as "postcode na" and "postcode", search section blank, event3', async () => {
    const { context } = await visit(WWW, '/service-search/pharmacy/LS1%204AP');
    const hit = await site.server.waitForHit(named('service-search:pharmacy:postcode'));
    expect(hit.params.get('events')).toBe('event3,event1');
    expect(hit.params.get('v11')).toBe('postcode na');
    expect(hit.params.get('v12')).toBe('pharmacy');
    expect(hit.params.has('v13')).toBe(false);
    expect(hit.query).not.toMatch(/ls1|4ap/i);
    await context.close();
  });

  it('service search: a numeric location is reported as postcode', async () => {
    const { context } = await visit(WWW, '/service-search/pharmacy/12345');
    const hit = await site.server.waitForHit((h) => pageViews(h) && h.params.get('v12') === 'pharmacy' && h.params.get('v11') === 'postcode');
    expect(hit.params.get('pageName')).toBe('service-search:pharmacy:12345');
    await context.close();
  });

  it('main search (event2), zero results (event5) and a failed search (event6 with its reason)', async () => {
    const main = await visit(WWW, '/search?q=chickenpox');
    const found = await site.server.waitForHit(named('search:results'));
    expect(found.params.get('events')?.split(',')).toEqual(['event2', 'event1']);
    expect(found.params.get('v10')).toBeTruthy();
    const zero = await visit(WWW, '/search/no-results');
    const none = await site.server.waitForHit(named('search:no-results'));
    expect(none.params.get('events')?.split(',')).toContain('event5');
    expect(none.params.get('c15')).toBe('0');
    const failed = await visit(WWW, '/service-search/pharmacy/Narnia');
    const miss = await site.server.waitForHit(named('service-search:pharmacy:narnia'));
    expect(miss.params.get('events')?.split(',')).toContain('event6');
    expect(miss.params.get('v14')).toBeTruthy();
    for (const v of [main, zero, failed]) await v.context.close();
  });
});

describe('tools, cards, feedback and links (SPEC §4, §7; SDR.md)', () => {
  it('tool start via the direct call (event14) and completion on the result page (event15)', async () => {
    const { page, context } = await visit(WWW, '/health-assessment-tools/calculate-your-heart-age');
    await site.server.waitForHit(named('health-assessment-tools:calculate-your-heart-age:start'));
    await Promise.all([page.waitForURL(/enter-blood-pressure/), page.click('[data-tool-start]')]);
    const start = await site.server.waitForHit((h) => (h.params.get('pev2') ?? '').startsWith('Tool Start: '));
    expect(start.params.get('events')).toBe('event14');
    expect(start.params.get('v20')).toBeTruthy();
    const result = await visit(WWW, '/health-assessment-tools/calculate-your-heart-age/result');
    const done = await site.server.waitForHit(named('health-assessment-tools:calculate-your-heart-age:result'));
    expect(done.params.get('events')?.split(',')).toEqual(['event15', 'event1']);
    expect(done.params.get('v25')).toBeTruthy();
    await context.close();
    await result.context.close();
  });

  it('card click (event20), feedback yes (event25, eVar35) and the link names of SPEC §7', async () => {
    const { page, context, errors } = await visit(WWW, '/conditions/chickenpox');
    await site.server.waitForHit(named('conditions:chickenpox'));
    await page.click('.app-feedback__yes');
    const yes = await site.server.waitForHit(linkNamed('Feedback: Yes'));
    expect(yes.params.get('events')).toBe('event25');
    expect(yes.params.get('v35')).toBe('yes');
    await page.click('.app-gallery__thumbnail >> nth=1');
    const thumb = await site.server.waitForHit(linkNamed('Image Thumbnails'));
    expect(thumb.params.get('events')).toBe('event17');
    expect(thumb.params.get('v17')).toBe('Image Thumbnails');
    expect(thumb.params.get('pe')).toBe('lnk_o');
    expect(errors).toEqual([]);
    const home = await visit(WWW, '/');
    await home.page.click('.nhsuk-card--clickable a >> nth=0');
    const card = await site.server.waitForHit((h) => (h.params.get('pev2') ?? '').startsWith('Card Click'));
    expect(card.params.get('events')).toBe('event17,event20');
    expect(card.params.get('v26')).toMatch(/\|1$/);
    await context.close();
    await home.context.close();
  });

  it('Find a Pharmacy, Login Failed, Weight Range Expander, Request a Home Test, snack and breakfast swap close', async () => {
    const pharmacy = await visit(WWW, '/service-search/pharmacy/Narnia');
    await Promise.all([pharmacy.page.waitForURL(/find-a-pharmacy/), pharmacy.page.click('a[data-link="find-a-pharmacy"] >> nth=0')]);
    await site.server.waitForHit(linkNamed('Find a Pharmacy'));
    const account = await visit(WWW, '/nhs-app/account');
    await account.page.click('#login-failed');
    await site.server.waitForHit(linkNamed('Login Failed'));
    const bmi = await visit(WWW, '/health-assessment-tools/calculate-your-body-mass-index/calculate-bmi-for-adults/result');
    await bmi.page.click('details.app-weight-range summary');
    await site.server.waitForHit(linkNamed('Weight Range Expander'));
    const c4l = await visit('change4life.health.localhost', '/');
    await c4l.page.click('.app-snack-swap__close');
    await site.server.waitForHit(linkNamed('Snack Swap: Close'));
    await c4l.page.goto(site.url('change4life.health.localhost', '/activities'));
    await c4l.page.click('.app-breakfast-swap__close');
    await site.server.waitForHit(linkNamed('Breakfast Swap: Close'));
    await site.server.waitForHit((h) => h.params.get('pev2') === 'Change4life: Cards Shown' && h.params.get('events') === 'event24');
    // The test-and-trace site sends no page view (SPEC §2), but its link clicks are measured.
    const hosts = await visit('test-and-trace.health.localhost', '/');
    await Promise.all([hosts.page.waitForURL(/order-lateral-flow-kits/), hosts.page.click('a[data-link="request-a-home-test"]')]);
    const homeTest = await site.server.waitForHit(linkNamed('Request a Home Test'));
    expect(homeTest.params.get('v18')).toContain('/order-lateral-flow-kits/');
    for (const v of [pharmacy, account, bmi, c4l, hosts]) await v.context.close();
  });
});

describe('custom events of SPEC §4', () => {
  it('check-in offline and live, booking details, TestEvent1', async () => {
    const { page, context } = await visit(WWW, '/book-a-coronavirus-vaccination/check-in');
    await page.click('#checkin-submit');
    const live = await site.server.waitForHit(linkNamed('Check In: Request Live'));
    expect(live.params.get('events')).toBe('event17');
    await page.reload();
    await page.check('#checkin-simulate-offline');
    await page.click('#checkin-submit');
    await site.server.waitForHit(linkNamed('Check In: Request Offline'));
    await page.click('#expand-booking-details');
    await site.server.waitForHit(linkNamed('Booking: Expand Details'));
    const test = await visit(WWW, '/test-page');
    await site.server.waitForHit(named('test:events'));
    const from = site.server.hits.length;
    await test.page.click('#test-event-1');
    await site.server.waitForHit(linkNamed('TestEvent1'));
    // The global page view also runs on the site's custom events (SPEC §4).
    await site.server.waitForHit((h) => site.server.hits.indexOf(h) >= from && named('test:events')(h));
    await context.close();
    await test.context.close();
  });

  it('the three login errors, named as SPEC §8 says', async () => {
    const { page, context } = await visit(WWW, '/nhs-app/account');
    for (const [kind, name] of [
      ['account-locked', 'Login Failed - Account Locked'],
      ['account-inactive', 'Login Failed - Account Inactive'],
      ['invalid-credentials', 'Login Failed - Invalid Credentials'],
    ]) {
      await page.click(`[data-login-error="${kind}"]`);
      const hit = await site.server.waitForHit(linkNamed(name!));
      expect(hit.params.get('v17')).toBe(name);
    }
    await context.close();
  });
});

describe('sign-up and self-reported choices (SPEC §6; event11, event12)', () => {
  it('email sign-up: submitted (event11) without the address, confirmed on its page (event12)', async () => {
    const { page, context } = await visit(WWW, '/healthier-families/recipes/');
    const from = site.server.hits.length;
    await page.fill('.app-email-signup__form input[type="email"]', 'parent@example.com');
    await page.click('.app-email-signup__form button[type="submit"], .app-email-signup__form [type="submit"]');
    const submitted = await site.server.waitForHit(linkNamed('Email Sign Up'));
    expect(submitted.params.get('events')).toBe('event11');
    expect(site.hitsSince(from).some((h) => h.query.includes('example.com'))).toBe(false);
    await page.goto(site.url(WWW, '/healthier-families/email-sign-up-confirmed'));
    const confirmed = await site.server.waitForHit(named('healthier-families:email-sign-up-confirmed'));
    expect(confirmed.params.get('events')?.split(',')).toEqual(['event12', 'event1']);
    await context.close();
  });

  it("reports the visitor's self-reported choices with the page view", async () => {
    const { context } = await visit(WWW, '/report-result/organisation-role');
    const hit = await site.server.waitForHit(named('report-result:organisation-role'));
    expect(hit.params.get('v51')).toBe('allied health professionals');
    expect(hit.params.get('v52')).toBe('dentistry');
    await context.close();
  });

  it('an image description opened in a gallery is measured', async () => {
    const { page, context } = await visit(WWW, '/conditions/hives');
    await page.click('details.app-image-description summary >> nth=0');
    const hit = await site.server.waitForHit(linkNamed('Image Description'));
    expect(hit.params.get('events')).toBe('event17');
    await context.close();
  });
});

