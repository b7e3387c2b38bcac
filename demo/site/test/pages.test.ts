import { describe, expect, it } from 'vitest';
import { DEMO_HOSTS, LIVE_HOST, STITCHING_HOSTS, isDemoHost } from '../src/hosts';
import { DOSE_CODES } from '../src/data-layer';
import { PAGES, SECRET_LINK_PATH, findPage, normalisePath } from '../src/pages/index';
import { renderPage } from '../src/render';
import type { DemoPage } from '../src/types';
import { NONCE, dataLayerOf, parse, render } from './helpers';

const BP = '/health-assessment-tools/check-your-blood-pressure-reading';
const BMI = '/health-assessment-tools/calculate-your-body-mass-index';
const HEART = '/health-assessment-tools/calculate-your-heart-age';
const ONLINE = '/using-the-nhs/nhs-services/pharmacies/order-repeat-prescriptions-online/';
const BOOK = '/book-a-coronavirus-vaccination';

/** Every path of SPEC.md §2, written out (the `{location}` shape with a postcode and a numeric segment). */
const SPEC_PATHS = [
  '/',
  '/service-search',
  '/service-search/Performance/Search',
  '/service-search/pharmacy/LS1 4AP',
  '/service-search/pharmacy/12345',
  '/condition',
  '/industry',
  '/conditions/chickenpox',
  '/conditions/hives',
  '/conditions/',
  '/healthier-families/recipes/',
  '/nhs-app/account',
  BP,
  `${BP}/select-reading-location`,
  `${BP}/result`,
  `${BMI}/calculate-bmi-for-adults/`,
  `${BMI}/calculate-bmi-for-adults/select-ethnic-background`,
  `${BMI}/calculate-bmi-for-adults/result`,
  `${BMI}/calculate-bmi-for-children-teenagers/result`,
  `${HEART}/enter-blood-pressure`,
  `${HEART}/enter-cholesterol`,
  ...['login-choice', 'country-category', 'quarantine-travel', 'antibody-opt-in'].map((s) => `/register-kit/${s}`),
  ...['vaccination-period', 'vaccination-status', 'gender', 'institution', 'occupation', 'employer', 'antibody-opt-in'].map((s) => `/register/${s}`),
  ...['login-choice', 'test-reason-work'].map((s) => `/order-lateral-flow-kits/${s}`),
  ...[
    'login-choice',
    'nhs-staff-group',
    'nhs-setting',
    'organisation-role',
    'registering-for',
    'whos-taking-the-test',
    'test-reason',
    'test-reason-scotland',
    'test-reason-continued',
    'result',
    'communication-preferences',
    'save-person',
  ].map((s) => `/report-result/${s}`),
  ...['reason', 'reason/pilot', 'pilot', 'essential-worker', 'follow-up-reason'].map((s) => `/antigen/${s}`),
  SECRET_LINK_PATH,
  BOOK,
  `${BOOK}/are-you-pregnant`,
  `${BOOK}/are-you-high-risk`,
  `${BOOK}/check`,
  `${BOOK}/book/Appointment/Index/`,
  `${BOOK}/check-in`,
  '/work-status',
  '/nhs-services/online-services/how-to-order-a-repeat-prescription',
  '/nhs-services/prescriptions/how-to-order-a-repeat-prescription',
  ONLINE,
  `${ONLINE}do-you-have-nhs-login`,
  `${ONLINE}website-or-app`,
  `${ONLINE}start-nhs-login-sign-up-process`,
  '/search',
  '/our-policies/cookies-policy/',
];

/** SPEC §2: prefixes where the personalisation rule runs; each has at least one page. */
const PREFIXES = ['conditions', 'medicines', 'live-well', 'mental-health', 'pregnancy', 'nhs-services', 'symptoms', 'vaccinations', 'baby', 'health-a-z'];

