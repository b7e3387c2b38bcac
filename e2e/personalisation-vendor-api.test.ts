/**
 * Issue 15 item 5 in Chromium against `npm start`: the site's own code on the live demo host calls
 * `window.adobe.target` (CONTRACT §5), and every message of SPEC §8's vendor list shows in the page's
 * log (`_satellite.logger.history`), with the decision service answering for real: a good call is
 * decided, a request the service refuses is `Track event request failed`. Delivery disabled by
 * `mboxDisable`, a visitor without Statistics consent, a page that already has the library and a
 * browser too old to run it each get their message, and no page ever gets an error.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ALREADY, DISABLED, OLD_BROWSER } from '../packages/runtime/src/personalisation/vendor-api/messages';
import { useProduct } from './support/product';
import { giveConsent } from './support/consent';

const contexts: BrowserContext[] = [];

const live = useProduct();
// Before useProduct's own afterAll (vitest runs them last registered first): the visitors' contexts, then the browser.
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

interface Visit {
  page: Page;
  /** Uncaught errors of the page. */
  errors: string[];
  /** What the page printed with console.warn. */
  warnings: string[];
  /** The Delivery API requests the page made (their bodies). */
  deliveries: string[];
  /** The decision service's answers: each request's body, the status and the kind of request (`ping` for a beacon). */
  answers: Array<[body: string, status: number, type: string]>;
  /** The messages of the page's log, oldest first. */
  log(): Promise<string[]>;
}

/** A fresh visitor on the live demo host, with the Statistics choice given, and `init` run before the page's scripts. */
async function visit(path: string, options: { statistics?: boolean; init?: () => void } = {}): Promise<Visit> {
  const context = await live.browser.browser.newContext();
  contexts.push(context);
  await giveConsent(context, { statistics: options.statistics ?? true });
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  const deliveries: string[] = [];
  const answers: Visit['answers'] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  page.on('request', (request) => request.url().includes('/rest/v1/delivery') && deliveries.push(request.postData() ?? ''));
  page.on('response', (response) => response.url().includes('/rest/v1/delivery') && answers.push([response.request().postData() ?? '', response.status(), response.request().resourceType()]));
  if (options.init) await page.addInitScript(options.init);
  await page.goto(`http://www.health.localhost:${live.product.port}${path}`);
  await page.waitForFunction(() => !!(window as { _satellite?: unknown })._satellite && !!(window as { adobe?: { target?: unknown } }).adobe?.target);
  return { page, errors, warnings, deliveries, answers, log: () => page.evaluate(() => (window as unknown as { _satellite: { logger: { history: string[][] } } })._satellite.logger.history.map(([, message]) => message!)) };
}

type Call = 'getOffer' | 'getOffers' | 'applyOffer' | 'applyOffers' | 'sendNotifications' | 'trackEvent' | 'triggerView';
type Target = Record<Call, (...args: any[]) => any>; // eslint-disable-line @typescript-eslint/no-explicit-any
declare const adobe: { target: Target };

