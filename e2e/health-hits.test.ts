import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { assertProperty, queryKey } from '@tagwell/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PROPERTY, linkNamed, pageViews, startHealthSite, type HealthSite } from './support/health';
import type { Hit } from './support/server';

// Which hit each variable goes with, on the demo health site in Chromium with the health-site
// property's real containers and a real collector: the page context on every hit (SDR.md "On
// every hit"), nothing carried over from a hit that was never sent, the search section, and
// new-versus-repeat and the previous page (SPEC §9).

const property = assertProperty(JSON.parse(readFileSync(HEALTH_PROPERTY, 'utf8')));
let site: HealthSite;
beforeAll(async () => {
  site = await startHealthSite();
});
afterAll(async () => {
  await site?.close();
});

const WWW = 'www.health.localhost';
/** SDR.md "On every hit": pageName, channel, prop1..prop5, eVar88. */
const PAGE_CONTEXT = ['pageName', 'ch', 'c1', 'c2', 'c3', 'c4', 'c5', 'v88'];
const viewOf = (pageName: string) => (hit: Hit) => pageViews(hit) && hit.params.get('pageName') === pageName;
const context = (hit: Hit) => Object.fromEntries(PAGE_CONTEXT.map((key) => [key, hit.params.get(key)]));
/** Waits for a hit received from `from` on. */
const hitAfter = (from: number, predicate: (hit: Hit) => boolean) => site.server.waitForHit((hit) => site.server.hits.indexOf(hit) >= from && predicate(hit));
/** The site's sign-up form event: a link hit of its own rule (Email sign-up: submitted), possible on any page. */
const signUp = (page: Page) => page.evaluate(() => document.dispatchEvent(new CustomEvent('email-signup', { bubbles: true, detail: { list: 'test' } })));
const fired = (page: Page, rule: string) =>
  page.waitForFunction(
    (name) => (window as unknown as { _satellite?: { logger: { history: string[][] } } })._satellite?.logger.history.some((e) => e[1] === `Rule "${name}" fired`) === true,
    rule,
  );

/** A visitor with a stitching identifier in the cookie (eVar88 = Y) who allowed everything. */
async function stitchedVisitor() {
  const v = await site.visitor();
  await v.context.addCookies([{ name: 'nhsuk_stitch_id', value: 'abcdef12-3456', domain: '.health.localhost', path: '/' }]);
  return v;
}

describe('the page context goes on every hit (SDR.md "On every hit")', () => {
  it('a link hit carries pageName, channel, prop1..prop5 and eVar88 of the page it happens on', async () => {
    const { page, context: browser, errors } = await stitchedVisitor();
    await page.goto(site.url(WWW, '/conditions/chickenpox/'));
    const view = await site.server.waitForHit(viewOf('conditions:chickenpox'));
    expect(view.params.get('v88')).toBe('Y');
    expect(view.params.get('c5')).toBe('web');
    const from = site.server.hits.length;
    await page.click('.app-feedback__yes');
    const yes = await hitAfter(from, linkNamed('Feedback: Yes'));
    expect(yes.params.get('pe')).toBe('lnk_o');
    expect(yes.params.get('events')).toBe('event25');
    expect(context(yes)).toEqual(context(view));
    for (const key of PAGE_CONTEXT) expect(yes.params.get(key), key).toBeTruthy();
    expect(errors).toEqual([]);
    await browser.close();
  });

  it('also on a site that sends no page view: the link hit names the page it was clicked on', async () => {
    const { page, context: browser } = await stitchedVisitor();
    await page.goto(site.url('test-and-trace.health.localhost', '/'));
    const from = site.server.hits.length;
    await Promise.all([page.waitForURL(/order-lateral-flow-kits/), page.click('a[data-link="request-a-home-test"]')]);
    const hit = await hitAfter(from, linkNamed('Request a Home Test'));
    expect(hit.params.get('pageName')).toBe('test-and-trace:home');
    expect(hit.params.get('ch')).toBe('test-and-trace');
    expect(hit.params.get('c5')).toBe('web');
    expect(hit.params.get('v88')).toBe('Y');
    await browser.close();
  });
});

