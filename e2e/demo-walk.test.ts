import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOSTS, LIVE_HOST, PAGES, PORT_TOKEN, normalisePath } from '@tagwell/demo-site';
import { hasPostcode, replacePostcodes } from '@tagwell/runtime/privacy/postcode';
import { assertProperty, buildSdr, queryKey, type Condition, type Property, type Rule } from '@tagwell/schema';
import { HEALTH_PROPERTY, startHealthSite, type HealthSite } from './support/health';
import type { Hit } from './support/server';
import { consentCookieOf } from './support/consent';

// The whole demo site in one visit: every page of the live host (SPEC §2, the section hubs and a page
// that does not exist) and of the other measured demo hosts, in Chromium with the health-site
// property's real containers. Each page sends its page view, then one click of each kind it offers:
// every element a click rule of the property targets, the site's own hooks (tool start, login errors,
// check-in, booking details, more cards, the test event) and its forms (e-mail sign-up, cookie choice).
// Every hit must carry SDR.md's "on every hit" variables with the page's values, and nothing that
// another hit set: a link hit only what its rule sets, a page view only what the page-view rules set.
// The warm-up video is played to its end: its media hits carry the media context data and nothing else.
// Last, every variable, event and context-data key of the SDR must be one that some hit carried.

const property: Property = assertProperty(JSON.parse(readFileSync(HEALTH_PROPERTY, 'utf8')), HEALTH_PROPERTY);
const sdr = buildSdr(property);

/** SDR.md "On every hit": currencyCode, pageName, channel, prop1..prop5, eVar88. */
const EVERY_HIT = ['cc', 'pageName', 'ch', 'c1', 'c2', 'c3', 'c4', 'c5', 'v88'];
/** Any hit may carry them: those, and the variables the property sends on every hit. */
const ON_ANY_HIT = new Set([...EVERY_HIT, ...sdr.variables.filter((v) => v.everyHit !== undefined).map((v) => v.query)]);
/** Keys of the protocol, the browser and the link fields (SDR "Sent on every hit by the tracker"), and events. */
const TECHNICAL = new Set(['AQB', 'AQE', 'ndh', 't', 'mid', 'ce', 'g', 'r', 'cc', 'pe', 'pev1', 'pev2', 's', 'c', 'k', 'bw', 'bh', 'events']);
/** The context data of media hits (docs/MEDIA.md), which no rule sets: the SDR's streaming-media entries. */
const MEDIA_KEYS = new Set(sdr.contextData.filter((c) => c.setBy.some((s) => s.rule.startsWith('streaming media'))).map((c) => c.query));
const isMediaHit = (hit: Hit) => /^Media /.test(hit.params.get('pev2') ?? '') && hit.query.includes('&event=');
/** A video played to its end with its chapters track sends at least these (a stall may add bufferStart and play). */
const MEDIA_EVENTS = ['sessionStart', 'play', 'chapterStart', 'chapterComplete', 'chapterStart', 'chapterComplete', 'sessionComplete'];
/** The stitching identifier of this returning visitor: eVar88 is Y on every hit. */
const STITCH_ID = 'walk-visitor-0001';
const SURVEY_HOSTS = /^(www|staging|dev|drafts)\.health\.localhost$/;
const LOAD_EVENTS = ['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded'];

// --- What the property says each trigger sends -------------------------------------------------

type Beacon = { rule: Rule } & ({ type: 'page' } | { type: 'link'; name: RegExp; linkType: string });

