/**
 * Exposures from analytics hits over real HTTP on both engines (issue 15 item 4; docs/PERSONALISATION.md
 * "Analytics"): a hit carrying `tnta` exposes its visitor to the experience it names, counted with the
 * exposures of Delivery API answers without counting anyone twice; event15 and event17 convert from hits
 * as before; a hit without the visitor id (no Statistics consent) counts nothing; the stored hit keeps
 * the `tnta` the analysts read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityCounts } from '../src/experiments';
import type { AdminClient } from './support/admin-client';
import { startAdminServer } from './support/admin-server';
import { READER } from './support/config';
import { visitorId } from './support/generate-hits';
import { settled } from './support/http';
import { bothEngines } from './support/postgres';

const ACTIVITY = 3101;
const PAGE = 'https://dev.health.localhost/';

const activity = {
  id: ACTIVITY,
  name: 'Shown from hits',
  type: 'ab',
  state: 'active',
  location: { type: 'mbox', name: 'target-global-mbox' },
  experiences: [
    { name: 'Control', split: 50, offers: [{ type: 'setText', selector: 'main h1', content: 'Health A to Z' }] },
    { name: 'Plain words', split: 50, offers: [{ type: 'setText', selector: 'main h1', content: 'Health information you can trust' }] },
  ],
  goals: [
    { type: 'analytics-event', name: 'Link click', event: 'event17' },
    { type: 'analytics-event', name: 'Tool completed', event: 'event15' },
  ],
};

type Detail = { latest: { version: number; document: { personalisation: { activities: unknown[] } } } };
type ResultsBody = { counts: ActivityCounts };
type Counts = { visitors: number[]; linkClicks: number[]; tools: number[] };

const engines = bothEngines('tagwell_hit_exposures');

describe.each(engines)('exposures from hits on $name, over HTTP', (engine) => {
  let root: AdminClient;
  let base: string;
  let stop: (() => Promise<void>) | undefined;
  let sent = 0;

  beforeAll(async () => {
    ({ base, admin: root, stop } = await startAdminServer(engine));
    const detail = (await root.get<Detail>('/api/admin/properties/health-site')).body;
    const document = structuredClone(detail.latest.document);
    document.personalisation.activities = [activity];
    const version = await root.post<{ version: number }>('/api/admin/properties/health-site/versions', { document, baseVersion: detail.latest.version, note: 'exposures from hits' });
    expect(version.status).toBe(201);
    expect((await root.post('/api/admin/properties/health-site/publications', { environment: 'development', version: version.body.version })).status).toBe(201);
  }, 120_000);

  afterAll(() => stop?.());

  /** One hit as the container sends it to the development report suite; `mid` only with consent. */
  const hit = async (fields: Record<string, string>, mid?: string) => {
    const query = new URLSearchParams({ AQB: '1', ndh: '1', ...(mid && { mid }), ce: 'UTF-8', g: PAGE, ...fields, AQE: '1' });
    const answer = await fetch(`${base}/b/ss/nhsukdev/1/TW-1.0.0/s${++sent}?${query.toString().replace(/\+/g, '%20')}`);
    expect(answer.status).toBeLessThan(300);
  };
  const shown = (tnta: string, mid?: string) => hit({ pe: 'lnk_o', pev2: 'Personalisation display', tnta }, mid);
  const linkClick = (mid?: string) => hit({ pe: 'lnk_o', pev2: 'Conditions', events: 'event17' }, mid);

  const counts = async (): Promise<Counts> => {
    const answer = await root.get<ResultsBody>(`/api/admin/activities/${ACTIVITY}/results?environment=development`);
    expect(answer.status).toBe(200);
    const experiences = answer.body.counts.experiences;
    return {
      visitors: experiences.map((e) => e.visitors),
      linkClicks: experiences.map((e) => e.goals['0']?.conversions ?? 0),
      tools: experiences.map((e) => e.goals['1']?.conversions ?? 0),
    };
  };
  /** Exposures and conversions are recorded after the hit's answer, batch after batch in order: wait until `ready` holds. */
  const settle = (ready: (c: Counts) => boolean): Promise<Counts> => settled(counts, ready);

  it('counts a visitor shown an experience from a hit, and their event17 link click as a conversion', async () => {
    const before = await counts();
    expect(before).toEqual({ visitors: [0, 0], linkClicks: [0, 0], tools: [0, 0] });
    const a = visitorId(1);
    await shown('3101:1:0|2', a);
    await linkClick(a);
    expect(await settle((c) => c.linkClicks[1] === 1)).toEqual({ visitors: [0, 1], linkClicks: [0, 1], tools: [0, 0] });
    // The stored hit keeps the tnta the analysts read, in its query.
    const beacons = (await (await fetch(`${base}/api/beacons?limit=5`, { headers: READER })).json()) as { beacons: Array<{ linkName: string; query: string; variables: Record<string, unknown> }> };
    const display = beacons.beacons.find((b) => b.linkName === 'Personalisation display' && b.variables.marketingCloudVisitorID === a);
    expect(new URLSearchParams(display!.query).get('tnta')).toBe('3101:1:0|2');
  }, 30_000);

  it('counts a visitor once when both a Delivery API answer and hits show them the experience', async () => {
    const before = await counts();
    const b = visitorId(2);
    const decision = await fetch(`${base}/rest/v1/delivery?client=health&sessionId=hit-exposures-b`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: { marketingCloudVisitorId: b }, environmentId: 3, context: { channel: 'web', address: { url: PAGE } }, execute: { pageLoad: {} } }),
    });
    expect(decision.status).toBe(200);
    const answer = (await decision.json()) as { execute: { pageLoad: { options: Array<{ responseTokens: Record<string, unknown> }> } } };
    const experience = answer.execute.pageLoad.options[0]!.responseTokens['experience.id'] as number;
    expect([0, 1]).toContain(experience);
    const expected = before.visitors.map((n, i) => (i === experience ? n + 1 : n));
    expect((await settle((c) => c.visitors.join() === expected.join())).visitors).toEqual(expected);
    // The page then reports what it rendered, twice (two page views): still one visitor.
    await shown(`3101:${experience}:0|2`, b);
    await shown(`3101:${experience}:0|2`, b);
    // A later visitor's exposure marks the point where the hits before it have been recorded.
    const sentinel = visitorId(3);
    await shown('3101:0:0|2', sentinel);
    const after = await settle((c) => c.visitors[0] === expected[0]! + 1);
    expect(after.visitors).toEqual([expected[0]! + 1, expected[1]!]);
  }, 30_000);

  it('counts nothing for hits without the visitor id (no Statistics consent), unknown activities or experiences, or goals before the exposure', async () => {
    const before = await counts();
    // No consent: no mid on either hit.
    await shown('3101:0:0|2');
    await linkClick();
    // Another service's activity, and an experience the activity does not have.
    const d = visitorId(4);
    await shown('999:0:0|2,3101:5:0|2', d);
    // A tool completed before the visitor was shown anything does not convert.
    const e = visitorId(5);
    await hit({ pageName: 'nhs:tools:bmi', events: 'event15' }, e);
    // A page view carrying the display and entry of Adobe's documented payload exposes its visitor (once).
    await hit({ pageName: 'nhs:home', tnta: '3101:0:0|2,3101:0:0|1' }, e);
    const after = await settle((c) => c.visitors[0] === before.visitors[0]! + 1);
    expect(after).toEqual({ visitors: [before.visitors[0]! + 1, before.visitors[1]!], linkClicks: before.linkClicks, tools: [0, 0] });
    // A tool completed after it does.
    await hit({ pageName: 'nhs:tools:bmi', events: 'event15' }, e);
    expect((await settle((c) => c.tools[0] === 1)).tools).toEqual([1, 0]);
  }, 30_000);
});
