/**
 * Issue 15 item 4 in Chromium against `npm start`: on the live demo home page, a visitor with
 * Statistics consent is shown a variant of the home-page A/B test; the container reports it on a hit
 * of its own (`tnta`, docs/PERSONALISATION.md "Analytics"), which the collector stores as the analysts
 * read it; a link click (event17) then converts in the activity's results.
 */
import { expect, it } from 'vitest';
import { latestBeacons } from './support/beacons';
import { ADMIN, apiSession, useProduct } from './support/product';
import { giveConsent } from './support/consent';
import { eventually } from './support/eventually';

const live = useProduct();

const ACTIVITY = 1001;
const VARIANT_HEADING = 'Health information you can trust';



type Beacon = { hitType: string; linkName: string | null; query: string; variables: Record<string, unknown> };
type Results = { counts: { goals: Array<{ id: string; name: string }>; experiences: Array<{ id: string; visitors: number; goals: Record<string, { conversions: number }> }> } };
type Answer = { execute?: { pageLoad?: { options?: Array<{ responseTokens?: Record<string, unknown> }> } } };

it('stores the tnta of the variant shown on the home page, and converts a link click in the results', async () => {
  const context = await live.browser.browser.newContext();
  await giveConsent(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const answers: Answer[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/rest/v1/delivery')) void response.json().then((body: Answer) => answers.push(body), () => undefined);
  });
  await page.goto(`http://www.health.localhost:${live.product.port}/`);

  // The display hit, as stored and read by a script (CONTRACT §2).
  const beacons = await eventually(
    () => latestBeacons<Beacon>(live.product.base, 50),
    (list) => list.some((b) => b.linkName === 'Personalisation display'),
    { what: 'the Personalisation display hit stored' },
  );
  const display = beacons.find((b) => b.linkName === 'Personalisation display');
  expect(display, 'no Personalisation display hit was stored').toBeDefined();
  expect(display!.hitType).toBe('link');
  const mid = display!.variables.marketingCloudVisitorID;
  expect(typeof mid).toBe('string');

  // The experience the decision service chose is the one the page shows and reports.
  const tokens = answers.flatMap((a) => a.execute?.pageLoad?.options ?? []).map((o) => o.responseTokens ?? {});
  const decided = tokens.find((t) => t['activity.id'] === ACTIVITY);
  expect(decided, 'the home page was not decided for activity 1001').toBeDefined();
  const experience = decided!['experience.id'] as number;
  expect(new URLSearchParams(display!.query).get('tnta')!.split(',')).toContain(`${ACTIVITY}:${experience}:0|2`);
  const heading = await page.textContent('main h1');
  if (experience === 1) expect(heading).toBe(VARIANT_HEADING);
  else expect(heading).not.toBe(VARIANT_HEADING);

  const api = await apiSession(live.product.base, ADMIN.username, ADMIN.password);
  const results = () => api<Results>('GET', `/api/admin/activities/${ACTIVITY}/results?environment=production`).then((r) => r.body);
  const linkGoal = (r: Results) => r.counts.goals.find((g) => g.name === 'Link click')!.id;
  const conversions = (r: Results) => r.counts.experiences[experience]!.goals[linkGoal(r)]?.conversions ?? 0;
  const exposed = await eventually(results, (r) => r.counts.experiences[experience]!.visitors === 1, { what: `the visitor counted in experience ${experience}` });
  expect(exposed.counts.experiences.map((e) => e.visitors)).toEqual(experience === 1 ? [0, 1] : [1, 0]);
  expect(conversions(exposed)).toBe(0);

  // A link click (SDR: event17) from the same visitor converts the activity's Link click goal.
  await page.click('footer a[href*="/service-search/pharmacy"]');
  const converted = await eventually(results, (r) => conversions(r) === 1, { what: 'the link click converted' });
  expect(conversions(converted)).toBe(1);
  const click = (await latestBeacons<Beacon>(live.product.base, 50)).find((b) => b.variables.marketingCloudVisitorID === mid && (new URLSearchParams(b.query).get('events') ?? '').split(',').some((e) => e.split(/[:=]/)[0] === 'event17'));
  expect(click).toBeDefined();
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