const tokenPattern = (text: string) => new RegExp(`^${text.split(/%[^%]+%/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

function beaconsOf(rule: Rule): Beacon[] {
  return rule.actions.flatMap((a): Beacon[] => {
    if (a.type !== 'send-beacon') return [];
    return a.settings.type === 'page' ? [{ rule, type: 'page' }] : [{ rule, type: 'link', name: tokenPattern(a.settings.linkName), linkType: a.settings.linkType }];
  });
}

function setVariables(rule: Rule) {
  const vars = new Map<string, string>();
  const events = new Set<string>();
  for (const a of rule.actions) {
    if (a.type !== 'set-variables') continue;
    for (const [name, value] of Object.entries(a.settings.variables ?? {})) vars.set(queryKey(name)!, value);
    for (const [key, value] of Object.entries(a.settings.contextData ?? {})) vars.set(`c.${key}`, value);
    for (const e of a.settings.events ?? []) events.add(e.name);
  }
  return { vars, events };
}

/** A condition the walk can decide from the address alone; undefined for the others. */
function decide(c: Condition, url: URL): boolean | undefined {
  let result: boolean;
  if (c.type === 'path' || c.type === 'host') result = new RegExp(c.settings.pattern, c.settings.caseInsensitive ? 'i' : '').test(c.type === 'path' ? url.pathname : url.hostname);
  else if (c.type === 'no-hash') result = !url.hash;
  else return undefined;
  return c.negate ? !result : result;
}

/** The hits the rules that `listens` picks send on this page; throws when a condition cannot be decided from the address. */
function expectedBeacons(listens: (rule: Rule) => boolean, url: URL): Beacon[] {
  const out: Beacon[] = [];
  for (const rule of property.rules.filter((r) => r.enabled && listens(r))) {
    const beacons = beaconsOf(rule);
    if (!beacons.length) continue;
    const conditions = rule.conditions.map((c) => decide(c, url));
    const exceptions = rule.exceptions.map((c) => decide(c, url));
    if ([...conditions, ...exceptions].includes(undefined)) throw new Error(`the walk cannot tell whether rule "${rule.name}" sends on ${url.href}: give the hook its hits`);
    if (conditions.every(Boolean) && !exceptions.some(Boolean)) out.push(...beacons);
  }
  return out;
}

const onCustomEvent = (type: string) => (rule: Rule) => rule.events.some((e) => e.type === 'custom-event' && e.settings.eventType === type);
const onDirectCall = (id: string) => (rule: Rule) => rule.events.some((e) => e.type === 'direct-call' && e.settings.id === id);
const onLoad = (rule: Rule) => rule.events.some((e) => LOAD_EVENTS.includes(e.type));
const clickRules = property.rules.filter((r) => r.enabled && r.events.some((e) => e.type === 'click'));
const selectorOf = (rule: Rule) => rule.events.flatMap((e) => (e.type === 'click' ? [e.settings.selector] : [])).join(', ');
const byName = (name: string) => property.rules.find((r) => r.name === name)!;

/**
 * What a page view may carry: what the page-view rules and the rules that only set variables set, for
 * the page view of the page's load, and of those the ones that listen to the site's events for a page
 * view the site's events send later (the search or tool results of the load are not theirs).
 */
function pageViewAllowance(triggered: (rule: Rule) => boolean) {
  const rules = property.rules.filter((r) => triggered(r) && (beaconsOf(r).some((b) => b.type === 'page') || !beaconsOf(r).length));
  return { vars: new Set(rules.flatMap((r) => [...setVariables(r).vars.keys()])), events: new Set(rules.flatMap((r) => [...setVariables(r).events])) };
}
const LOAD_PAGE_VIEW = pageViewAllowance((r) => r.events.some((e) => LOAD_EVENTS.includes(e.type)));
const LATER_PAGE_VIEW = pageViewAllowance((r) => r.events.some((e) => !LOAD_EVENTS.includes(e.type)));

// --- The site's own hooks (docs/HEALTH-SITE.md) ----------------------------------------------

interface Hook {
  name: string;
  selector: string;
  /** Custom events the site dispatches on the click, or the direct call it makes. */
  events?: string[];
  directCall?: string;
  /** The hits, when a rule's conditions read data elements. */
  rules?: string[];
  act?: (page: Page) => Promise<void>;
}

const clickFirst = (selector: string) => async (page: Page) => {
  await page.locator(selector).first().evaluate((el) => (el as HTMLElement).click());
};
const cookieChoice = (statistics: 'on' | 'off', marketing: 'on' | 'off') => async (page: Page) => {
  await page.locator(`#cookie-preferences input[name="statistics"][value="${statistics}"]`).check();
  await page.locator(`#cookie-preferences input[name="marketing"][value="${marketing}"]`).check();
  await page.locator('#save-cookie-preferences').click();
};

