/**
 * The storage engine of issue 18, on both engines: reports read aggregates kept in step with the
 * hits (and counted at migration for hits stored before), unique visitors from daily sketches,
 * reads with a statement timeout on their own connections, and retention.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, StorageTimeoutError } from '../src/storage';
import type { NewHit, NewRejected, OpenStorageOptions, ReportRange, Storage } from '../src/storage';
import type { Engine } from '../src/storage/engine';
import { openPostgres } from '../src/storage/engines/postgres';
import { openSqlite } from '../src/storage/engines/sqlite';
import { estimate, merge, RELATIVE_STANDARD_ERROR, SketchUpdate } from '../src/storage/hll';
import { generateHits, visitorId } from './support/generate-hits';
import { createDatabase, dropDatabase, ensurePostgres } from './support/postgres';

interface Place {
  options: OpenStorageOptions;
  drop: () => Promise<void>;
  /** Runs SQL on the database directly, with no storage open. */
  exec: (statements: string[]) => Promise<void>;
  /** Reads rows with SQL directly, with no storage open. */
  rows: (query: string) => Promise<unknown[]>;
  /** A second engine on the same database, its reads timing out after `timeoutMs`. */
  engine: (timeoutMs: number) => Engine;
}

const engines = [
  {
    engine: 'sqlite',
    prepare: async () => undefined,
    fresh: async (): Promise<Place> => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-engine-'));
      return {
        options: { dataDir: dir },
        drop: async () => rmSync(dir, { recursive: true, force: true }),
        exec: async (statements) => {
          const db = new SqliteDatabase(path.join(dir, 'tagwell.sqlite'));
          try {
            for (const statement of statements) db.exec(statement);
          } finally {
            db.close();
          }
        },
        rows: async (query) => {
          const db = new SqliteDatabase(path.join(dir, 'tagwell.sqlite'), { readonly: true });
          try {
            return db.prepare(query).all();
          } finally {
            db.close();
          }
        },
        engine: (timeoutMs) => openSqlite(dir, { threads: 1, timeoutMs }, () => undefined),
      };
    },
  },
  {
    engine: 'postgres',
    prepare: async () => void (await ensurePostgres()),
    fresh: async (): Promise<Place> => {
      const url = await createDatabase('tagwell_engine');
      return {
        options: { databaseUrl: url },
        drop: () => dropDatabase(url),
        exec: async (statements) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            for (const statement of statements) await client.query(statement);
          } finally {
            await client.end();
          }
        },
        rows: async (query) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            return (await client.query(query)).rows;
          } finally {
            await client.end();
          }
        },
        engine: (timeoutMs) => openPostgres(url, { connections: 2, timeoutMs }, () => undefined),
      };
    },
  },
] as const;

