/**
 * Activities and their results over real HTTP on both engines (issue 14 items 3-4; docs/ADMIN-API.md
 * "Activities"): the states of the published activities, the statistics of known exposures and
 * conversions recorded through storage, and a collector hit with event15 from an exposed visitor
 * becoming a conversion.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeResults, type ActivityCounts, type ActivityResults } from '../src/experiments';
import { startServer, type RunningServer } from '../src/index';
import { openStorage, type Storage } from '../src/storage';
import { AdminClient } from './support/admin-client';
import { startAdminServer } from './support/admin-server';
import { testConfig } from './support/config';
import { visitorId } from './support/generate-hits';
import { bothEngines } from './support/postgres';

const ACTIVITY = 1001;
const DRAFT = 2002;
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

type Listed = { property: string; id: number; state: string; runningIn: string[]; pausedIn: string[]; inLatestVersion: boolean; goals: { name: string }[] };
type ResultsBody = { activity: { id: number; environment: string; state: string }; counts: ActivityCounts; results: ActivityResults | null };
type Detail = { latest: { version: number; document: { personalisation: { activities: Array<Record<string, unknown>> } } } };

const engines = bothEngines('tagwell_activities');

describe.each(engines)('activities and results on $name, over HTTP', (engine) => {
  let storage: Storage;
  let root: AdminClient;
  let base: string;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ storage, base, admin: root, stop } = await startAdminServer(engine));

    // Version 2: the shipped activities paused, published everywhere (in promotion order); version 3 replaces it on development.
    const shipped = (await root.get<Detail>('/api/admin/properties/health-site')).body;
    const pausedDocument = structuredClone(shipped.latest.document);
    for (const shippedActivity of pausedDocument.personalisation.activities) shippedActivity.state = 'paused';
    const paused = await root.post<{ version: number }>('/api/admin/properties/health-site/versions', { document: pausedDocument, baseVersion: shipped.latest.version, note: 'pause' });
    expect(paused.status).toBe(201);
    for (const environment of ['development', 'staging', 'production']) expect((await root.post('/api/admin/properties/health-site/publications', { environment, version: paused.body.version })).status).toBe(201);
    // Version 3: the activity active, with a tool-completion goal; published on development only.
    const detail = (await root.get<Detail>('/api/admin/properties/health-site')).body;
    const document = structuredClone(detail.latest.document);
    const activity = document.personalisation.activities[0]!;
    activity.state = 'active';
    activity.goals = [...(activity.goals as unknown[]), { type: 'analytics-event', name: 'Tool completed', event: 'event15' }];
    const v2 = await root.post<{ version: number }>('/api/admin/properties/health-site/versions', { document, baseVersion: detail.latest.version, note: 'run the A/B test' });
    expect(v2.status).toBe(201);
    expect((await root.post('/api/admin/properties/health-site/publications', { environment: 'development', version: v2.body.version })).status).toBe(201);
    // Version 4, saved only: a second activity is a draft.
    const draft = structuredClone(document);
    draft.personalisation.activities.push({ ...structuredClone(activity), id: DRAFT, name: 'Draft wording test', state: 'active' });
    expect((await root.post('/api/admin/properties/health-site/versions', { document: draft, baseVersion: v2.body.version })).status).toBe(201);
  }, 120_000);

  afterAll(() => stop?.());

  it('lists the activities with their state: running where published active, paused, draft', async () => {
    const answer = await root.get<{ activities: Listed[] }>('/api/admin/activities');
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.activities.map((a) => [a.id, a]));
    expect(byId.get(ACTIVITY)).toMatchObject({ property: 'health-site', state: 'running', runningIn: ['development'], pausedIn: ['staging', 'production'], inLatestVersion: true });
    expect(byId.get(DRAFT)).toMatchObject({ property: 'health-site', state: 'draft', runningIn: [], pausedIn: [], inLatestVersion: true });
    expect(byId.get(ACTIVITY)!.goals.map((g) => g.name)).toEqual(['Link on the home page', 'Link click', 'Tool completed']);
  });

  it('gives the statistics of known exposures and conversions per experience and goal', async () => {
    const at = new Date(Date.now() - 3_600_000);
    const control = ids('control', 400);
    const plain = ids('plain', 400);
    await storage.recordExposures([
      ...control.map((v) => ({ property: 'health-site', environment: 'development' as const, activity: ACTIVITY, experience: 0, visitorId: v, at })),
      ...plain.map((v) => ({ property: 'health-site', environment: 'development' as const, activity: ACTIVITY, experience: 1, visitorId: v, at })),
    ]);
    const later = new Date(at.getTime() + 60_000);
    await storage.recordConversions([
      ...control.slice(0, 40).map((v) => ({ property: 'health-site', environment: 'development' as const, activity: ACTIVITY, goal: 1, visitorId: v, at: later })),
      ...plain.slice(0, 72).map((v) => ({ property: 'health-site', environment: 'development' as const, activity: ACTIVITY, goal: 1, visitorId: v, at: later })),
      ...plain.slice(0, 3).map((v) => ({ property: 'health-site', environment: 'development' as const, activity: ACTIVITY, goal: 0, visitorId: v, at: later })),
    ]);

    const answer = await root.get<ResultsBody>(`/api/admin/activities/${ACTIVITY}/results?environment=development`);
    expect(answer.status).toBe(200);
    expect(answer.body.activity).toMatchObject({ id: ACTIVITY, environment: 'development', state: 'active' });
    const [controlCounts, plainCounts] = answer.body.counts.experiences;
    expect(controlCounts).toMatchObject({ name: 'Control', visitors: 400, goals: { '1': { conversions: 40, total: 40 } } });
    expect(plainCounts).toMatchObject({ name: 'Plain words', visitors: 400, goals: { '0': { conversions: 3 }, '1': { conversions: 72 } } });
    // The statistics module's output on those counts, exactly.
    expect(answer.body.results).toEqual(computeResults(answer.body.counts));
    const linkClick = answer.body.results!.goals[1]!;
    expect(linkClick.name).toBe('Link click');
    expect(linkClick.experiences.map((e) => e.rate)).toEqual([0.1, 0.18]);
    expect(linkClick.experiences[1]!.comparison!.outcome).toBe('better');
    // Three conversions are too few to compare.
    expect(answer.body.results!.goals[0]!.experiences[1]!.comparison!.outcome).toBe('not-enough-data');
    expect(answer.body.results!.goals[0]!.experiences[1]!.verdict).toMatch(/^Not enough data yet/);
  });

  it('records a conversion when an exposed visitor sends a hit with the goal event', async () => {
    const mid = visitorId(424242);
    await storage.recordExposures([{ property: 'health-site', environment: 'development', activity: ACTIVITY, experience: 1, visitorId: mid, at: new Date(Date.now() - 60_000) }]);
    const before = (await storage.readActivityCounts('health-site', { id: ACTIVITY, experiences: [{ name: 'Control' }, { name: 'Plain words' }], goals: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }, 'development')).experiences[1]!;
    expect(before.goals['2']).toBeUndefined();

    const query = `AQB=1&ndh=1&ce=UTF-8&pageName=nhs%3Atools%3Abmi&g=${encodeURIComponent('https://dev.health.localhost/tools/bmi')}&events=event15&mid=${mid}&AQE=1`;
    const hit = await fetch(`${base}/b/ss/nhsukdev/1/JS-2.22.0/s1?${query}`);
    expect(hit.status).toBeLessThan(300);
    // The conversion is recorded after the hit's answer: wait for it.
    let conversions = 0;
    for (let i = 0; i < 50 && conversions === 0; i++) {
      const answer = await root.get<ResultsBody>(`/api/admin/activities/${ACTIVITY}/results?environment=development`);
      conversions = answer.body.counts.experiences[1]!.goals['2']?.conversions ?? 0;
      if (conversions === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(conversions).toBe(1);
    // The hit itself was stored.
    expect((await storage.latestHits({ limit: 5 })).some((h) => h.events === 'event15' && h.variables.marketingCloudVisitorID === mid)).toBe(true);
  }, 30_000);

  it("counts a consented visitor's executed decision as an exposure, and nothing for a call without the visitor id", async () => {
    const shape = { id: ACTIVITY, experiences: [{ name: 'Control' }, { name: 'Plain words' }], goals: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] };
    const visitors = async () => (await storage.readActivityCounts('health-site', shape, 'development')).experiences.map((e) => e.visitors);
    const production = async () => (await storage.readActivityCounts('health-site', shape, 'production')).experiences.map((e) => e.visitors);
    const productionBefore = await production();
    const before = await visitors();
    const decision = (id: Record<string, string>) =>
      fetch(`${base}/rest/v1/delivery?client=health&sessionId=exposure-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, environmentId: 3, context: { channel: 'web', address: { url: 'http://dev.health.localhost/' } }, execute: { pageLoad: {} } }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { execute?: { pageLoad?: { options?: Array<{ responseTokens?: Record<string, unknown> }> } } } }));
    // Before consent the page has no Marketing Cloud id: decided, but not counted.
    const anonymous = await decision({ tntId: 'no-consent-visitor' });
    expect(anonymous.status).toBe(200);
    const mid = visitorId(515151);
    const consented = await decision({ marketingCloudVisitorId: mid });
    expect(consented.status).toBe(200);
    const experience = consented.body.execute?.pageLoad?.options?.[0]?.responseTokens?.['experience.id'];
    expect([0, 1]).toContain(experience);
    const expected = before.map((n, i) => (i === experience ? n + 1 : n));
    let after = before;
    for (let i = 0; i < 50 && after.join() !== expected.join(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await visitors();
    }
    expect(after).toEqual(expected);
    // Development's traffic stays out of production's results.
    expect(await production()).toEqual(productionBefore);
  }, 30_000);

  it('refuses what it cannot answer, with errors from the catalogue and the role checks of the reports', async () => {
    expect((await new AdminClient(base).get('/api/admin/activities')).status).toBe(401);
    expect((await new AdminClient(base).get(`/api/admin/activities/${ACTIVITY}/results`)).status).toBe(401);
    const bad = await root.get<{ error: { code: string; message: string } }>(`/api/admin/activities/${ACTIVITY}/results?environment=live`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'BAD_REQUEST', message: 'The request is not valid: environment must be one of development, staging, production, got "live"' });
    expect((await root.get<{ error: { code: string } }>('/api/admin/activities/abc/results')).body.error.code).toBe('BAD_REQUEST');
    const draft = await root.get<{ error: { code: string; message: string } }>(`/api/admin/activities/${DRAFT}/results?environment=development`);
    expect(draft.status).toBe(404);
    expect(draft.body.error.message).toBe(`Not found: activity ${DRAFT} is not published on development; published there: ${ACTIVITY}, 1002, 1003`);
    // Published paused on production: its results are still there to read.
    expect((await root.get(`/api/admin/activities/${ACTIVITY}/results?environment=production`)).status).toBe(200);
    expect((await root.get('/api/admin/activities/1/results?property=nope')).status).toBe(404);
  });
});

describe('a failure to record conversions', () => {
  let server: RunningServer;
  let storage: Storage;
  let dataDir: string;
  const log: string[] = [];

  beforeAll(async () => {
    const config = testConfig({ logLevel: 'warn' });
    dataDir = config.dataDir;
    storage = await openStorage({ dataDir });
    // Every conversion write fails, as on a full disk or a lost connection.
    const failing: Storage = { ...storage, recordConversions: () => Promise.reject(new Error('the experiment tables are unavailable')) };
    server = await startServer(config, { storage: failing, logStream: { write: (line) => void log.push(line) } });
    // The shipped health-site activity is paused: make it active on development so the hit has a goal to reach.
    const latest = (await storage.listPropertyVersions('health-site'))[0]!;
    const document = structuredClone(latest.document) as { personalisation: { activities: Array<{ state: string }> } };
    document.personalisation.activities[0]!.state = 'active';
    const version = await storage.createPropertyVersion({ property: 'health-site', document, createdBy: 'test' });
    await storage.recordPublication({ environment: 'development', property: 'health-site', version: version.version, publishedBy: 'test' });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('neither fails the hit nor loses it, and is logged', async () => {
    const mid = visitorId(77);
    await storage.recordExposures([{ property: 'health-site', environment: 'development', activity: ACTIVITY, experience: 0, visitorId: mid, at: new Date(Date.now() - 60_000) }]);
    const query = `AQB=1&ndh=1&ce=UTF-8&pageName=nhs%3Ahome&g=${encodeURIComponent('https://dev.health.localhost/')}&events=event17&mid=${mid}&AQE=1`;
    const hit = await fetch(`http://127.0.0.1:${server.port}/b/ss/nhsukdev/1/JS-2.22.0/s2?${query}`);
    expect(hit.status).toBeLessThan(300);
    for (let i = 0; i < 100 && !log.some((line) => line.includes('experiment conversions')); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.find((line) => line.includes('experiment conversions'))).toContain('the experiment tables are unavailable');
    expect((await storage.latestHits({ limit: 5 })).some((h) => h.variables.marketingCloudVisitorID === mid)).toBe(true);
  }, 20_000);
});