describe('a hit carries only what was set for it', () => {
  it('a page whose page view is skipped (a hash, SPEC §4) leaks nothing into the next hit', async () => {
    const { page, context: browser, errors } = await site.visitor();
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, '/search?q=chickenpox#results'));
    await fired(page, 'Search: main search');
    await signUp(page);
    const hit = await hitAfter(from, linkNamed('Email Sign Up'));
    expect(hit.params.get('events')).toBe('event11');
    for (const key of ['v10', 'v13', 'c15']) expect(hit.params.has(key), key).toBe(false);
    // It still says which page it happened on.
    expect(hit.params.get('pageName')).toBe('search:results');
    expect(site.hitsSince(from, pageViews)).toEqual([]);
    expect(errors).toEqual([]);
    await browser.close();
  });

  // Every rule of the property that sets variables and sends no hit of its own, and a demo page where it
  // runs. A page view is skipped on these pages (a hash in the address), so what the rule sets is for a
  // hit that is never sent: it must not reach the next hit, which another rule sends.
  const PAGES: Record<string, string> = {
    'Search: main search': '/search?q=chickenpox',
    'Search: service search': '/service-search/pharmacy/Leeds',
    'Search: zero results': '/search/no-results',
    'Search: failed search': '/service-search/pharmacy/Narnia',
    'Tool: completion': '/health-assessment-tools/calculate-your-heart-age/result',
    'Email sign-up: confirmed': '/healthier-families/email-sign-up-confirmed',
  };
  const setOnly = property.rules.filter((rule) => rule.actions.some((a) => a.type === 'set-variables') && !rule.actions.some((a) => a.type === 'send-beacon'));
  /** What a rule sets: query keys (context data by its last key part, as the collector's parser nests it) and events. */
  const setBy = (name: string) => {
    const actions = property.rules.find((rule) => rule.name === name)!.actions;
    const keys = new Set<string>();
    const events = new Set<string>();
    for (const a of actions) {
      if (a.type !== 'set-variables') continue;
      for (const variable of Object.keys(a.settings.variables ?? {})) keys.add(queryKey(variable)!);
      for (const key of Object.keys(a.settings.contextData ?? {})) keys.add(key.split('.').pop()!);
      for (const event of a.settings.events ?? []) events.add(event.name);
    }
    return { keys, events };
  };

  it('the table names a page for every rule that sets variables without sending', () => {
    expect(setOnly.length).toBeGreaterThan(0);
    expect(Object.keys(PAGES).sort()).toEqual(setOnly.map((rule) => rule.name).sort());
  });

  it.each(setOnly.map((rule) => rule.name))('%s: what it sets for a page view that is skipped reaches no later hit', async (name) => {
    const path = PAGES[name];
    if (!path) throw new Error(`add a demo page where "${name}" runs to PAGES`);
    const { page, context: browser, errors } = await site.visitor();
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, `${path}#skipped`));
    await fired(page, name);
    await signUp(page);
    const hit = await hitAfter(from, linkNamed('Email Sign Up'));
    const own = setBy('Email sign-up: submitted');
    const { keys, events } = setBy(name);
    const leaked = [...keys].filter((key) => !own.keys.has(key) && !PAGE_CONTEXT.includes(key) && hit.params.has(key));
    const leakedEvents = (hit.params.get('events') ?? '').split(',').filter((event) => events.has(event) && !own.events.has(event));
    expect({ leaked, leakedEvents }).toEqual({ leaked: [], leakedEvents: [] });
    expect(keys.size + events.size).toBeGreaterThan(0);
    expect(site.hitsSince(from, pageViews)).toEqual([]);
    expect(errors).toEqual([]);
    await browser.close();
  });
});