const HOOKS: Hook[] = [
  { name: 'tool start', selector: '[data-tool-start]', directCall: 'tool_start' },
  ...['account-locked', 'account-inactive', 'invalid-credentials'].map((kind) => ({ name: `login error ${kind}`, selector: `[data-login-error="${kind}"]`, events: [`login-error-${kind}`] })),
  {
    name: 'check-in, offline',
    selector: '#checkin-submit',
    events: ['checkin-request-offline'],
    act: async (page) => {
      await page.locator('#checkin-simulate-offline').check();
      await page.locator('#checkin-submit').click();
    },
  },
  {
    name: 'check-in, live',
    selector: '#checkin-submit',
    events: ['checkin-request-live'],
    act: async (page) => {
      await page.locator('#checkin-simulate-offline').uncheck();
      await page.locator('#checkin-submit').click();
    },
  },
  { name: 'booking details', selector: '#expand-booking-details', events: ['expand-booking-details'] },
  { name: 'test event', selector: '#test-event-1', events: ['TestEvent1'] },
  { name: 'more Change4life cards', selector: '#change4life-show-more', events: ['change4life-cards-shown'] },
  {
    name: 'e-mail sign-up',
    selector: 'form.app-email-signup__form',
    events: ['email-signup'],
    act: async (page) => {
      const form = page.locator('form.app-email-signup__form').first();
      await form.locator('input[type="email"]').fill('walk.visitor@example.com');
      await form.locator('[type="submit"]').click();
    },
  },
  // The report of a choice leaves only when it turns something off (SPEC §4); on again for the rest of the walk.
  { name: 'cookie choice: all off', selector: '#cookie-preferences', rules: ['Consent: Statistics off', 'Consent: Marketing off'], act: cookieChoice('off', 'off') },
  { name: 'cookie choice: all on', selector: '#cookie-preferences', rules: [], act: cookieChoice('on', 'on') },
];

// --- The walk ------------------------------------------------------------------------------

const hrefs = PAGES.flatMap((page) =>
  [...page.body.matchAll(/\bhref="([^"]+)"/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&').replaceAll(PORT_TOKEN, ''), `http://${page.host}${page.path}`)),
);
/** The address a visitor arrives at: with the query a link of the site gives it, if any. */
function arrival(host: string, path: string): string {
  const link = hrefs.find((u) => u.search && u.hostname === host && normalisePath(decodeURIComponent(u.pathname)) === normalisePath(path));
  return encodeURI(path) + (link?.search ?? '');
}

const excludedHosts = new Set(DEMO_HOSTS.filter((h) => h.excludedFromPageView).map((h) => h.host));
const WALK = [
  ...PAGES.filter((p) => p.host === LIVE_HOST),
  { host: LIVE_HOST, path: '/no-such-page' },
  ...PAGES.filter((p) => p.host !== LIVE_HOST && !excludedHosts.has(p.host)),
].map((p) => ({ name: `${p.host}${p.path}`, host: p.host, path: p.path }));

let site: HealthSite;
let context: BrowserContext;
let page: Page;
const walked: Hit[] = [];

beforeAll(async () => {
  site = await startHealthSite();
  context = await site.browser.newContext();
  await context.addCookies([
    consentCookieOf({ statistics: true, marketing: true }),
    { name: 'nhsuk_stitch_id', value: STITCH_ID, domain: '.health.localhost', path: '/' },
  ]);
  // Links are clicked, not followed: the walk stays on the page (the container sees a click it does not hold).
  await context.addInitScript(() => {
    window.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
    }, true);
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await site?.close();
});

interface DataLayer {
  page?: { pageInfo?: { pageName?: string }; category?: Record<string, string | undefined> };
}

const clean = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLowerCase() : '');

/** SDR.md "On every hit", from the page's data layer. */
function everyHit(data: DataLayer): Record<string, string | undefined> {
  const pageName = replacePostcodes(clean(data.page?.pageInfo?.pageName)) || 'n/a';
  const category = data.page?.category ?? {};
  const sub = (n: number) => clean(category[`subCategory${n}`]) || 'not available';
  const prefix = pageName.split(':')[0]!;
  return {
    cc: 'GBP',
    pageName,
    ch: clean(category.primaryCategory) || 'not available',
    c1: sub(1),
    c2: hasPostcode(sub(2)) ? 'postcode na' : sub(2),
    c3: sub(3),
    c4: sub(4),
    c5: ['developer', 'letter', 'profile-manager'].includes(prefix) ? prefix : 'web',
    v88: 'Y',
  };
}

/** A hit's variables by query key (context data as `c.<key>`) and its events. */
function read(hit: Hit): { vars: Map<string, string>; events: string[] } {
  const vars = new Map<string, string>();
  const stack: string[] = [];
  let events: string[] = [];
  for (const [key, value] of hit.params) {
    if (key.endsWith('.') && key.length > 1 && value === '') stack.push(key.slice(0, -1));
    else if (key.startsWith('.') && key.length > 1 && value === '') stack.pop();
    else if (stack.length) vars.set(['c', ...stack.slice(1), key].join('.'), value);
    else if (key === 'events') events = value.split(',').filter(Boolean).map((e) => e.split(/[:=]/)[0]!);
    else if (!TECHNICAL.has(key) || key === 'cc') vars.set(key, value);
  }
  return { vars, events };
}

const describeHit = (hit: Hit) => (hit.params.has('pe') ? `link hit "${hit.params.get('pev2')}"` : 'page view');