const live = (path: string): DemoPage => {
  const page = findPage(LIVE_HOST, path);
  if (!page) throw new Error(`no page at ${path}`);
  return page;
};
const on = (host: string, path: string): DemoPage => {
  const page = findPage(host, path);
  if (!page) throw new Error(`no page at ${host}${path}`);
  return page;
};

describe('the page registry', () => {
  it.each(SPEC_PATHS)('SPEC §2 path %s is a page on the live host', (path) => {
    expect(findPage(LIVE_HOST, path)?.host).toBe(LIVE_HOST);
  });

  it('has the /a{secret} page and a page under each personalisation prefix', () => {
    expect(SECRET_LINK_PATH).toMatch(/^\/a[0-9a-f]{6,}$/);
    for (const prefix of PREFIXES) {
      expect(PAGES.some((p) => p.host === LIVE_HOST && p.path.startsWith(`/${prefix}/`)), prefix).toBe(true);
    }
  });

  it.each(PREFIXES.filter((p) => !['conditions', 'medicines', 'health-a-z'].includes(p)))('SPEC §2 prefix root /%s/ is a hub listing the section’s pages', (prefix) => {
    const hub = live(`/${prefix}/`);
    expect(hub.digitalData.page.pageInfo).toEqual({ pageName: `${prefix}:home`, pageType: 'hub' });
    expect(hub.digitalData.page.category.primaryCategory).toBe(prefix);
    const doc = render(hub);
    expect(doc.querySelector('main h1')?.textContent).toBe(hub.title);
    expect(doc.querySelector('main .nhsuk-lede-text')?.textContent?.length).toBeGreaterThan(20);
    const links = new Set(Array.from(doc.querySelectorAll('main a[href]')).map((a) => normalisePath(a.getAttribute('href') ?? '')));
    const section = PAGES.filter((p) => p.host === LIVE_HOST && p.path.startsWith(`/${prefix}/`) && p !== hub);
    expect(section.length).toBeGreaterThan(0);
    for (const page of section) expect(links.has(normalisePath(page.path)), page.path).toBe(true);
    // Its pages lead back to it.
    for (const page of section) expect(page.breadcrumbs?.map((c) => c.href), page.path).toContain(hub.path);
  });

  it('has a home page on every demo host, and the service manual has /search', () => {
    for (const { host } of DEMO_HOSTS) expect(findPage(host, '/'), host).toBeDefined();
    expect(on('service-manual.health.localhost', '/search').digitalData.page.pageInfo.pageName).toBe('developer:search');
    expect(on('change4life.health.localhost', '/activities')).toBeDefined();
    for (const host of ['staging.health.localhost', 'dev.health.localhost', 'drafts.health.localhost']) {
      expect(on(host, '/conditions/chickenpox').digitalData).toEqual(live('/conditions/chickenpox').digitalData);
    }
  });

  it('looks paths up trailing-slash tolerant and case-sensitive', () => {
    expect(findPage(LIVE_HOST, '/conditions')).toBe(findPage(LIVE_HOST, '/conditions/'));
    expect(findPage(LIVE_HOST, '/conditions/chickenpox/')).toBe(findPage(LIVE_HOST, '/conditions/chickenpox'));
    expect(findPage(LIVE_HOST, '/Conditions/chickenpox')).toBeUndefined();
    expect(findPage(LIVE_HOST, '/service-search/performance/search')).toBeUndefined();
    expect(findPage('WWW.HEALTH.LOCALHOST:8080', '/')).toBe(findPage(LIVE_HOST, '/'));
  });

  it('answers a pharmacy search for any typed location, keeping the location in the page name', () => {
    expect(findPage(LIVE_HOST, '/service-search/pharmacy/SW1A 1AA')?.digitalData.page.pageInfo.pageName).toBe('service-search:pharmacy:sw1a 1aa');
    expect(findPage(LIVE_HOST, '/service-search/pharmacy/<script>')).toBeUndefined();
    expect(findPage('staging.health.localhost', '/service-search/pharmacy/Leeds')).toBeUndefined();
  });

  it('fills breadcrumbs from the ancestors that are pages', () => {
    expect(live('/conditions/chickenpox').breadcrumbs).toEqual([
      { text: 'Home', href: '/' },
      { text: 'Health A to Z', href: '/conditions/' },
    ]);
    expect(live('/').breadcrumbs).toEqual([]);
  });
});

