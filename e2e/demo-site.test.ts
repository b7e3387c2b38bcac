import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoHandler } from '@tagwell/demo-site';
import { launchBrowser } from './support/browser';

// The demo health site in Debian's Chromium, without a container: its own script, nhsuk-frontend
// and the vendor stand-ins must run under the strict nonce CSP with no errors.

let server: Server;
let port = 0;
let browser: Browser;
let closeBrowser: () => Promise<void>;

const url = (host: string, path: string) => `http://${host}:${port}${path}`;
const WWW = 'www.health.localhost';

interface Recorded {
  page: Page;
  context: BrowserContext;
  /** Page errors, console errors/warnings and CSP violations. */
  problems: string[];
}

/** Runs before any page script: records CSP violations and the site's custom events, fakes `_satellite`. */
function instrument() {
  const w = window as unknown as { __csp: string[]; __events: Array<[string, unknown]>; _satellite: unknown };
  w.__csp = [];
  w.__events = [];
  document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  const names = ['cookie-consent-changed', 'email-signup', 'change4life-cards-shown', 'checkin-request-live', 'checkin-request-offline', 'expand-booking-details', 'login-error-account-locked', 'login-error-account-inactive', 'login-error-invalid-credentials', 'TestEvent1'];
  for (const name of names) document.addEventListener(name, (e) => w.__events.push([name, (e as CustomEvent).detail]));
  // A stand-in for the container's page API; calls survive navigation in sessionStorage.
  w._satellite = {
    track(identifier: string, detail: unknown) {
      const calls = JSON.parse(sessionStorage.getItem('track-calls') ?? '[]') as unknown[];
      calls.push([identifier, detail]);
      sessionStorage.setItem('track-calls', JSON.stringify(calls));
    },
    pageBottom() {},
  };
}

async function open(host: string, path: string): Promise<Recorded> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  await page.addInitScript(instrument);
  const response = await page.goto(url(host, path), { waitUntil: 'load' });
  expect(response?.status(), `${host}${path}`).toBe(200);
  return { page, context, problems };
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

async function events(page: Page): Promise<Array<[string, unknown]>> {
  return page.evaluate(() => (window as unknown as { __events: Array<[string, unknown]> }).__events);
}

