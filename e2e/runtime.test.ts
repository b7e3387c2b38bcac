import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startHarness, type Harness } from './support/fixture';

// The runtime in Debian's Chromium against real pages and a real collector.

let h: Harness;
const dataLayer = (pageName: string, extra = '') =>
  `<script nonce="{nonce}">window.digitalData = { page: { pageInfo: { pageName: ${JSON.stringify(pageName)} }, category: { subCategory2: '' } }${extra} };</script>`;

beforeAll(async () => {
  h = await startHarness();
  const pages = h.server.pages;
  pages.set('/lifecycle', {
    html: html(`${dataLayer('Lifecycle')}${h.containerTag()}`, `<p>Body</p><script nonce="{nonce}">_satellite.pageBottom();</script>`),
  });
  pages.set('/links', {
    html: html(`${dataLayer('Links Page')}${h.containerTag()}`, `<a class="tracked" href="/next">Next  page</a> <a class="tracked" id="new-tab" href="/next" target="_blank">New tab</a> <a class="tracked" id="to-top" href="#top">To the top</a>`),
  });
  pages.set('/next', { html: html(h.containerTag(), '<p>Next</p>') });
  pages.set('/events', {
    html: html(
      `${dataLayer('Events Page')}${h.containerTag()}`,
      `<div class="expander" id="gallery"><button id="inner">More</button></div>
       <script nonce="{nonce}">
         addEventListener('pagehide', function () { _satellite.track('page_exit'); });
         setTimeout(function () { var d = document.createElement('div'); d.className = 'late-element'; d.id = 'late'; document.body.appendChild(d); }, 500);
       </script>`,
    ),
  });
  pages.set('/csp', {
    csp: "script-src 'nonce-{nonce}'; object-src 'none'; base-uri 'none'",
    html: html(`<meta name="csp-nonce" content="{nonce}">${dataLayer('CSP Page')}${h.containerTag()}`, '<p>Strict CSP</p>'),
  });
  pages.set('/private', {
    html: html(
      `<script nonce="{nonce}">window.digitalData = { page: { pageInfo: { pageName: 'Service Search: Pharmacy: LS1 4AP' }, category: { subCategory2: 'near sw1a 1aa' } }, search: { keyword: 'ls14ap' } };</script>${h.containerTag()}`,
      '<p>Search results</p>',
    ),
  });
});

afterAll(async () => {
  await h?.close();
});

const pageViewOf = (pageName: string) => (hit: { params: URLSearchParams }) => hit.params.get('pageName') === pageName && !hit.params.has('pe');
const linkNamed = (name: string) => (hit: { params: URLSearchParams }) => hit.params.get('pev2') === name;