/** Problems with one hit of a page: the "on every hit" values, and anything its rules do not set. */
function check(hit: Hit, expected: Record<string, string | undefined>, firstPageView: boolean): string[] {
  const problems: string[] = [];
  const what = describeHit(hit);
  const { vars, events } = read(hit);
  for (const [key, value] of Object.entries(expected)) if (vars.get(key) !== value) problems.push(`${what}: ${key} is ${JSON.stringify(vars.get(key))}, expected ${JSON.stringify(value)}`);
  let allowedVars: Set<string>;
  let allowedEvents: Set<string>;
  if (isMediaHit(hit)) {
    // Streaming media (docs/MEDIA.md): its own context data, no events.
    allowedVars = MEDIA_KEYS;
    allowedEvents = new Set();
  } else if (hit.params.has('pe')) {
    const name = hit.params.get('pev2') ?? '';
    const rules = property.rules.filter((r) => beaconsOf(r).some((b) => b.type === 'link' && b.name.test(name)));
    if (!rules.length) return [...problems, `${what}: no rule sends it`];
    allowedVars = new Set(rules.flatMap((r) => [...setVariables(r).vars.keys()]));
    allowedEvents = new Set(rules.flatMap((r) => [...setVariables(r).events]));
    if (rules.length === 1) {
      // Its rule's events, all of them; its literal values, as set.
      const own = setVariables(rules[0]!);
      if ([...own.events].sort().join() !== [...events].sort().join()) problems.push(`${what}: events ${events.join(',') || '(none)'}, expected ${[...own.events].join(',')}`);
      for (const [key, value] of own.vars) if (!value.includes('%') && vars.get(key) !== value) problems.push(`${what}: ${key} is ${JSON.stringify(vars.get(key))}, expected ${JSON.stringify(value)}`);
    }
  } else {
    ({ vars: allowedVars, events: allowedEvents } = firstPageView ? LOAD_PAGE_VIEW : LATER_PAGE_VIEW);
    if (!events.includes('event1')) problems.push(`${what}: no event1`);
  }
  for (const key of vars.keys()) if (!ON_ANY_HIT.has(key) && !allowedVars.has(key)) problems.push(`${what}: carries ${key}=${JSON.stringify(vars.get(key))}, which its rules do not set`);
  for (const event of events) if (!allowedEvents.has(event)) problems.push(`${what}: carries ${event}, which its rules do not set`);
  if (/[\w.+-]+(@|%40)[\w-]+\.[\w.]+/.test(hit.query)) problems.push(`${what}: carries an e-mail address`);
  return problems;
}

const matches = (beacon: Beacon, hit: Hit) =>
  beacon.type === 'page' ? !hit.params.has('pe') : hit.params.get('pe') === `lnk_${beacon.linkType}` && beacon.name.test(hit.params.get('pev2') ?? '');

/** Pairs each expected beacon with a hit (in any order); returns the beacons left over and the hits nobody expected. */
function pair(beacons: readonly Beacon[], hits: readonly Hit[]): { missing: Beacon[]; extra: Hit[] } {
  const extra = [...hits];
  const missing: Beacon[] = [];
  for (const beacon of beacons) {
    const i = extra.findIndex((hit) => matches(beacon, hit));
    if (i >= 0) extra.splice(i, 1);
    else missing.push(beacon);
  }
  return { missing, extra };
}

