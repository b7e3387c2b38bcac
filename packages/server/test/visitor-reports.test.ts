/**
 * Visitor reports over real HTTP on both engines (issue 13 item 4; docs/OPERATING.md "Unique
 * visitors", "New and repeat visitors"): unique visitors per day, section and page, new versus
 * repeat, their CSVs, the retention period, the backfill of migration 006, and large counts within
 * the stated error.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { SketchUpdate, estimate } from '../src/storage/hll';
import { openStorage, type NewHit, type Storage, type VisitorDay, type VisitorPage, type VisitorSection } from '../src/storage';
import { AdminClient } from './support/admin-client';
import { testConfig } from './support/config';
import { bothEngines } from './support/postgres';

const PASSWORD = 'correct horse battery staple';
const HOST = 'metrics.health.localhost';
const STAGING_HOST = 'staging-metrics.health.localhost';

function hit(at: string, visitor: string, fields: Partial<NewHit> = {}): NewHit {
  const pageName = fields.pageName === undefined ? 'nhs:conditions:asthma' : fields.pageName;
  return {
    receivedAt: at,
    host: HOST,
    reportSuites: 'nhsukprod',
    hitType: 'page',
    linkType: null,
    linkName: null,
    pageName,
    pageUrl: null,
    siteSection: 'conditions',
    events: 'event1',
    variables: { ...(pageName !== null && { pageName }), marketingCloudVisitorID: visitor, events: ['event1'] },
    contextData: {},
    query: '',
    clientIp: null,
    userAgent: null,
    ...fields,
  };
}
const link = (at: string, visitor: string): NewHit => ({ ...hit(at, visitor), hitType: 'link', linkType: 'o', linkName: 'Feedback: Yes', pageName: null, siteSection: null, events: null });
const services = (at: string, visitor: string) => hit(at, visitor, { pageName: 'nhs:services:gp', siteSection: 'services' });

/**
 * The known hits. Day 1 in one batch, day 2 one hit at a time (so "first seen" comes from the
 * stored first visits). A: new at 10:00 and 10:20 (within 30 minutes), repeat at 11:00 (40 minutes
 * after its last new hit) and on day 2. B: new on day 1, repeat on day 2. C and D: new on day 2
 * (D with a link hit only). E: staging only.
 */
const DAY1 = [
  hit('2026-11-20T10:00:00.000Z', 'A'),
  hit('2026-11-20T10:20:00.000Z', 'A', { pageName: 'nhs:conditions:flu' }),
  services('2026-11-20T10:05:00.000Z', 'B'),
  hit('2026-11-20T11:00:00.000Z', 'A'),
];
const DAY2 = [
  services('2026-11-21T09:00:00.000Z', 'A'),
  services('2026-11-21T09:01:00.000Z', 'B'),
  hit('2026-11-21T09:02:00.000Z', 'C'),
  link('2026-11-21T09:10:00.000Z', 'D'),
  hit('2026-11-21T09:30:00.000Z', 'E', { host: STAGING_HOST, reportSuites: 'nhsukstaging' }),
];

const EXPECTED_DAYS: VisitorDay[] = [
  { day: '2026-11-20', visitors: 2, newVisitors: 2, repeatVisitors: 1 },
  { day: '2026-11-21', visitors: 4, newVisitors: 2, repeatVisitors: 2 },
];
const EXPECTED_SECTIONS: VisitorSection[] = [
  { section: 'conditions', visitors: 2, newVisitors: 2, repeatVisitors: 1 },
  { section: 'services', visitors: 2, newVisitors: 1, repeatVisitors: 2 },
];
const EXPECTED_PAGES: VisitorPage[] = [
  { pageName: 'nhs:conditions:asthma', pageViews: 3, visitors: 2 },
  { pageName: 'nhs:services:gp', pageViews: 3, visitors: 2 },
  { pageName: 'nhs:conditions:flu', pageViews: 1, visitors: 1 },
];

type Body = {
  visitorsByDay: VisitorDay[];
  visitorsBySection: VisitorSection[];
  visitorsByPage: VisitorPage[];
  visitorErrors: { day: number; section: number; page: number };
  retention: { rawHitDays: number | null };
  uniqueVisitors: { visitors: number };
};

const engines = bothEngines('tagwell_visitors');