describe('window.adobe.target on the live demo host', () => {
  it("checks every call as SPEC §5 says, with SPEC §8's messages, and decides the good ones", async () => {
    const { page, errors, log, answers } = await visit('/');
    const outcome = await page.evaluate(async () => {
      const t = adobe.target;
      const noop = () => {};
      const settled = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: Error) => error.message);
      t.getOffer();
      t.getOffer({ success: noop, error: noop });
      t.getOffer({ mbox: 'm'.repeat(251), success: noop, error: noop });
      t.getOffer({ mbox: 'conditions-banner', error: noop });
      t.getOffer({ mbox: 'conditions-banner', success: noop });
      const refused = await Promise.all([settled(t.getOffers({})), settled(t.getOffers({ request: {} }))]);
      t.applyOffer({ mbox: 'conditions-banner' });
      t.sendNotifications({ request: {} });
      t.triggerView('');
      t.triggerView('home');
      // The decision service refuses a parameter value over 2048 characters (its Delivery API checks).
      const track = (params: object) =>
        new Promise((resolve) => t.trackEvent({ mbox: 'health-tool', params, success: () => resolve('success'), error: (status: string, message: string) => resolve(`${status}: ${message}`) }));
      const tracked = [await track({ note: 'x'.repeat(3000) }), await track({ step: 'start' })];
      // Good calls: answered by the decision service, and an offer of the page's own rendered where it says.
      const offer = await new Promise((resolve, reject) => t.getOffer({ mbox: 'conditions-banner', params: { a: 1 }, success: resolve, error: (_status: string, error: Error) => reject(error) }));
      const response = await t.getOffers({ request: { prefetch: { mboxes: [{ index: 0, name: 'conditions-banner' }] } } });
      document.body.insertAdjacentHTML('beforeend', '<div id="vendor-slot">default</div>');
      t.applyOffer({ mbox: 'side', selector: '#vendor-slot', offer: [{ type: 'html', content: '<p>Offer from the page</p>' }] });
      const applied = await t.applyOffers({ response: { execute: { mboxes: [{ name: 'side', options: [{ type: 'actions', content: [{ type: 'setText', selector: '#vendor-slot p', content: 'Applied from a response' }] }] }] } } });
      // A click on the element trackEvent was told of asks for its mbox.
      const clicked = new Promise((resolve) => t.trackEvent({ mbox: 'slot-clicked', type: 'click', selector: '#vendor-slot', success: () => resolve('success'), error: () => resolve('error') }));
      document.querySelector<HTMLElement>('#vendor-slot')!.click();
      // The page's own display notification, with an event token the decision service prefetched.
      const prefetched = await t.getOffers({ request: { prefetch: { pageLoad: {} } } });
      const token = prefetched.prefetch.pageLoad.options[0].eventToken;
      t.sendNotifications({ request: { notifications: [{ id: 'page-own-1', type: 'display', timestamp: Date.now(), tokens: [token], pageLoad: {} }] } });
      return { refused, tracked, offer, status: response.status, applied, clicked: await clicked, token };
    });
    expect(outcome.refused).toEqual(['request option is required', 'execute or prefetch is required']);
    expect(outcome.tracked).toEqual(['unknown: Track event request failed', 'success']);
    expect(outcome.offer).toEqual([]);
    expect(outcome.status).toBe(200);
    expect(outcome.applied).toMatchObject({ rendered: true, failures: 0 });
    expect(outcome.clicked).toBe('success');
    expect(outcome.token).toEqual(expect.any(String));
    // The notification left as a beacon (its body is not shown to the test) and the decision service took it.
    await expect.poll(() => answers.filter(([, , type]) => type == 'ping').map(([, status]) => status)).toEqual([200]);
    await expect.poll(() => page.textContent('#vendor-slot')).toBe('Applied from a response');
    const messages = await log();
    for (const message of [
      'options argument is required',
      'request option is required',
      'execute or prefetch is required',
      'mbox option is required',
      'mbox option is too long',
      'success option is required',
      'error option is required',
      'offer option is required',
      'notifications are required',
      'View name should be a non-empty string',
      'Views are not enabled',
      'Track event request failed',
    ])
      expect(messages).toContain(message);
    expect(errors).toEqual([]);
  });

  it('Page load disabled: a page the container makes no page-load decision for refuses the global location', async () => {
    const { page, errors, log } = await visit('/search');
    const outcome = await page.evaluate(async () => {
      const t = adobe.target;
      const viaGetOffer = await new Promise((resolve) => t.getOffer({ mbox: 'target-global-mbox', success: () => resolve('success'), error: (status: string, message: string) => resolve(`${status}: ${message}`) }));
      const viaGetOffers = await t.getOffers({ request: { execute: { pageLoad: {} } } }).then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      return [viaGetOffer, viaGetOffers];
    });
    expect(outcome).toEqual(['error: Page load disabled', 'Page load disabled']);
    expect(await log()).toContain('Page load disabled');
    expect(errors).toEqual([]);
  });

  it('Adobe Target is not opted in: without the Statistics choice nothing is asked', async () => {
    const { page, errors, deliveries, log } = await visit('/', { statistics: false });
    const outcome = await page.evaluate(
      () => new Promise((resolve) => adobe.target.getOffer({ mbox: 'conditions-banner', success: () => resolve('success'), error: (status: string, message: string) => resolve(`${status}: ${message}`) })),
    );
    expect(outcome).toBe('error: Adobe Target is not opted in');
    expect(await log()).toContain('Adobe Target is not opted in');
    expect(deliveries).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('delivery disabled by the mboxDisable query parameter: the message says why, and the error callback hears it', async () => {
    const { page, errors, deliveries, log } = await visit('/?mboxDisable=1');
    const outcome = await page.evaluate(
      () => new Promise((resolve) => adobe.target.getOffer({ mbox: 'conditions-banner', success: () => resolve('success'), error: (status: string, message: string) => resolve(`${status}: ${message}`) })),
    );
    expect(outcome).toBe(`warning: ${DISABLED}`);
    expect(DISABLED).toMatch(/cookies/);
    expect(DISABLED).toMatch(/mboxDisable/);
    expect(await log()).toContain(DISABLED);
    expect(deliveries).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a page that already has the library keeps its own, with a warning', async () => {
    const { page, errors, log } = await visit('/', {
      init: () => {
        (window as unknown as { adobe: unknown }).adobe = { target: { getOffer: () => 'the page’s own' } };
      },
    });
    expect(await page.evaluate(() => adobe.target.getOffer())).toBe('the page’s own');
    expect(await log()).toContain(ALREADY);
    expect(errors).toEqual([]);
  });

  it('a browser too old to run it gets a console warning, and calls that do nothing', async () => {
    const { page, errors, warnings } = await visit('/', {
      init: () => {
        // No fetch (the browser tests' own machinery needs MutationObserver, and Promise).
        (window as { fetch?: unknown }).fetch = undefined;
      },
    });
    expect(warnings).toContain(OLD_BROWSER);
    const called = await page.evaluate(
      () => new Promise((resolve) => (adobe.target.getOffer({ mbox: 'conditions-banner', success: () => resolve('success'), error: () => resolve('error') }), setTimeout(() => resolve('nothing'), 500))),
    );
    expect(called).toBe('nothing');
    expect(errors).toEqual([]);
  });
});