/** PostgreSQL: an open transaction that has read `table`, so nothing can drop it until released. */
async function holdPartition(place: Place, table: string): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: place.options.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select count(*) from ${table}`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

/** The reports computed from the hits themselves, in plain code: what the aggregates must give. */
function expectedReports(hits: readonly NewHit[], range: ReportRange, limit = 10) {
  const day = (hit: NewHit) => new Date(hit.receivedAt!).toISOString().slice(0, 10);
  const inRange = hits.filter(
    (hit) =>
      (range.from === undefined || day(hit) >= range.from) &&
      (range.to === undefined || day(hit) <= range.to) &&
      (range.host === undefined || hit.host === range.host) &&
      (range.reportSuite === undefined || hit.reportSuites.split(',').includes(range.reportSuite)),
  );
  const names = (hit: NewHit) => new Set((hit.events ?? '').split(',').map((e) => e.replace(/[=:].*$/s, '').trim()).filter(Boolean));
  const tally = <K>(items: K[]) => {
    const counts = new Map<K, number>();
    for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
    return counts;
  };
  const nullsLast = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  const pages = inRange.filter((hit) => hit.hitType === 'page');
  const searches = inRange.filter((hit) => names(hit).has('event2') || names(hit).has('event3')).length;
  const zeroResults = inRange.filter((hit) => names(hit).has('event5')).length;
  const tools = new Map<string, { tool: string; starts: number; completions: number }>();
  for (const hit of inRange) {
    const tool = hit.variables.eVar20;
    if (typeof tool !== 'string') continue;
    const row = tools.get(tool) ?? { tool, starts: 0, completions: 0 };
    if (names(hit).has('event14')) row.starts++;
    if (names(hit).has('event15')) row.completions++;
    if (row.starts || row.completions) tools.set(tool, row);
  }
  const feedback = new Map<string | null, { pageName: string | null; yes: number; no: number }>();
  for (const hit of inRange) {
    const answer = typeof hit.variables.eVar35 === 'string' ? hit.variables.eVar35.toLowerCase() : undefined;
    if (answer !== 'yes' && answer !== 'no') continue;
    const row = feedback.get(hit.pageName) ?? { pageName: hit.pageName, yes: 0, no: 0 };
    row[answer]++;
    feedback.set(hit.pageName, row);
  }
  const links = inRange.filter((hit) => hit.hitType === 'link');
  return {
    pageViewsByDay: [...tally(pages.map(day))].sort(([a], [b]) => (a < b ? -1 : 1)).map(([d, pageViews]) => ({ day: d, pageViews })),
    pageViewsBySection: [...tally(pages.map((hit) => hit.siteSection))]
      .map(([section, pageViews]) => ({ section, pageViews }))
      .sort((a, b) => b.pageViews - a.pageViews || nullsLast(a.section, b.section)),
    topPages: [...tally(pages.map((hit) => hit.pageName))]
      .map(([pageName, pageViews]) => ({ pageName, pageViews }))
      .sort((a, b) => b.pageViews - a.pageViews || nullsLast(a.pageName, b.pageName))
      .slice(0, limit),
    searches: { searches, zeroResults, zeroResultRate: searches ? zeroResults / searches : 0 },
    toolFunnel: [...tools.values()].sort((a, b) => nullsLast(a.tool, b.tool)),
    feedbackByPage: [...feedback.values()].sort((a, b) => nullsLast(a.pageName, b.pageName)),
    consentOptOuts: {
      statisticsOff: links.filter((hit) => hit.linkName === 'Cookies: Statistics Off').length,
      marketingOff: links.filter((hit) => hit.linkName === 'Cookies: Marketing Off').length,
    },
    visitors: new Set(inRange.map((hit) => hit.variables.marketingCloudVisitorID).filter((id) => typeof id === 'string')).size,
  };
}

async function reportsOf(storage: Storage, range: ReportRange, limit = 10) {
  const [pageViewsByDay, pageViewsBySection, topPages, searches, toolFunnel, feedbackByPage, consentOptOuts, unique] = await Promise.all([
    storage.pageViewsByDay(range),
    storage.pageViewsBySection(range),
    storage.topPages(limit, range),
    storage.searches(range),
    storage.toolFunnel(range),
    storage.feedbackByPage(range),
    storage.consentOptOuts(range),
    storage.uniqueVisitors(range),
  ]);
  return { pageViewsByDay, pageViewsBySection, topPages, searches, toolFunnel, feedbackByPage, consentOptOuts, unique };
}

/** Exact reports; unique visitors within four standard errors (the hash is fixed, so this never flakes). */
async function expectReports(storage: Storage, hits: readonly NewHit[], range: ReportRange) {
  const { unique, ...actual } = await reportsOf(storage, range, 25);
  const { visitors, ...expected } = expectedReports(hits, range, 25);
  expect(actual).toEqual(expected);
  expect(unique.relativeStandardError).toBe(RELATIVE_STANDARD_ERROR);
  expect(Math.abs(unique.visitors - visitors)).toBeLessThanOrEqual(Math.max(1, 4 * RELATIVE_STANDARD_ERROR * visitors));
}

const RANGES: ReportRange[] = [
  { from: '2026-10-01', to: '2026-10-30' },
  {},
  { from: '2026-10-07', to: '2026-10-07' },
  { from: '2026-10-03', to: '2026-10-12', host: 'staging.health.localhost' },
  { from: '2026-10-01', to: '2026-10-30', reportSuite: 'healthglobal' },
  { reportSuite: 'health' },
];

describe('HyperLogLog sketches', () => {
  it('estimate distinct ids within the stated error, and merge exactly', () => {
    const sketch = (from: number, to: number) => {
      const update = new SketchUpdate();
      for (let i = from; i < to; i++) update.add(visitorId(i));
      return update.applyTo(null);
    };
    expect(estimate(new Uint8Array(16384))).toBe(0);
    expect(estimate(sketch(0, 1))).toBe(1);
    for (const n of [100, 5_000, 50_000, 250_000]) {
      const error = Math.abs(estimate(sketch(0, n)) - n) / n;
      expect(error, `n = ${n}`).toBeLessThan(4 * RELATIVE_STANDARD_ERROR);
    }
    // Overlapping halves: the union counts each id once, and merging is the sketch of the union.
    expect(merge([sketch(0, 30_000), sketch(20_000, 50_000)])).toEqual(sketch(0, 50_000));
  });
});

describe.each(engines)('storage engine on $engine', ({ engine, prepare, fresh }) => {
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(prepare, 600_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function place(): Promise<Place> {
    const p = await fresh();
    cleanups.push(p.drop);
    return p;
  }
  async function open(p: Place, options: Partial<OpenStorageOptions> = {}): Promise<Storage> {
    const storage = await openStorage({ ...p.options, ...options });
    cleanups.unshift(() => storage.close());
    return storage;
  }

  it('reports read aggregates that agree with the hits; the migration counts the hits stored before it', async () => {
    const p = await place();
    const hits = generateHits({ count: 6000, visitors: 1500, pages: 40, seed: 7 });
    let storage = await open(p);
    // Batches of several sizes: one statement, several statements, one hit.
    for (const size of [1, 700, 1300, 3999]) await storage.insertHits(hits.splice(0, size));
    const stored = generateHits({ count: 6000, visitors: 1500, pages: 40, seed: 7 });
    for (const range of RANGES) await expectReports(storage, stored, range);
    await storage.close();

    // A database from before the aggregates: the migration counts what is there.
    await p.exec([
      'drop table hit_counts',
      'drop table visitor_sketches',
      'drop table first_visits',
      'drop table day_counts',
      "delete from tagwell_migrations where name in ('004_aggregates', '006_visitor_reports', '009_day_counts')",
    ]);
    const logs: string[] = [];
    storage = await open(p, { log: (msg) => logs.push(msg) });
    // 004 counts pages per hour as it always did; 009 rolls those rows up per day.
    expect(logs).toContain('storage: applied migrations 004_aggregates, 006_visitor_reports, 009_day_counts');
    expect(logs.some((msg) => /^storage: page counts rolled up into [\d,]+ rows a day$/.test(msg))).toBe(true);
    for (const range of RANGES) await expectReports(storage, stored, range);
    await storage.close();

    // Before 009, with the raw hits past retention: 009 fills day_counts from the hourly rows, not the hits.
    await p.exec([
      `insert into hit_counts (key, dimension, hour, host, report_suites, value, has_value, hits)
       select 'before-009-' || key, dimension, day || 'T05', host, report_suites, value, has_value, hits from day_counts`,
      'drop table day_counts',
      "delete from tagwell_migrations where name = '009_day_counts'",
      'delete from hits',
    ]);
    storage = await open(p);
    await expect(storage.latestHits({ limit: 1 })).resolves.toEqual([]);
    for (const range of RANGES) await expectReports(storage, stored, range);
  }, 120_000);

  it('migration 010 keeps every first visit to the millisecond, from the ISO text of before', async () => {
    const p = await place();
    let storage = await open(p);
    for (const seed of [41, 42]) await storage.insertHits(generateHits({ count: 1500, visitors: 300, seed }));
    await storage.close();
    const read = async () =>
      ((await p.rows('select key, first_seen, new_until, last_seen from first_visits order by key')) as Array<Record<string, unknown>>).map((row) => ({
        ...row,
        first_seen: Number(row.first_seen),
        new_until: Number(row.new_until),
        last_seen: Number(row.last_seen),
      }));
    const before = await read();
    expect(before.length).toBeGreaterThan(200);
    // The table as migration 006 made it: times as ISO 8601 text.
    const iso = (c: string) =>
      engine === 'sqlite'
        ? `strftime('%Y-%m-%dT%H:%M:%S', ${c} / 1000, 'unixepoch') || '.' || printf('%03d', ${c} % 1000) || 'Z'`
        : `to_char(to_timestamp(${c} / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad((${c} % 1000)::text, 3, '0') || 'Z'`;
    await p.exec([
      'create table first_visits_old (key text primary key, first_seen text not null, new_until text not null, last_seen text not null)',
      `insert into first_visits_old select key, ${iso('first_seen')}, ${iso('new_until')}, ${iso('last_seen')} from first_visits`,
      'drop table first_visits',
      'alter table first_visits_old rename to first_visits',
      'create index first_visits_last_seen on first_visits (last_seen)',
      "delete from tagwell_migrations where name = '010_compact_first_visits'",
    ]);
    expect(((await p.rows('select first_seen from first_visits limit 1')) as Array<{ first_seen: string }>)[0]!.first_seen).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    storage = await open(p);
    expect(await read()).toEqual(before);
  }, 120_000);

  it('migration 012 gives stored experiment rows the property that defines their activity, and keeps properties apart after', async () => {
    const p = await place();
    let storage = await open(p);
    await storage.close();
    const document = (ids: number[]) => JSON.stringify({ personalisation: { activities: ids.map((id) => ({ id })) } });
    // The tables as migration 007 made them, with rows of before: 1001 is the health site's, 1002 both properties', 555 no one's.
    await p.exec([
      'drop table experiment_visitors',
      'drop table experiment_conversions',
      'create table experiment_visitors (environment text not null, activity integer not null, visitor text not null, experience integer not null, first_seen text not null, primary key (environment, activity, visitor))',
      'create table experiment_conversions (environment text not null, activity integer not null, goal integer not null, visitor text not null, experience integer not null, events integer not null, first_converted text not null, primary key (environment, activity, goal, visitor))',
      `insert into property_versions (property, version, document, created_by, created_at) values ('health-site', 1, '${document([1001, 1002])}', 'ed', '2026-11-20T09:00:00.000Z'), ('other-site', 1, '${document([1002])}', 'ed', '2026-11-20T09:00:00.000Z')`,
      "insert into experiment_visitors values ('production', 1001, 'a', 0, '2026-11-24T10:00:00.000Z'), ('production', 1001, 'b', 1, '2026-11-24T10:00:00.000Z'), ('production', 1002, 'a', 1, '2026-11-24T10:00:00.000Z'), ('staging', 555, 'c', 0, '2026-11-24T10:00:00.000Z')",
      "insert into experiment_conversions values ('production', 1001, 0, 'b', 1, 3, '2026-11-24T11:00:00.000Z')",
      "delete from tagwell_migrations where name = '012_experiments_by_property'",
    ]);
    const logs: string[] = [];
    storage = await open(p, { log: (msg) => logs.push(msg) });
    expect(logs).toContain('storage: experiment results of activity 1002 given to property health-site; other-site also define it');
    expect(logs).toContain('storage: experiment results of activity 555 kept without a property: no saved version defines it');
    const rows = (await p.rows('select property, environment, activity, visitor, experience from experiment_visitors order by activity, visitor')) as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.property, r.environment, Number(r.activity), r.visitor, Number(r.experience)])).toEqual([
      ['', 'staging', 555, 'c', 0],
      ['health-site', 'production', 1001, 'a', 0],
      ['health-site', 'production', 1001, 'b', 1],
      ['health-site', 'production', 1002, 'a', 1],
    ]);
    const shape = { id: 1001, experiences: [{ name: 'A' }, { name: 'B' }], goals: [{ name: 'g' }] };
    const counts = await storage.readActivityCounts('health-site', shape);
    expect(counts.experiences.map((e) => [e.visitors, e.goals])).toEqual([
      [1, {}],
      [2 - 1, { '0': { conversions: 1, total: 3 } }],
    ]);
    // After it, another property's activity 1001 is counted apart, even for the same visitor.
    await storage.recordExposures([{ property: 'other-site', activity: 1001, experience: 1, visitorId: 'someone', at: new Date('2026-11-25T10:00:00.000Z') }]);
    expect((await storage.readActivityCounts('other-site', shape)).experiences.map((e) => e.visitors)).toEqual([0, 1]);
    expect((await storage.readActivityCounts('health-site', shape)).experiences.map((e) => e.visitors)).toEqual([1, 1]);
  }, 120_000);

  it('narrows every report by report suite and host together, equal to a recount; lists the hosts of each report suite', async () => {
    const p = await place();
    const storage = await open(p);
    // Hosts and report suites that do not go together one to one: a third on a second host, a fifth in a second suite.
    const hits = generateHits({ count: 3000, visitors: 800, pages: 30, seed: 19 }).map((hit, i) => ({
      ...hit,
      ...(i % 3 === 0 && { host: 'metrics.health.localhost' }),
      ...(i % 5 === 0 && { reportSuites: `${hit.reportSuites},health_all` }),
    }));
    await storage.insertHits(hits);
    const hostsOf = (suite?: string) =>
      [...new Set(hits.filter((hit) => suite === undefined || hit.reportSuites.split(',').includes(suite)).map((hit) => hit.host))].sort();
    expect(hostsOf()).toHaveLength(3);
    expect(await storage.reportHosts()).toEqual(hostsOf());
    for (const reportSuite of ['healthprod', 'healthstage', 'healthglobal', 'health_all']) {
      expect(await storage.reportHosts(reportSuite), reportSuite).toEqual(hostsOf(reportSuite));
      for (const host of [undefined, ...hostsOf()]) await expectReports(storage, hits, { from: '2026-10-03', to: '2026-10-20', reportSuite, host });
    }
    // A whole id from the list only.
    expect(await storage.reportHosts('health')).toEqual([]);
    expect(await storage.reportHosts('health_al')).toEqual([]);
  }, 120_000);

  it('unique visitors over a month merge the days: at most the sum of the days, at least the busiest day', async () => {
    const p = await place();
    const storage = await open(p);
    const hits = generateHits({ count: 20_000, visitors: 12_000, seed: 11 });
    for (let i = 0; i < hits.length; i += 5000) await storage.insertHits(hits.slice(i, i + 5000));
    const month = await storage.uniqueVisitors({ from: '2026-10-01', to: '2026-10-30' });
    const days = await Promise.all(
      Array.from({ length: 30 }, (_, d) => `2026-10-${String(d + 1).padStart(2, '0')}`).map((day) => storage.uniqueVisitors({ from: day, to: day })),
    );
    const exact = expectedReports(hits, {}).visitors;
    expect(Math.abs(month.visitors - exact) / exact).toBeLessThan(4 * RELATIVE_STANDARD_ERROR);
    expect(month.visitors).toBeLessThan(days.reduce((sum, d) => sum + d.visitors, 0));
    expect(month.visitors).toBeGreaterThan(Math.max(...days.map((d) => d.visitors)));
    expect(await storage.uniqueVisitors({ from: '2030-01-01' })).toEqual({ visitors: 0, relativeStandardError: RELATIVE_STANDARD_ERROR });
  }, 120_000);

  it('a read past its timeout fails with StorageTimeoutError; writes go on meanwhile, and so do the reads after it', async () => {
    const p = await place();
    const storage = await open(p);
    const engine = p.engine(1000);
    cleanups.unshift(() => engine.close());
    // Longer than the timeout on either engine: a count to 20 million, or a 30 s sleep.
    const slow =
      engine.kind === 'sqlite'
        ? sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 20000000) select count(*) as n from c`
        : sql`select pg_sleep(30)`;
    const started = Date.now();
    let settled = false;
    const read = slow.execute(engine.read).finally(() => (settled = true));
    read.catch(() => undefined);
    // A write does not wait for the read.
    const [stored] = await storage.insertHits(generateHits({ count: 1, seed: 3 }));
    expect(settled).toBe(false);
    await expect(read).rejects.toBeInstanceOf(StorageTimeoutError);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The next read runs (SQLite: on a new thread).
    const after = await engine.read.selectFrom('hits').select('id').execute();
    expect(after.map((r) => r.id)).toEqual([stored!.id]);
  }, 60_000);

  if (engine === 'sqlite' && process.platform === 'linux') {
    it('reader threads run at a lower CPU priority than the event loop and the writer thread', async () => {
      const niceOf = () =>
        new Map(
          readdirSync('/proc/self/task').map((tid) => {
            // Fields after the command's closing parenthesis; nice is the 19th field of stat.
            const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
            return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
          }),
        );
      const before = niceOf();
      const p = await place();
      const storage = await open(p, { readers: 2 });
      await storage.insertHits(generateHits({ count: 1, seed: 4 }));
      // Two reads at once start both reader threads.
      await Promise.all([storage.latestHits({ limit: 1 }), storage.pageViewsByDay({ from: '2026-10-01', to: '2026-10-31' })]);
      const started = [...niceOf()].filter(([tid]) => !before.has(tid));
      expect(started.filter(([, nice]) => nice === 10)).toHaveLength(2);
      // The writer thread, and the event loop, keep the process's priority.
      expect(niceOf().get(process.pid)).toBe(0);
      expect(started.filter(([, nice]) => nice === 0).length).toBeGreaterThanOrEqual(1);
    }, 60_000);
  }

  it('retention deletes old raw and rejected hits in batches, keeps the aggregates, and lets hits in meanwhile', async () => {
    const p = await place();
    const storage = await open(p);
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10);
    const old = generateHits({ count: 2500, firstDay: daysAgo(100), days: 2, seed: 5 });
    const recent = generateHits({ count: 10, firstDay: daysAgo(3), days: 1, seed: 6 });
    for (let i = 0; i < old.length; i += 1000) await storage.insertHits(old.slice(i, i + 1000));
    await storage.insertHits(recent);
    const rejected = (days: number): NewRejected => ({ receivedAt: `${daysAgo(days)}T12:00:00.000Z`, host: 'h', reason: 'r', detail: 'd', query: 'q' });
    await storage.insertRejected([rejected(120), rejected(95), rejected(91), rejected(10)]);
    const oldRange = { from: daysAgo(100), to: daysAgo(99) };
    const before = await reportsOf(storage, oldRange);
    expect(before.pageViewsByDay.length).toBeGreaterThan(0);

    // PostgreSQL: retention and collection run on separate connections, so how long each takes
    // decides which ends first. A reader holding the oldest day keeps retention from dropping it
    // until the hit below is stored: the hit must not wait for retention.
    const reader = engine === 'postgres' ? await holdPartition(p, `hits_${daysAgo(100).replaceAll('-', '')}`) : undefined;
    let purged = false;
    const purge = storage.deleteExpired(new Date(now - 90 * 86_400_000)).finally(() => (purged = true));
    // A hit sent while retention runs is stored before retention is done: on SQLite it waits for one batch at most.
    try {
      await storage.insertHits(generateHits({ count: 1, firstDay: daysAgo(0), days: 1, seed: 9 }));
      expect(purged).toBe(false);
    } finally {
      await reader?.release();
    }
    expect(await purge).toEqual({ hits: 2500, rejected: 3 });

    expect(await storage.latestHits({ limit: 5000 })).toHaveLength(11);
    expect(await storage.countRejected()).toBe(1);
    expect(await reportsOf(storage, oldRange)).toEqual(before);
    expect(await storage.deleteExpired(new Date(now - 90 * 86_400_000))).toEqual({ hits: 0, rejected: 0 });
  }, 120_000);
});