beforeAll(async () => {
  const handler = createDemoHandler({ containerUrl: () => null });
  server = createServer((req, res) => {
    handler(req, res).then(
      (handled) => {
        if (!handled) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not found');
        }
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  ({ browser, close: closeBrowser } = await launchBrowser());
});

afterAll(async () => {
  await closeBrowser?.();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const REPRESENTATIVE: Array<[string, string, string]> = [
  [WWW, '/', 'home'],
  [WWW, '/conditions/chickenpox', 'conditions:chickenpox'],
  [WWW, '/service-search/pharmacy/LS1%204AP', 'service-search:pharmacy:ls1 4ap'],
  [WWW, '/search?q=chickenpox', 'search:results'],
  [WWW, '/health-assessment-tools/check-your-blood-pressure-reading', 'health-assessment-tools:check-your-blood-pressure-reading:start'],
  [WWW, '/health-assessment-tools/calculate-your-body-mass-index/calculate-bmi-for-adults/result', 'health-assessment-tools:calculate-bmi-for-adults:result'],
  [WWW, '/book-a-coronavirus-vaccination/check-in', 'book-a-coronavirus-vaccination:check-in'],
  [WWW, '/report-result/nhs-setting', 'report-result:nhs-setting'],
  [WWW, '/nhs-app/account', 'nhs-app:account'],
  [WWW, '/our-policies/cookies-policy/', 'our-policies:cookies-policy'],
  ['change4life.health.localhost', '/activities', 'change4life:activities'],
  ['service-manual.health.localhost', '/search', 'developer:search'],
];

describe('demo health site in Chromium', () => {
  it.each(REPRESENTATIVE)('%s%s loads under the nonce CSP with its data layer', async (host, path, pageName) => {
    const { page, context, problems } = await open(host, path);
    expect(await page.evaluate(() => (window as unknown as { digitalData: { page: { pageInfo: { pageName: string } } } }).digitalData.page.pageInfo.pageName)).toBe(pageName);
    // nhsuk-frontend's module (imported by a nonce'd module script) ran.
    await page.waitForSelector('header[data-nhsuk-header-init]', { state: 'attached' });
    expect(await page.evaluate(() => document.body.classList.contains('nhsuk-frontend-supported'))).toBe(true);
    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('saves the banner choice as the consent cookie on health.localhost and fires cookie-consent-changed', async () => {
    const { page, context, problems } = await open(WWW, '/');
    await page.click('#nhsuk-cookie-banner__link_accept_analytics');
    expect(await events(page)).toEqual([['cookie-consent-changed', { statistics: true, marketing: true }]]);
    const cookie = (await context.cookies()).find((c) => c.name === 'nhsuk-cookie-consent');
    expect(cookie?.domain).toBe('.health.localhost');
    expect(cookie?.path).toBe('/');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(89 * 86_400_000);
    expect(JSON.parse(cookie!.value)).toEqual({ necessary: true, statistics: true, marketing: true, consented: true });
    expect(await page.isHidden('#nhsuk-cookie-banner')).toBe(true);
    expect(await page.isVisible('#nhsuk-cookie-confirmation-banner')).toBe(true);

    // The choice holds on the sibling hosts; the preference page shows it and changes it.
    await page.goto(url('change4life.health.localhost', '/'));
    expect(await page.$('#nhsuk-cookie-banner')).toBeNull();
    await page.goto(url(WWW, '/our-policies/cookies-policy/'));
    expect(await page.isChecked('input[name="statistics"][value="on"]')).toBe(true);
    await page.check('input[name="statistics"][value="off"]');
    await page.check('input[name="marketing"][value="off"]');
    await page.click('#save-cookie-preferences');
    expect(await events(page)).toEqual([['cookie-consent-changed', { statistics: false, marketing: false }]]);
    expect(await page.isVisible('#cookie-preferences-saved')).toBe(true);
    const saved = (await context.cookies()).find((c) => c.name === 'nhsuk-cookie-consent');
    expect(JSON.parse(saved!.value)).toEqual({ necessary: true, statistics: false, marketing: false, consented: true });
    expect(page.url()).toBe(url(WWW, '/our-policies/cookies-policy/'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('calls _satellite.track("tool_start") when the visitor presses Start, then goes to the first step', async () => {
    const { page, context, problems } = await open(WWW, '/health-assessment-tools/check-your-blood-pressure-reading');
    await Promise.all([page.waitForURL('**/select-reading-location'), page.click('a[data-tool-start]')]);
    const calls = await page.evaluate(() => JSON.parse(sessionStorage.getItem('track-calls') ?? '[]') as unknown[]);
    expect(calls).toEqual([['tool_start', { toolName: 'blood pressure checker', toolCategory: 'health assessment tools', toolVersion: '2.1', toolStage: 'start', toolStageName: 'start' }]]);
    await page.check('input[name="location"][value="pharmacy"]');
    await Promise.all([page.waitForURL('**/check-your-blood-pressure-reading/result?location=pharmacy'), page.click('button[type="submit"]:has-text("See my result")')]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('swaps the gallery image from a thumbnail and opens its description', async () => {
    const { page, context, problems } = await open(WWW, '/conditions/chickenpox');
    await page.click('.app-gallery__thumbnail >> nth=1');
    expect(await page.getAttribute('.app-gallery__image', 'src')).toBe('/assets/gallery/chickenpox-blisters.svg');
    expect(await page.getAttribute('.app-gallery__thumbnail >> nth=1', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('.app-gallery__thumbnail >> nth=0', 'aria-pressed')).toBe('false');
    expect(await page.textContent('.app-gallery__caption')).toContain('become blisters');
    await page.waitForFunction(() => (document.querySelector('.app-gallery__image') as HTMLImageElement).naturalWidth > 0);
    await page.click('.app-gallery__description[data-index="1"] details.app-image-description summary');
    expect(await page.getAttribute('.app-gallery__description[data-index="1"] details', 'open')).toBe('');
    expect(await page.isHidden('.app-gallery__description[data-index="0"]')).toBe(true);
    await page.click('.app-feedback__yes');
    expect(await page.isVisible('.app-feedback__thanks')).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('dispatches the documented events from real buttons and forms', async () => {
    const checkIn = await open(WWW, '/book-a-coronavirus-vaccination/check-in');
    await checkIn.page.click('#expand-booking-details');
    expect(await checkIn.page.isVisible('#booking-details')).toBe(true);
    await checkIn.page.check('#checkin-simulate-offline');
    await checkIn.page.click('#checkin-submit');
    await checkIn.page.uncheck('#checkin-simulate-offline');
    await checkIn.page.click('#checkin-submit');
    expect((await events(checkIn.page)).map(([name]) => name)).toEqual(['expand-booking-details', 'checkin-request-offline', 'checkin-request-live']);
    expect(checkIn.problems).toEqual([]);
    await checkIn.context.close();

    const account = await open(WWW, '/nhs-app/account');
    for (const kind of ['account-locked', 'account-inactive', 'invalid-credentials']) await account.page.click(`[data-login-error="${kind}"]`);
    expect((await events(account.page)).map(([name]) => name)).toEqual(['login-error-account-locked', 'login-error-account-inactive', 'login-error-invalid-credentials']);
    expect(await account.page.textContent('#login-error-message')).toContain('incorrect');
    await account.page.click('#login-failed');
    expect(await account.page.isVisible('#login-help')).toBe(true);
    expect(account.problems).toEqual([]);
    await account.context.close();

    const recipes = await open(WWW, '/healthier-families/recipes/');
    await recipes.page.click('.app-email-signup__submit');
    expect(await recipes.page.isVisible('.app-email-signup__error')).toBe(true);
    await recipes.page.fill('input[type="email"]', 'someone@example.com');
    await recipes.page.click('.app-email-signup__submit');
    expect(await events(recipes.page)).toEqual([['email-signup', { list: 'healthier-families' }]]);
    expect(await recipes.page.isVisible('.app-email-signup__thanks')).toBe(true);
    expect(recipes.page.url()).toBe(url(WWW, '/healthier-families/recipes/'));
    await Promise.all([recipes.page.waitForURL('**/email-sign-up-confirmed'), recipes.page.click('.app-email-signup__thanks a')]);
    expect(await recipes.page.evaluate(() => (window as unknown as { digitalData: { page: { pageInfo: { pageFunction: string } } } }).digitalData.page.pageInfo.pageFunction)).toBe('email sign-up complete');
    expect(recipes.problems).toEqual([]);
    await recipes.context.close();

    const c4l = await open('change4life.health.localhost', '/activities');
    await c4l.page.waitForFunction(() => (window as unknown as { __events: unknown[] }).__events.length > 0);
    await c4l.page.click('#change4life-show-more');
    await c4l.page.click('.app-breakfast-swap__close');
    expect(await c4l.page.isHidden('.app-breakfast-swap')).toBe(true);
    expect(await events(c4l.page)).toEqual([
      ['change4life-cards-shown', { count: 3 }],
      ['change4life-cards-shown', { count: 3 }],
    ]);
    expect(await c4l.page.locator('[data-change4life-cards] .nhsuk-card--clickable').count()).toBe(6);
    expect(c4l.problems).toEqual([]);
    await c4l.context.close();

    const test = await open(WWW, '/test-page');
    await test.page.click('#test-event-1');
    expect(await events(test.page)).toEqual([['TestEvent1', null]]);
    await test.context.close();
  });

  it('runs the survey stand-in from vendor.localhost with the page nonce; #survey-agree works', async () => {
    const { page, context, problems } = await open(WWW, '/conditions/hives');
    const vendor = url('vendor.localhost', '/survey/intercept.js?brand=nhs&project=SV_demo');
    await page.evaluate((src) => {
      const script = document.createElement('script');
      script.src = src;
      script.nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')!.content;
      document.head.appendChild(script);
    }, vendor);
    await page.waitForFunction(() => (window as unknown as { __surveyLoaded?: boolean }).__surveyLoaded === true);
    expect(await page.textContent('#ZN_SV_demo .survey-banner h2')).toBe('Help us improve this website');
    await page.click('#survey-agree');
    expect(await page.evaluate(() => (window as unknown as { __surveyAgreed?: boolean }).__surveyAgreed)).toBe(true);
    await page.click('#survey-disagree');
    expect(await page.$('#ZN_SV_demo .survey-banner')).toBeNull();
    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);

    // The policy is really enforced: a script without the nonce is refused.
    await page.evaluate((src) => {
      const script = document.createElement('script');
      script.src = src.replace('survey/intercept.js', 'recording/session.js');
      document.head.appendChild(script);
    }, vendor);
    await page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __sessionRecording?: boolean }).__sessionRecording)).toBeUndefined();
    await context.close();
  });
});
