import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_PROPERTIES } from '@tagwell/runtime/internal-properties';
import { BROWSER_TARGETS } from '../packages/compiler/src/targets';
import type { AutoCollect, DeliveryResponse } from '../packages/runtime/src/personalisation/types';
import { launchBrowser } from './support/browser';
import { html } from './support/fixture';
import { startTestServer, type TestServer } from './support/server';

// Rendering propositions in Debian's Chromium (issue 15 item 2, SPEC §4, §8): render/ bundled and
// minified as the compiler bundles the runtime (same targets, same property mangling), inlined
// into a page with a nonce-only CSP, so no eval and no unnonced style or script could pass.

const HOST = 'www.render.localhost';
const GLOBAL = 'target-global-mbox';
const CSP = "script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; object-src 'none'; base-uri 'none'";

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let empty: string;

/** render/ as the page gets it: `window.tw` = { propositionsOf, renderPropositions, createLogger }. */
async function bundle(): Promise<string> {
  const root = join(import.meta.dirname, '..');
  const out = await build({
    stdin: {
      contents: `import { propositionsOf, renderPropositions } from './packages/runtime/src/personalisation/render/index';
        import { createLogger } from './packages/runtime/src/core/logger';
        window.tw = { propositionsOf, renderPropositions, createLogger };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGETS,
    minify: true,
    mangleProps: new RegExp(`^(${INTERNAL_PROPERTIES.join('|')})$`),
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * The page calls render/ as the page-load flow does: the answer's propositions, a real logger, clicks
 * and CSP violations recorded on `window`. `later` adds `#late` after that many ms.
 */
const pageHtml = (script: string, body: string) =>
  html(
    `<script nonce="{nonce}">${script}</script>
     <script nonce="{nonce}">
       window.clicked = []; window.violations = [];
       document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));
       window.render = (response, autoCollect) => {
         window.log = tw.createLogger();
         return tw.renderPropositions(tw.propositionsOf(response, ${JSON.stringify(GLOBAL)}), {
           log, autoCollect, selectorTimeout: 5000, nonce: '{nonce}',
           onClick: (p, metric) => clicked.push(p.scope + ' ' + (metric ? metric.selector : 'content')),
         }).then((result) => ({ result, logged: log.history.map((entry) => entry[1]) }));
       };
     </script>`,
    body,
  );

const BODY = `
  <main id="hero"><h1>Health A to Z</h1><img id="pic" src="/old.png" alt=""><p class="lead">Lead</p></main>
  <ul id="list"><li>a</li><li>b</li><li>c</li></ul>
  <p id="gone">Gone</p><p id="anchor">Anchor</p>
  <a id="goal" href="#goal">Goal</a> <button id="track">Track</button>
  <div data-mbox="conditions-banner">Default banner</div>
  <script nonce="{nonce}">setTimeout(() => { const el = document.createElement('div'); el.id = 'late'; el.textContent = 'Late default'; document.body.append(el); }, 1500);</script>`;

const act = (type: string, selector: string, content?: unknown) => ({ type, selector, cssSelector: selector, ...(content === undefined ? {} : { content }) });

/** An answer as the decision service sends it: every DOM action, one invalid action, an mbox HTML offer. */
const ANSWER: DeliveryResponse = {
  execute: {
    pageLoad: {
      options: [
        {
          type: 'actions',
          content: [
            act('setHtml', '#hero h1', 'Find out <em>about</em> conditions'),
            { selector: '.lead', content: 'no type' },
            act('setText', '.lead', 'A <plain> lead'),
            act('setAttribute', '#hero', { 'data-variant': 'b', class: 'variant' }),
            act('setStyle', '#hero h1', { color: 'rgb(0, 94, 184)', priority: 'important' }),
            act('setImageSource', '#pic', '/new.png'),
            act('remove', '#gone'),
            act('insertBefore', '#anchor', '<p id="before">Before</p>'),
            act('insertAfter', '#anchor', '<p id="after">After <a id="decorated" data-aep-click-label="more" href="#more">more</a></p>'),
            act('appendHtml', '#list', '<li>d</li><style>#list li { color: rgb(1, 2, 3) }</style>'),
            act('prependHtml', '#list', '<li>0</li>'),
            act('rearrange', '#list', { from: 1, to: 4 }),
            act('trackClick', '#track'),
            act('setText', '#late', 'Rendered late'),
          ],
        },
      ],
      metrics: [{ type: 'click', selector: '#goal', eventToken: 'goal-token' }],
    },
    mboxes: [{ index: 0, name: 'conditions-banner', options: [{ type: 'html', content: '<p class="banner">Check your symptoms</p>' }] }],
  },
};

async function open(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin(HOST)}/page`);
  return { page, errors, close: () => context.close() };
}

beforeAll(async () => {
  empty = mkdtempSync(join(tmpdir(), 'tagwell-render-'));
  server = await startTestServer(empty);
  const script = await bundle();
  server.pages.set('/page', { csp: CSP, html: pageHtml(script, BODY) });
  server.pages.set('/landing', { csp: CSP, html: html('<title>Landing</title>', '<h1>Landing</h1>') });
  ({ browser, close: closeBrowser } = await launchBrowser());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.close();
  if (empty) rmSync(empty, { recursive: true, force: true });
});

describe('rendering propositions in Chromium', () => {
  it('applies every action, skips and logs the invalid one while the others render, and renders a late element', async () => {
    const { page, errors, close } = await open();
    const { result, logged } = await page.evaluate((answer) => (window as never as { render: (r: unknown, a: string) => Promise<{ result: unknown; logged: string[] }> }).render(answer, 'always'), ANSWER);
    expect(logged).toEqual(['Invalid DOM action data: missing type']);
    expect(result).toEqual({ rendered: true, redirected: false, failures: 1 });
    const dom = await page.evaluate(() => {
      const $ = (selector: string) => document.querySelector(selector) as HTMLElement;
      const h1 = $('#hero h1');
      return {
        h1: h1.innerHTML,
        color: getComputedStyle(h1).color,
        priority: h1.style.getPropertyPriority('color'),
        lead: $('.lead').textContent,
        variant: $('#hero').dataset.variant,
        heroClass: $('#hero').className,
        pic: $('#pic').getAttribute('src'),
        gone: !!$('#gone'),
        around: [$('#anchor').previousElementSibling!.id, $('#anchor').nextElementSibling!.id],
        list: [...$('#list').querySelectorAll('li')].map((li) => li.textContent).join(''),
        listColor: getComputedStyle($('#list li')).color,
        banner: $('[data-mbox="conditions-banner"]').innerHTML,
        late: $('#late').textContent,
        violations: (window as never as { violations: string[] }).violations,
      };
    });
    expect(dom).toEqual({
      h1: 'Find out <em>about</em> conditions',
      color: 'rgb(0, 94, 184)',
      priority: 'important',
      lead: 'A <plain> lead',
      variant: 'b',
      heroClass: 'variant',
      pic: '/new.png',
      gone: false,
      around: ['before', 'after'],
      list: '0bcda',
      listColor: 'rgb(1, 2, 3)',
      banner: '<p class="banner">Check your symptoms</p>',
      late: 'Rendered late',
      violations: [],
    });
    expect(errors).toEqual([]);
    await close();
  });

  // What each setting reports, clicking in turn: plain rendered content, a decorated element in
  // rendered content, the trackClick element, the click goal, and untouched content.
  it.each<[AutoCollect, string[]]>([
    ['always', [`${GLOBAL} content`, `${GLOBAL} content`, `conditions-banner content`, `${GLOBAL} content`, `${GLOBAL} #goal`]],
    ['decoratedElementsOnly', [`${GLOBAL} content`, `${GLOBAL} content`, `${GLOBAL} #goal`]],
    ['never', [`${GLOBAL} content`, `${GLOBAL} #goal`]],
  ])('reports clicks on rendered content with autoCollect %s', async (autoCollect, expected) => {
    const { page, errors, close } = await open();
    await page.evaluate(([answer, auto]) => (window as never as { render: (r: unknown, a: unknown) => Promise<unknown> }).render(answer, auto), [ANSWER, autoCollect] as const);
    for (const selector of ['#hero h1 em', '#decorated', '.banner', '#track', '#goal', '#anchor']) await page.click(selector);
    const clicked = await page.evaluate(() => (window as never as { clicked: string[] }).clicked);
    expect(clicked).toEqual(expected);
    expect(errors).toEqual([]);
    await close();
  });

  it('a redirect renders alone: the page is replaced by the offer URL and nothing else is applied', async () => {
    const { page, errors, close } = await open();
    const landing = `${server.origin(HOST)}/landing`;
    const entries = await page.evaluate(() => history.length);
    const navigated = page.waitForURL(landing);
    const answer: DeliveryResponse = { execute: { pageLoad: { options: [{ type: 'actions', content: [act('setText', '#hero h1', 'Changed')] }, { type: 'redirect', content: landing }] } } };
    const { result, h1 } = await page.evaluate(
      (a) =>
        (window as never as { render: (r: unknown, x: string) => Promise<{ result: unknown }> })
          .render(a, 'never')
          .then((rendered) => ({ ...rendered, h1: document.querySelector('#hero h1')!.textContent })),
      answer,
    );
    expect(result).toEqual({ rendered: true, redirected: true, failures: 0 });
    expect(h1).toBe('Health A to Z');
    await navigated;
    expect(await page.textContent('h1')).toBe('Landing');
    // Replaced, not pushed: Back does not return to the page that redirected.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(errors).toEqual([]);
    await close();
  });
});