describe('search section (SDR.md "Search": eVar13)', () => {
  it('goes with the main search where the page has one, and stays blank on service-search pages', async () => {
    const { page, context: browser } = await site.visitor();
    await page.goto(site.url(WWW, '/search?q=chickenpox'));
    const search = await site.server.waitForHit(viewOf('search:results'));
    expect(search.params.get('v13')).toBe('all');
    expect(search.params.get('events')?.split(',')).toEqual(['event2', 'event1']);
    await page.goto(site.url('service-manual.health.localhost', '/search'));
    const manual = await site.server.waitForHit(viewOf('developer:search'));
    expect(manual.params.get('v13')).toBe('design system');
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, '/service-search/pharmacy/Leeds?LocationName=Leeds'));
    const service = await hitAfter(from, viewOf('service-search:pharmacy:leeds'));
    expect(service.params.get('v12')).toBe('pharmacy');
    expect(service.params.has('v13')).toBe(false);
    await browser.close();
  });
});

describe('new-versus-repeat and the previous page (SPEC §9)', () => {
  const MINUTE = 60_000;

  it('reports New, then Repeat after 30 minutes without activity, and the previous page name, with the page view', async () => {
    const { page, context: browser, errors } = await site.visitor();
    await page.goto(site.url(WWW, '/conditions/chickenpox/'));
    const first = await site.server.waitForHit(viewOf('conditions:chickenpox'));
    expect(first.params.get('v70')).toBe('New');
    expect(first.params.has('v71')).toBe(false);
    let from = site.server.hits.length;
    await page.goto(site.url(WWW, '/conditions/hives'));
    const second = await hitAfter(from, viewOf('conditions:hives'));
    expect(second.params.get('v70')).toBe('New');
    expect(second.params.get('v71')).toBe('conditions:chickenpox');
    // A link hit is not a page view: it does not move the previous page on.
    from = site.server.hits.length;
    await signUp(page);
    const link = await hitAfter(from, linkNamed('Email Sign Up'));
    expect(link.params.has('v70')).toBe(false);
    expect(link.params.has('v71')).toBe(false);
    // The last activity 31 minutes ago: a repeat visit.
    await browser.addCookies([{ name: 'nhsuk_new_repeat', value: `${Date.now() - 31 * MINUTE}-N`, domain: '.health.localhost', path: '/' }]);
    from = site.server.hits.length;
    await page.goto(site.url(WWW, '/conditions/chickenpox/'));
    const third = await hitAfter(from, viewOf('conditions:chickenpox'));
    expect(third.params.get('v70')).toBe('Repeat');
    expect(third.params.get('v71')).toBe('conditions:hives');
    expect(errors).toEqual([]);
    await browser.close();
  });

  it('SPEC §5: the previous-page cookie holds the page name scrubbed, never the postcode the visitor searched for', async () => {
    const { page, context: browser, errors } = await site.visitor();
    await page.goto(site.url(WWW, '/service-search/pharmacy/LS1%204AP'));
    await site.server.waitForHit(viewOf('service-search:pharmacy:postcode'));
    const stored = (await browser.cookies()).find((c) => c.name === 'nhsuk_previous_page');
    expect(decodeURIComponent(stored?.value ?? '')).toBe('service-search:pharmacy:postcode');
    const from = site.server.hits.length;
    await page.goto(site.url(WWW, '/conditions/hives'));
    expect((await hitAfter(from, viewOf('conditions:hives'))).params.get('v71')).toBe('service-search:pharmacy:postcode');
    expect(JSON.stringify(await browser.cookies())).not.toMatch(/ls1|4ap/i);
    expect(errors).toEqual([]);
    await browser.close();
  });

  it('keeps its cookies only with the Statistics choice on: none before the visitor chooses, none with Statistics off', async () => {
    for (const [consent, kept] of [
      [{ statistics: true, marketing: false }, true],
      [null, false],
      [{ statistics: false, marketing: true }, false],
    ] as const) {
      const { page, context: browser } = await site.visitor(consent);
      await page.goto(site.url(WWW, '/conditions/chickenpox/'));
      await page.goto(site.url(WWW, '/conditions/hives'));
      await fired(page, 'Global page view');
      const names = (await browser.cookies()).map((c) => c.name);
      for (const cookie of ['nhsuk_new_repeat', 'nhsuk_previous_page']) expect(names.includes(cookie), `${cookie} with ${JSON.stringify(consent)}`).toBe(kept);
      await browser.close();
    }
  });
});
