/**
 * SPEC §4 "duplicate display events are suppressed", in Chromium on the demo health site's live host
 * with the real server (in this process, SQLite in a temporary folder) and its decision service: the
 * site's own code prefetches an mbox through `window.adobe.target` and applies the same response
 * twice; the offer is on the page and exactly one display notification for its event token reaches
 * `POST /rest/v1/delivery`. The property is the repository's, plus one experience-targeting activity
 * on an mbox only this test asks for (the health site has no view activity, so there is no view to
 * trigger: `triggerView` logs `Views are not enabled`, e2e/personalisation-vendor-api.test.ts).
 *
 * Notifications leave by `sendBeacon`, whose body Chromium does not show to page.on('request'); the
 * test reads every delivery request's body through the DevTools protocol (Network.getRequestPostData).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, startPersonalisedSite, type PersonalisedSite } from './support/personalised-site';

const WWW = 'www.health.localhost';
const MBOX = 'e2e-prefetched-advice';
const OFFER_TEXT = 'Ask a pharmacist first: they can help with many minor illnesses.';
let site: PersonalisedSite;

beforeAll(async () => {
  site = await startPersonalisedSite({
    name: 'notifications',
    activities: [
      {
        id: 9002,
        name: 'Test prefetched advice',
        type: 'xt',
        location: { type: 'mbox', name: MBOX },
        audience: { conditions: [{ type: 'host', values: [WWW] }] },
        experiences: [{ name: 'Pharmacist advice', offers: [{ type: 'setText', selector: 'main .nhsuk-lede-text', content: OFFER_TEXT }] }],
        goals: [{ type: 'page-view', name: 'Pharmacy search', path: '/service-search/pharmacy/find-a-pharmacy' }],
      },
    ],
  });
}, 120_000);
afterAll(() => site?.stop());

interface Notification {
  id: string;
  type: string;
  tokens: string[];
  mbox?: { name: string };
}
interface Delivery {
  kind: string;
  body: { notifications?: Notification[]; prefetch?: unknown; execute?: unknown };
  status?: number;
}

type Target = Record<'getOffers' | 'applyOffers', (options: unknown) => Promise<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
declare const adobe: { target: Target };

describe('display notifications of prefetched offers (SPEC §4)', () => {
  it('the same prefetched response applied twice: the offer is shown and its display is notified once', async () => {
    const { context, page, errors } = await newVisitor(site);

    // Every POST to the decision service, with its body as it left and the service's answer.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const deliveries = new Map<string, Delivery>();
    const reading: Array<Promise<void>> = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!event.request.url.includes('/rest/v1/delivery') || event.request.method !== 'POST') return;
      const delivery: Delivery = { kind: event.type ?? '', body: {} };
      deliveries.set(event.requestId, delivery);
      const inline = event.request.postData ?? event.request.postDataEntries?.map((e) => Buffer.from(e.bytes ?? '', 'base64').toString('utf8')).join('');
      reading.push(
        (inline ? Promise.resolve({ postData: inline }) : cdp.send('Network.getRequestPostData', { requestId: event.requestId })).then(
          ({ postData }) => void (delivery.body = JSON.parse(postData)),
          () => undefined,
        ),
      );
    });
    cdp.on('Network.responseReceived', (event) => {
      const delivery = deliveries.get(event.requestId);
      if (delivery) delivery.status = event.response.status;
    });
    const displaysOf = (token: string) => [...deliveries.values()].flatMap((d) => (d.body.notifications ?? []).filter((n) => n.type === 'display' && n.tokens.includes(token)).map((n) => ({ ...n, status: d.status })));

    await page.goto(site.url(WWW, '/'));
    await page.waitForFunction(() => !!(window as { adobe?: { target?: unknown } }).adobe?.target);
    // The page-load decision is rendered and the page shown before the site's code runs.
    await page.waitForFunction(() => document.body && ![...document.querySelectorAll('style')].some((s) => /opacity: 0/.test(s.textContent ?? '')));

    const outcome = await page.evaluate(async (mbox) => {
      const t = adobe.target;
      const response = await t.getOffers({ request: { prefetch: { mboxes: [{ index: 0, name: mbox }] } } });
      const first = await t.applyOffers({ response });
      const second = await t.applyOffers({ response });
      const options = response.prefetch.mboxes[0].options as Array<{ eventToken?: string }>;
      return { first, second, tokens: options.map((o) => o.eventToken) };
    }, MBOX);

    expect(outcome.first).toMatchObject({ rendered: true, failures: 0 });
    expect(outcome.second).toMatchObject({ rendered: true, failures: 0 });
    expect(outcome.tokens).toEqual([expect.any(String)]);
    const token = outcome.tokens[0]!;
    // The page shows the offer.
    expect(await page.textContent('main .nhsuk-lede-text')).toBe(OFFER_TEXT);

    // The one notification arrives and the service takes it...
    await expect.poll(async () => (await Promise.all(reading), displaysOf(token).map((n) => n.status)), { timeout: 10_000 }).toEqual([200]);
    // ...and no second one follows: the page is quiet, every request read.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(reading);
    const displays = displaysOf(token);
    expect(displays, JSON.stringify([...deliveries.values()])).toHaveLength(1);
    expect(displays[0]).toMatchObject({ type: 'display', tokens: [token], mbox: { name: MBOX } });
    // Every delivery request's body was read (none hidden from the count).
    expect([...deliveries.values()].every((d) => Object.keys(d.body).length > 0)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