/** Waits until the hits since `from` hold every beacon expected, or 4 s. */
async function waitFor(from: number, beacons: readonly Beacon[]): Promise<void> {
  const until = Date.now() + 4000;
  while (pair(beacons, site.server.hits.slice(from)).missing.length && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

const beaconName = (b: Beacon) => (b.type === 'page' ? 'page view' : `link hit ${b.name.source}`);

describe('the demo walk: every page, its page view and one click of each kind', () => {
  it.each(WALK)('$name', async ({ host, path }) => {
    const problems: string[] = [];
    const start = site.server.hits.length;
    const expected: Beacon[] = [];
    const response = await page.goto(site.url(host, arrival(host, path)), { waitUntil: 'load' });
    expect(response?.status(), 'status').toBe(path === '/no-such-page' ? 404 : 200);
    const url = new URL(page.url());
    const data = (await page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { digitalData: unknown }).digitalData)) as unknown)) as DataLayer;

    // The page view, and what the site reports as it loads.
    expected.push(...expectedBeacons(onLoad, url));
    if (await page.locator('[data-change4life-cards]').count()) expected.push(...expectedBeacons(onCustomEvent('change4life-cards-shown'), url));
    await waitFor(start, expected);
    if (SURVEY_HOSTS.test(host)) await page.locator('#survey-agree').waitFor({ state: 'attached', timeout: 5000 });

    // One element of each kind a click rule targets: the first one shown (else the first, as a hidden
    // "No" after "Yes"), preferring one that no other rule sending a hit, nor a hook of the site, targets.
    const sending = [...clickRules.filter((r) => beaconsOf(r).length).map(selectorOf), ...HOOKS.map((h) => h.selector)];
    for (const rule of clickRules) {
      const selector = selectorOf(rule);
      const targeted = await page.evaluate(
        ({ selector, others, all }) => {
          const found = Array.from(document.querySelectorAll(selector));
          const shown = found.filter((el) => el.getClientRects().length > 0);
          const pool = shown.length ? shown : found;
          const el = pool.find((e) => !others.some((other) => e.closest(other))) ?? pool[0];
          if (!el) return null;
          el.setAttribute('data-walk-target', '');
          return all.map((s) => Boolean(el.closest(s)));
        },
        { selector, others: sending.filter((s) => s !== selector), all: clickRules.map(selectorOf) },
      );
      if (!targeted) continue;
      const beacons = expectedBeacons((r) => clickRules.some((c, i) => c === r && targeted[i]), url);
      const from = site.server.hits.length;
      await page.locator('[data-walk-target]').evaluate((el) => {
        el.removeAttribute('data-walk-target');
        (el as HTMLElement).click();
      });
      expected.push(...beacons);
      await waitFor(from, beacons);
    }

    // The site's own hooks.
    for (const hook of HOOKS) {
      if (!(await page.locator(hook.selector).count())) continue;
      const beacons: Beacon[] = hook.rules
        ? hook.rules.flatMap((name) => beaconsOf(byName(name)))
        : [
            ...(hook.events ?? []).flatMap((type) => expectedBeacons(onCustomEvent(type), url)),
            ...(hook.directCall ? expectedBeacons(onDirectCall(hook.directCall), url) : []),
          ];
      const from = site.server.hits.length;
      await (hook.act ?? clickFirst(hook.selector))(page);
      expected.push(...beacons);
      await waitFor(from, beacons);
    }

    // The page's video, played to its end (docs/MEDIA.md): its media hits, which no rule sends.
    const media: Hit[] = [];
    if (await page.locator('video[data-media-name]').count()) {
      const from = site.server.hits.length;
      await page.locator('video[data-media-name]').evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('video[data-media-name]')!.ended, undefined, { timeout: 20_000 });
      const until = Date.now() + 4000;
      while (!site.server.hits.slice(from).some((hit) => hit.params.get('pev2') === 'Media sessionComplete') && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      media.push(...site.server.hits.slice(from).filter(isMediaHit));
      // A stall on a busy machine adds a bufferStart and the play after it: left out.
      let stalled = false;
      const events = media
        .map((hit) => hit.params.get('pev2')!.slice('Media '.length))
        .filter((e) => (e === 'bufferStart' ? !(stalled = true) : e === 'play' && stalled ? (stalled = false) : true));
      if (events.join() !== MEDIA_EVENTS.join()) problems.push(`media events ${events.join(', ')}, expected ${MEDIA_EVENTS.join(', ')}`);
    }

    // A hit that nobody expected has had time to arrive.
    await page.waitForTimeout(150);
    const hits = site.server.hits.slice(start);
    walked.push(...hits);
    const { missing, extra } = pair(expected, hits.filter((hit) => !media.includes(hit)));
    for (const beacon of missing) problems.push(`no ${beaconName(beacon)} (rule "${beacon.rule.name}")`);
    for (const hit of extra) problems.push(`unexpected ${describeHit(hit)}: ${hit.query.slice(0, 200)}`);
    const values = everyHit(data);
    const firstPageView = hits.find((hit) => !hit.params.has('pe'));
    for (const hit of hits) problems.push(...check(hit, values, hit === firstPageView));
    expect(problems).toEqual([]);
  });

  it('sent every variable, event and context-data key the SDR documents', () => {
    const seen = new Set<string>();
    for (const hit of walked) {
      const { vars, events } = read(hit);
      for (const key of vars.keys()) seen.add(key);
      for (const event of events) seen.add(event);
      if (hit.params.has('pev2')) seen.add('pev2');
    }
    const documented = [...sdr.variables.map((v) => v.query), ...sdr.events.map((e) => e.name), ...sdr.contextData.map((c) => c.query)];
    expect(documented.filter((key) => !seen.has(key))).toEqual([]);
  });
});