describe('data layers (docs/HEALTH-SITE.md)', () => {
  it('gives every page a page name, the category block and page info', () => {
    for (const page of PAGES) {
      const { category, pageInfo } = page.digitalData.page;
      expect(pageInfo.pageName, page.path).toMatch(/^[a-z0-9-]+(:[a-z0-9 -]+)*$/);
      expect(Object.keys(category).sort()).toEqual(['primaryCategory', 'subCategory1', 'subCategory2', 'subCategory3', 'subCategory4']);
      expect(category.primaryCategory).not.toBe('');
    }
  });

  it('names pages as the site does, with the postcode left for the container to hide', () => {
    expect(live('/conditions/chickenpox').digitalData.page.pageInfo.pageName).toBe('conditions:chickenpox');
    const postcode = live('/service-search/pharmacy/LS1 4AP').digitalData;
    expect(postcode.page.pageInfo.pageName).toBe('service-search:pharmacy:ls1 4ap');
    expect(postcode.page.category.subCategory2).toBe('ls1 4ap');
    expect(postcode.search).toMatchObject({ service: 'pharmacy', location: 'ls1 4ap' });
    expect(live('/service-search/pharmacy/12345').digitalData.search?.location).toBe('12345');
  });

  it('sets search fields, including a zero-result and a failed search', () => {
    expect(live('/search').digitalData).toMatchObject({ search: { keyword: 'chickenpox' }, page: { totalResultCount: '48' } });
    expect(live('/search/no-results').digitalData).toMatchObject({ search: { keyword: 'chikenpocks' }, page: { totalResultCount: '0' } });
    const failed = PAGES.filter((p) => p.digitalData.search?.failedSearchReason);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]?.digitalData.page.totalResultCount).toBe('0');
  });

  it('sets tool fields: start pages start, result pages carry the result', () => {
    const tools = PAGES.filter((p) => p.digitalData.tool);
    expect(tools.length).toBeGreaterThanOrEqual(12);
    for (const page of tools) {
      const tool = page.digitalData.tool!;
      expect(tool.toolName && tool.toolCategory && tool.toolVersion && tool.toolStageName, page.path).toBeTruthy();
      if (tool.toolStage === 'result') expect(tool.toolResult, page.path).toBeTruthy();
    }
    expect(live(`${BP}/result`).digitalData.tool).toMatchObject({ toolStage: 'result', toolResult: 'high blood pressure', bpReadingProvided: 'yes' });
    expect(live(`${HEART}/result`).digitalData.tool?.cholesterolReadingProvided).toBe('no');
  });

  it('sets booking fields and a dose code from the lookup on vaccination pages', () => {
    const doses = Object.values(DOSE_CODES) as string[];
    const vaccination = PAGES.filter((p) => p.path.startsWith(BOOK));
    expect(vaccination.length).toBeGreaterThanOrEqual(6);
    for (const page of vaccination) expect(page.digitalData.page.nbs?.source, page.path).toBe('nhs.uk');
    const withDose = vaccination.filter((p) => p.digitalData.vaccination?.doseCode);
    expect(withDose.length).toBeGreaterThan(3);
    for (const page of withDose) expect(doses).toContain(page.digitalData.vaccination?.doseCode);
    expect(live(`${BOOK}/book/Appointment/Index/`).digitalData.page.nbs).toMatchObject({ numberOfAttendeesRequested: '2', numberOfAttendeesAccepted: '2' });
    expect(live(`${BOOK}/check-in`).digitalData.page.pageInfo).toMatchObject({ checkinPage: 'check-in', checkinlocationId: 'fla12' });
    // The booking pages send no page view (SPEC §2): the check-in page, which does, carries the booking's group and proxy.
    expect(live(`${BOOK}/check-in`).digitalData).toMatchObject({
      vaccination: { proxyReasonCode: 'carer' },
      page: { nbs: { appointmentType: 'booster', attendees: '2', numberOfAttendeesRequested: '2', numberOfAttendeesAccepted: '2' } },
    });
  });

  it('sets the platform on the NHS App account page and the moderation results on the enquiry confirmation', () => {
    expect(live('/nhs-app/account').digitalData.platform).toBe('nhs app');
    expect(on('enquiries.health.localhost', '/sent').digitalData.page).toMatchObject({
      AutoModerationResult: { AutoModerationType: 'enquiry', AutoModerationTitleResult: 'passed', AutoModerationCommentResult: 'passed' },
      MandatoryQuestionResult: 'answered',
    });
  });

  it('sets user.cid on signed-in pages and the SPEC §6 choices on register and report pages', () => {
    expect(PAGES.filter((p) => p.digitalData.user?.cid).length).toBeGreaterThanOrEqual(5);
    const choices = PAGES.flatMap((p) => Object.entries(p.digitalData.choices ?? {}).map(([k, v]) => `${k}=${v}`));
    expect(new Set(choices)).toEqual(
      new Set(['careHomeRelationship=worker', 'reportingFor=someone else', 'staffGroup=allied health professionals', 'workSetting=dentistry', 'pilotInvite=invited to a pilot']),
    );
  });

  it('confirms e-mail sign-ups on a page of their own (page function "email sign-up complete")', () => {
    const confirmed = PAGES.filter((p) => p.digitalData.page.pageInfo.pageFunction === 'email sign-up complete').map((p) => `${p.host}${p.path}`);
    expect(confirmed).toEqual([`${LIVE_HOST}/healthier-families/email-sign-up-confirmed`, 'campaigns.health.localhost/email-sign-up-confirmed']);
  });

  it('puts the head meta tags on service-search pages', () => {
    expect(live('/service-search/Performance/Search').meta).toEqual({ 'service-type': 'Hospital', 'service-name': 'Leeds General Infirmary', 'organisation-key': 'RR801', 'hospital-view': 'performance' });
  });
});