describe.each(engines)('visitor reports on $name, over HTTP', ({ open }) => {
  let server: RunningServer;
  let storage: Storage;
  let viewer: AdminClient;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: () => Promise<unknown>;

  beforeAll(async () => {
    ({ databaseUrl, drop } = await open());
    const config = testConfig({ loginAttemptsPerMinute: 1000, retentionDays: 45, firstAdmin: { username: 'root', password: PASSWORD }, databaseUrl });
    dataDir = config.dataDir;
    storage = await openStorage({ dataDir, databaseUrl });
    server = await startServer(config, { logger: false, storage });
    viewer = new AdminClient(`http://127.0.0.1:${server.port}`);
    expect((await viewer.signIn('root', PASSWORD)).status).toBe(200);
    await storage.insertHits(DAY1);
    for (const one of DAY2) await storage.insertHits([one]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await storage?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const prod = 'from=2026-11-20&to=2026-11-21&reportSuite=nhsukprod';

  it('gives visitors, new and repeat per day and per section, visitors per page, the errors and the retention period', async () => {
    const answer = await viewer.get<Body>(`/api/admin/reports?${prod}`);
    expect(answer.status).toBe(200);
    expect(answer.body.visitorsByDay).toEqual(EXPECTED_DAYS);
    expect(answer.body.visitorsBySection).toEqual(EXPECTED_SECTIONS);
    expect(answer.body.visitorsByPage).toEqual(EXPECTED_PAGES);
    expect(answer.body.uniqueVisitors.visitors).toBe(4);
    expect(answer.body.visitorErrors).toEqual({ day: 1.04 / 128, section: 1.04 / 64, page: 1.04 / 64 });
    expect(answer.body.retention).toEqual({ rawHitDays: 45 });
  });

  it('narrows by day, host and report suite like the other reports', async () => {
    const day2 = await viewer.get<Body>('/api/admin/reports?from=2026-11-21&to=2026-11-21&reportSuite=nhsukprod');
    expect(day2.body.visitorsByDay).toEqual([EXPECTED_DAYS[1]]);
    // Over day 2 alone, A and B are repeat visitors of the services section, C new in conditions.
    expect(day2.body.visitorsBySection).toEqual([
      { section: 'services', visitors: 2, newVisitors: 0, repeatVisitors: 2 },
      { section: 'conditions', visitors: 1, newVisitors: 1, repeatVisitors: 0 },
    ]);
    const staging = await viewer.get<Body>(`/api/admin/reports?host=${STAGING_HOST}`);
    expect(staging.body.visitorsByDay).toEqual([{ day: '2026-11-21', visitors: 1, newVisitors: 1, repeatVisitors: 0 }]);
    expect(staging.body.visitorsByPage).toEqual([{ pageName: 'nhs:conditions:asthma', pageViews: 1, visitors: 1 }]);
    const limited = await viewer.get<Body>(`/api/admin/reports?${prod}&limit=1`);
    expect(limited.body.visitorsByPage).toEqual([EXPECTED_PAGES[0]]);
  });

  it('downloads each visitor report as CSV with the same filters', async () => {
    const days = await viewer.get<string>(`/api/admin/reports/visitorsByDay.csv?${prod}`);
    expect(days.status).toBe(200);
    expect(days.headers.get('content-disposition')).toBe('attachment; filename="tagwell_visitorsByDay_nhsukprod_2026-11-20_2026-11-21.csv"');
    expect(days.body).toBe('day,visitors,newVisitors,repeatVisitors\r\n2026-11-20,2,2,1\r\n2026-11-21,4,2,2\r\n');
    const sections = await viewer.get<string>(`/api/admin/reports/visitorsBySection.csv?${prod}`);
    expect(sections.body).toBe('section,visitors,newVisitors,repeatVisitors\r\nconditions,2,2,1\r\nservices,2,1,2\r\n');
    const pages = await viewer.get<string>(`/api/admin/reports/visitorsByPage.csv?${prod}&limit=2`);
    expect(pages.body).toBe('pageName,pageViews,visitors\r\nnhs:conditions:asthma,3,2\r\nnhs:services:gp,3,2\r\n');
  });

  it('keeps large counts within the stated error (sparse sketches turn dense)', async () => {
    // 6,000 visitors on one day, each with one page view of one page of one section: the page and
    // section sketches pass 1,365 visitors and turn dense on the way.
    const many: NewHit[] = [];
    for (let i = 0; i < 6000; i++) many.push(hit('2026-10-01T12:00:00.000Z', `many-${i}`, { pageName: 'nhs:many', siteSection: 'many' }));
    // Batches whose updates are sparse and dense, into sketches sparse and dense: every path of tagwell_hll_merge.
    for (const [from, to] of [[0, 1000], [1000, 3000], [3000, 3500], [3500, 6000]]) await storage.insertHits(many.slice(from, to));
    const answer = await viewer.get<Body>('/api/admin/reports?from=2026-10-01&to=2026-10-01&reportSuite=nhsukprod');
    const { day, section, page } = answer.body.visitorErrors;
    const within = (estimate: number, error: number) => Math.abs(estimate - 6000) / 6000 <= 3 * error;
    const [d] = answer.body.visitorsByDay;
    const [s] = answer.body.visitorsBySection;
    const [p] = answer.body.visitorsByPage;
    expect([d!.visitors, d!.newVisitors, d!.repeatVisitors, s!.section, s!.newVisitors, p!.pageName, p!.pageViews]).toEqual([d!.visitors, d!.visitors, 0, 'many', s!.visitors, 'nhs:many', 6000]);
    expect([within(d!.visitors, day), within(s!.visitors, section), within(p!.visitors, page)], JSON.stringify([d, s, p])).toEqual([true, true, true]);
    // The database merged exactly what one sketch of all of them holds.
    const exact = (precision: number) => {
      const sketch = new SketchUpdate(precision);
      for (let i = 0; i < 6000; i++) sketch.add(`many-${i}`);
      return estimate(sketch.applyTo(null), precision);
    };
    expect([d!.visitors, s!.visitors, p!.visitors]).toEqual([exact(14), exact(12), exact(12)]);
  }, 60_000);

  it('forgets a visitor with retention: one not seen for the period is new again', async () => {
    await storage.insertHits([hit('2026-09-01T08:00:00.000Z', 'F')]);
    await storage.insertHits([hit('2026-09-02T08:00:00.000Z', 'F')]);
    const before = await viewer.get<Body>('/api/admin/reports?from=2026-09-02&to=2026-09-02&reportSuite=nhsukprod');
    expect(before.body.visitorsByDay).toEqual([{ day: '2026-09-02', visitors: 1, newVisitors: 0, repeatVisitors: 1 }]);
    await storage.deleteExpired(new Date('2026-09-03T00:00:00.000Z'));
    await storage.insertHits([hit('2026-09-03T08:00:00.000Z', 'F')]);
    const after = await viewer.get<Body>('/api/admin/reports?from=2026-09-01&to=2026-09-03&reportSuite=nhsukprod');
    expect(after.body.visitorsByDay).toEqual([
      { day: '2026-09-01', visitors: 1, newVisitors: 1, repeatVisitors: 0 },
      { day: '2026-09-02', visitors: 1, newVisitors: 0, repeatVisitors: 1 },
      { day: '2026-09-03', visitors: 1, newVisitors: 1, repeatVisitors: 0 },
    ]);
  });

  it('migration 006 counts the hits already stored: the same figures after a rebuild', async () => {
    const report = async () => (await viewer.get<Body>(`/api/admin/reports?${prod}`)).body;
    const before = await report();
    await server.stop();
    await storage.close();
    // Back to the schema before migration 006, keeping the hits.
    const undo = [
      "delete from visitor_sketches where dimension <> 'visitors'",
      'drop index visitor_sketches_dimension_day',
      'alter table visitor_sketches drop column dimension',
      'alter table visitor_sketches drop column value',
      'alter table visitor_sketches drop column has_value',
      'drop table first_visits',
      "delete from tagwell_migrations where name = '006_visitor_reports'",
    ];
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        for (const statement of undo) await client.query(statement);
      } finally {
        await client.end();
      }
    } else {
      const db = new SqliteDatabase(path.join(dataDir, 'tagwell.sqlite'));
      try {
        for (const statement of undo) db.exec(statement);
      } finally {
        db.close();
      }
    }
    const config = testConfig({ loginAttemptsPerMinute: 1000, retentionDays: 45, databaseUrl, dataDir });
    storage = await openStorage({ dataDir, databaseUrl });
    server = await startServer(config, { logger: false, storage });
    viewer = new AdminClient(`http://127.0.0.1:${server.port}`);
    expect((await viewer.signIn('root', PASSWORD)).status).toBe(200);
    const after = await report();
    expect(after.visitorsByDay).toEqual(EXPECTED_DAYS);
    expect([after.visitorsByDay, after.visitorsBySection, after.visitorsByPage]).toEqual([before.visitorsByDay, before.visitorsBySection, before.visitorsByPage]);
  }, 60_000);
});