describe('runtime in Chromium', () => {
  it('fires the page lifecycle in order and sends the page view', async () => {
    const { page, errors } = await h.newPage();
    await page.goto(h.url('/lifecycle'));
    await page.waitForFunction(() => (window as unknown as { __lifecycle?: string[] }).__lifecycle?.length === 4);
    expect(await page.evaluate(() => (window as unknown as { __lifecycle: string[] }).__lifecycle)).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded']);
    const hit = await h.server.waitForHit(pageViewOf('lifecycle'));
    expect(hit.path).toMatch(/^\/b\/ss\/fixtureprod\/1\/TW-[\d.]+\/s\d+$/);
    expect(hit.host).toBe('metrics.test.localhost');
    // A hit that fits in a GET leaves as an image, the cheapest call for the page (analytics/transport.ts).
    expect(hit.method).toBe('GET');
    expect(hit.params.get('events')).toBe('event1');
    expect(hit.params.get('cc')).toBe('GBP');
    expect(hit.query.startsWith('AQB=1&')).toBe(true);
    expect(hit.query.endsWith('&AQE=1')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('holds a same-window link for the hit, then still navigates', async () => {
    const { page, errors } = await h.newPage();
    await page.goto(h.url('/links'));
    await h.server.waitForHit(pageViewOf('links page'));
    // Measured in the page: from the click to the page being unloaded.
    await page.evaluate(() => {
      let clickAt = 0;
      addEventListener('click', () => (clickAt = performance.now()), true);
      addEventListener('pagehide', () => sessionStorage.setItem('held', String(performance.now() - clickAt)));
    });
    await Promise.all([page.waitForURL(h.url('/next')), page.click('a.tracked >> nth=0')]);
    const hit = await h.server.waitForHit(linkNamed('Tracked: Next page'));
    expect(Number(await page.evaluate(() => sessionStorage.getItem('held')))).toBeGreaterThanOrEqual(100);
    expect(hit.params.get('pe')).toBe('lnk_o');
    // By sendBeacon (a POST), which the navigation cannot cancel.
    expect(hit.method).toBe('POST');
    expect(hit.params.get('pev1')).toBe(h.url('/next'));
    expect(hit.params.get('v17')).toBe('Next page');
    expect(hit.params.get('events')).toBe('event17');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends the link hit of a click that cannot leave the page as an image, the cheaper call', async () => {
    const { page, errors } = await h.newPage();
    await page.goto(h.url('/links'));
    await h.server.waitForHit(pageViewOf('links page'));
    await page.click('#to-top');
    const hit = await h.server.waitForHit(linkNamed('Tracked: To the top'));
    expect(hit.method).toBe('GET');
    expect(page.url()).toBe(h.url('/links#top'));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('does not hold a link that opens a new window', async () => {
    const { page } = await h.newPage();
    await page.goto(h.url('/links'));
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.click('#new-tab')]);
    await h.server.waitForHit(linkNamed('Tracked: New tab'));
    expect(page.url()).toBe(h.url('/links'));
    await popup.close();
    await page.context().close();
  });

  it('does not hold a link opened with a modifier key: the page stays, the hit still goes', async () => {
    const { page } = await h.newPage();
    await page.goto(h.url('/links'));
    const from = h.server.hits.length;
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.click('a.tracked >> nth=0', { modifiers: ['Control'] })]);
    await h.server.waitForHit((hit) => h.server.hits.indexOf(hit) >= from && linkNamed('Tracked: Next page')(hit));
    expect(page.url()).toBe(h.url('/links'));
    await popup.close();
    await page.context().close();
  });

  it('runs custom events on the document and on a selector, and direct calls', async () => {
    const { page, errors } = await h.newPage();
    await page.goto(h.url('/events'));
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('feedback-given', { detail: { answer: 'yes' } })));
    const feedback = await h.server.waitForHit(linkNamed('Feedback'));
    expect(feedback.params.get('v35')).toBe('yes');
    expect(feedback.params.get('events')).toBe('event25');
    // Not bubbling, dispatched on a child of the selector's element: still heard.
    await page.evaluate(() => document.getElementById('inner')!.dispatchEvent(new CustomEvent('expand')));
    await h.server.waitForHit(linkNamed('Expanded gallery'));
    await page.evaluate(() => (window as unknown as { _satellite: { track(id: string, d: unknown): void } })._satellite.track('tool_start', { toolName: 'BMI calculator' }));
    const tool = await h.server.waitForHit(linkNamed('Tool Start'));
    expect(tool.params.get('v20')).toBe('BMI calculator');
    expect(tool.params.get('events')).toBe('event14');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('notices an element that appears later (3 s polling)', async () => {
    const { page } = await h.newPage();
    await page.goto(h.url('/events'));
    const hit = await h.server.waitForHit(linkNamed('Element Exists: late'), 5000);
    expect(hit.params.get('pe')).toBe('lnk_o');
    await page.context().close();
  });

  it('sends a page view again when Page Name changes (1 s polling)', async () => {
    const { page } = await h.newPage();
    await page.goto(h.url('/links'));
    await h.server.waitForHit(pageViewOf('links page'));
    await page.evaluate(() => {
      (window as unknown as { digitalData: { page: { pageInfo: { pageName: string } } } }).digitalData.page.pageInfo.pageName = 'Links Page: Step 2';
    });
    await h.server.waitForHit(pageViewOf('links page: step 2'), 3000);
    await page.context().close();
  });

  it('works under a strict CSP without unsafe-eval, loading scripts with the nonce', async () => {
    const { page, errors } = await h.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(h.url('/csp?load=ok'));
    await page.waitForFunction(() => (window as unknown as { __afterScript?: boolean }).__afterScript === true);
    expect(await page.evaluate(() => (window as unknown as { __scriptLoaded: number }).__scriptLoaded)).toBe(1);
    await h.server.waitForHit(pageViewOf('csp page'));
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs a script that fails to load and stops that rule', async () => {
    const { page, errors } = await h.newPage();
    await page.goto(h.url('/csp?load=missing'));
    await page.waitForFunction(() =>
      (window as unknown as { _satellite: { logger: { history: string[][] } } })._satellite.logger.history.some((entry) => /Could not load script/.test(entry[1]!)),
    );
    expect(await page.evaluate(() => (window as unknown as { __afterScript?: boolean }).__afterScript)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('delivers a hit sent on pagehide', async () => {
    const { page } = await h.newPage();
    await page.goto(h.url('/events'));
    await page.goto(h.url('/next'));
    const hit = await h.server.waitForHit(linkNamed('Page Exit'));
    expect(hit.params.get('g')).toBe(h.url('/events'));
    // Sent while the page is left: by sendBeacon, which outlives the page (a POST, the query in the URL).
    expect(hit.method).toBe('POST');
    await page.context().close();
  });

  it('keeps postcodes and denied parameters out of the hit', async () => {
    const { page } = await h.newPage();
    await page.goto(h.url('/private?useremail=someone%40example.com&q=pharmacy'));
    const hit = await h.server.waitForHit((x) => (x.params.get('pageName') ?? '').startsWith('service search'));
    expect(hit.params.get('pageName')).toBe('service search: pharmacy: postcode');
    expect(hit.params.get('c2')).toBe('postcode na');
    expect(hit.params.get('v10')).toBe('postcode na');
    expect(hit.params.get('g')).toBe(h.url('/private?q=pharmacy'));
    expect(hit.query).not.toMatch(/example\.com|LS1|ls14ap|sw1a/i);
    await page.context().close();
  });
});