describe('rendered documents', () => {
  it.each(PAGES.map((p) => [`${p.host}${p.path}`, p] as const))('%s is a complete document with the data layer and nonce', (_name, page) => {
    const markup = renderPage(page, { containerSrc: '/containers/health-site/production.js', nonce: NONCE });
    expect(markup.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(markup).not.toContain('{{demo-port}}');
    const doc = parse(markup);
    expect(doc.title).toBe(`${page.title} - NHS`);
    expect(doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content')).toBe(NONCE);
    expect(dataLayerOf(doc)).toEqual(page.digitalData);
    const scripts = Array.from(doc.querySelectorAll('script'));
    for (const script of scripts) expect(script.getAttribute('nonce')).toBe(NONCE);
    const head = Array.from(doc.head.querySelectorAll('script')).map((s) => s.getAttribute('src'));
    expect(head).toEqual([null, '/containers/health-site/production.js']);
    expect(doc.querySelectorAll('a.nhsuk-header__account-link#header-account-link')).toHaveLength(1);
    expect(doc.querySelector('script[src="/assets/demo-site.js"]')).not.toBeNull();
    expect(doc.querySelector('link[href="/assets/nhsuk-frontend.min.css"]')).not.toBeNull();
    expect(doc.querySelector('main#maincontent h1')?.textContent?.trim()).toBeTruthy();
    for (const [name, content] of Object.entries(page.meta ?? {})) expect(doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')).toBe(content);
    // CSP: no inline handlers or javascript: URLs.
    for (const el of Array.from(doc.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.startsWith('on'), `${page.path} ${el.tagName} ${attr.name}`).toBe(false);
        expect(attr.value.trim().toLowerCase().startsWith('javascript:')).toBe(false);
      }
    }
    const ids = Array.from(doc.querySelectorAll('[id]')).map((el) => el.id);
    expect(new Set(ids).size, `duplicate ids on ${page.path}`).toBe(ids.length);
  });

  it('links only to pages that exist (same host, or another demo host on the same port)', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const doc = parse(renderPage(page, { containerSrc: null, nonce: NONCE, port: 8080 }));
      const targets = [
        ...Array.from(doc.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? ''),
        ...Array.from(doc.querySelectorAll('form[action]')).map((f) => f.getAttribute('action') ?? ''),
      ];
      for (const href of targets) {
        const url = new URL(href, `http://${page.host}:8080${page.path}`);
        if (url.hash && url.pathname === new URL(`http://x${page.path}`).pathname) continue;
        expect(url.port, href).toBe('8080');
        expect(isDemoHost(url.hostname), href).toBe(true);
        if (!findPage(url.hostname, decodeURIComponent(url.pathname))) broken.push(`${page.host}${page.path} -> ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('omits the container when there is none and the banner once consented', () => {
    const page = live('/');
    const bare = parse(renderPage(page, { containerSrc: null, nonce: NONCE }));
    expect(Array.from(bare.head.querySelectorAll('script[src]'))).toHaveLength(0);
    expect(bare.querySelector('#nhsuk-cookie-banner__link_accept_analytics')).not.toBeNull();
    expect(bare.querySelector('#nhsuk-cookie-banner__link_accept')).not.toBeNull();
    const consented = parse(renderPage(page, { containerSrc: null, nonce: NONCE, consent: { necessary: true, statistics: false, marketing: false, consented: true } }));
    expect(consented.querySelector('#nhsuk-cookie-banner')).toBeNull();
  });

  it('escapes what it interpolates', () => {
    const page: DemoPage = { ...live('/'), title: '<img src=x>', meta: { 'service-name': '"><script>alert(1)</script>' }, digitalData: { page: { ...live('/').digitalData.page, pageInfo: { pageName: '</script><script>alert(1)</script>' } } } };
    const markup = renderPage(page, { containerSrc: '/c.js?a=1&b="2"', nonce: NONCE });
    expect(markup).not.toContain('<img src=x>');
    expect(markup).not.toContain('<script>alert(1)');
    expect(markup).toContain('src="/c.js?a=1&amp;b=&quot;2&quot;"');
    expect(dataLayerOf(parse(markup))).toEqual(page.digitalData);
  });
});

describe('the elements the container uses (docs/HEALTH-SITE.md selector table)', () => {
  const has = (page: DemoPage, selector: string) => render(page).querySelectorAll(selector).length;

  it('has the feedback question and Yes/No on content pages', () => {
    for (const path of ['/conditions/chickenpox', '/conditions/hives', '/medicines/paracetamol-for-adults/', '/symptoms/headaches/', '/nhs-services/prescriptions/how-to-order-a-repeat-prescription']) {
      const doc = render(live(path));
      expect(doc.querySelector('.app-feedback h2')?.textContent).toBe('Did this information help you?');
      expect(doc.querySelectorAll('button.app-feedback__yes')).toHaveLength(1);
      expect(doc.querySelectorAll('button.app-feedback__no')).toHaveLength(1);
    }
  });

  it('has galleries with thumbnails and image descriptions on chickenpox and hives', () => {
    for (const path of ['/conditions/chickenpox', '/conditions/hives']) {
      const doc = render(live(path));
      expect(doc.querySelectorAll('button.app-gallery__thumbnail').length).toBe(3);
      expect(doc.querySelectorAll('details.app-image-description summary').length).toBe(3);
    }
  });

  it('has Find a Pharmacy, Request a Home Test and the weight range expander', () => {
    expect(has(live('/conditions/chickenpox'), 'a[data-link="find-a-pharmacy"][href*="/service-search/pharmacy"]')).toBeGreaterThan(0);
    expect(has(live('/antigen/'), 'a[data-link="request-a-home-test"]')).toBe(1);
    expect(has(live(`${BMI}/calculate-bmi-for-adults/result`), 'details.app-weight-range summary')).toBe(1);
    expect(has(live(`${BMI}/calculate-bmi-for-children-teenagers/result`), 'details.app-weight-range summary')).toBe(1);
  });

  it('has Change4life swap close buttons and cards', () => {
    const c4l = 'change4life.health.localhost';
    expect(has(on(c4l, '/'), '.app-snack-swap .app-snack-swap__close')).toBe(1);
    expect(has(on(c4l, '/activities'), '.app-breakfast-swap .app-breakfast-swap__close')).toBe(1);
    expect(has(on(c4l, '/'), '[data-change4life-cards] .nhsuk-card')).toBe(3);
    expect(has(on(c4l, '/activities'), 'template#change4life-more-cards')).toBe(1);
  });

  it('has clickable cards with their card details', () => {
    const doc = render(live('/'));
    const cards = Array.from(doc.querySelectorAll('.nhsuk-card--clickable'));
    expect(cards.length).toBe(6);
    cards.forEach((card, i) => {
      expect(card.getAttribute('data-card-name')).toBeTruthy();
      expect(card.getAttribute('data-card-type')).toBe('top task');
      expect(card.getAttribute('data-card-rank')).toBe(String(i + 1));
      expect(card.querySelector('a.nhsuk-card__link')).not.toBeNull();
    });
  });

  it('links to every allow-listed stitching host', () => {
    const doc = render(live('/'));
    for (const host of STITCHING_HOSTS) expect(doc.querySelector(`a[href="http://${host}:8080/"]`), host).not.toBeNull();
  });

  it('has the NHS login error buttons and #login-failed on the account page', () => {
    const doc = render(live('/nhs-app/account'));
    expect(Array.from(doc.querySelectorAll('button[data-login-error]')).map((b) => b.getAttribute('data-login-error'))).toEqual(['account-locked', 'account-inactive', 'invalid-credentials']);
    expect(doc.querySelector('button#login-failed')).not.toBeNull();
  });

  it('has the cookie preference radios and save button', () => {
    const doc = render(live('/our-policies/cookies-policy/'));
    for (const name of ['statistics', 'marketing']) {
      expect(Array.from(doc.querySelectorAll(`input[type="radio"][name="${name}"]`)).map((i) => i.getAttribute('value'))).toEqual(['on', 'off']);
    }
    expect(doc.querySelector('button#save-cookie-preferences[type="submit"]')).not.toBeNull();
  });

  it('has the check-in, booking details, TestEvent1, e-mail sign-up and tool Start controls', () => {
    expect(has(live(`${BOOK}/check-in`), 'button#checkin-submit')).toBe(1);
    expect(has(live(`${BOOK}/check-in`), 'button#expand-booking-details[aria-controls="booking-details"]')).toBe(1);
    expect(has(live('/test-page'), 'button#test-event-1')).toBe(1);
    expect(has(live('/healthier-families/recipes/'), 'form.app-email-signup__form[data-list="healthier-families"] input[type="email"]')).toBe(1);
    expect(has(on('campaigns.health.localhost', '/'), 'form.app-email-signup__form[data-list="better-health"]')).toBe(1);
    const pregnant = render(live(`${BOOK}/are-you-pregnant`)).querySelectorAll('input[type="radio"][data-question="Are You Pregnant"]');
    expect(Array.from(pregnant).map((i) => i.getAttribute('value'))).toEqual(['Yes', 'No', 'Not sure']);
    expect(has(live(`${BOOK}/are-you-high-risk`), 'input[type="radio"][data-question="Are You High Risk"]')).toBe(2);
    for (const path of [BP, `${BMI}/calculate-bmi-for-adults/`, HEART]) {
      expect(has(live(path), 'a[data-tool-start]'), path).toBe(1);
      expect(live(path).digitalData.tool?.toolStage).toBe('start');
    }
  });
});
