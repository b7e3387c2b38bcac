/**
 * How hits are stored (issue 18 items 1 and 4), on both engines: the compact row and its bytes,
 * migration 005 converting hits stored in the earlier layout, and on PostgreSQL the day
 * partitions: made ahead and on demand, dropped whole by retention, made again for a late hit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage';
import type { NewHit, OpenStorageOptions, ReportRange, Storage, StoredHit } from '../src/storage';
import type { Engine } from '../src/storage/engine';
import { decodeHitRecord, encodeHitRecord } from '../src/storage/hit-record';
import { openPostgres } from '../src/storage/engines/postgres';
import { openSqlite } from '../src/storage/engines/sqlite';
import { migrations } from '../src/storage/migrations/index';
import { cleanDeep, eventNames, eventNamesColumn } from '../src/storage/text';
import { generateHits } from './support/generate-hits';
import { createDatabase, dropDatabase, ensurePostgres } from './support/postgres';

const DAY = 86_400_000;
const engines = [
  {
    engine: 'sqlite' as const,
    prepare: async () => undefined,
    fresh: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-hit-storage-'));
      return {
        options: { dataDir: dir } as OpenStorageOptions,
        drop: async () => rmSync(dir, { recursive: true, force: true }),
        engine: (): Engine => openSqlite(dir, { threads: 1, timeoutMs: 30_000 }, () => undefined),
        dir,
      };
    },
  },
  {
    engine: 'postgres' as const,
    prepare: async () => void (await ensurePostgres()),
    fresh: async () => {
      const url = await createDatabase('tagwell_hit_storage');
      return {
        options: { databaseUrl: url } as OpenStorageOptions,
        drop: () => dropDatabase(url),
        engine: (): Engine => openPostgres(url, { connections: 1, timeoutMs: 30_000 }, () => undefined),
        dir: '',
      };
    },
  },
];

/** What a hit read back gave before migration 005, from what was stored (the layout of 001 to 004). */
function storedAs(hit: NewHit, id: number): StoredHit {
  const { receivedAt, ...rest } = hit;
  return {
    ...rest,
    id,
    receivedAt: new Date(receivedAt!).toISOString(),
    variables: JSON.parse(JSON.stringify(cleanDeep(hit.variables))),
    contextData: JSON.parse(JSON.stringify(hit.contextData)),
  };
}

/** A database as the server before migration 005 left it, holding `hits` (ids 1, 2, ...) and their aggregates. */
async function databaseBefore005(engine: Engine, hits: readonly NewHit[]): Promise<void> {
  const db = engine.db;
  await db.schema.createTable('tagwell_migrations').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('applied_at', 'text', (c) => c.notNull()).execute();
  const apply = async (names: (name: string) => boolean) => {
    for (const migration of migrations.filter((m) => names(m.name))) {
      await migration.up(db, engine.kind, () => undefined);
      await db.insertInto('tagwell_migrations').values({ name: migration.name, applied_at: new Date().toISOString() }).execute();
    }
  };
  await apply((name) => name < '004');
  const old = db as unknown as Kysely<{ hits: Record<string, unknown> }>;
  for (const hit of hits) {
    await old
      .insertInto('hits')
      .values({
        received_at: new Date(hit.receivedAt!).toISOString(),
        host: hit.host,
        report_suites: hit.reportSuites,
        hit_type: hit.hitType,
        link_type: hit.linkType,
        link_name: hit.linkName,
        page_name: hit.pageName,
        page_url: hit.pageUrl,
        site_section: hit.siteSection,
        events: hit.events,
        event_names: eventNamesColumn(hit.events != null ? eventNames(hit.events) : []),
        variables: JSON.stringify(hit.variables),
        context_data: JSON.stringify(hit.contextData),
        query: hit.query,
        client_ip: hit.clientIp,
        user_agent: hit.userAgent,
      })
      .execute();
  }
  // 004 counts the aggregates of the hits already there, as it did on a real database.
  await apply((name) => name >= '004' && name < '005');
}

/** What the generator never sends: context data, a query that is no variable's encoding, odd text. */
const unusualHit = (seed: number): NewHit => ({
  ...generateHits({ count: 1, seed })[0]!,
  contextData: { 'tool.name': 'bmi', 'a.b': 'x&y=z' },
  query: 'AQB=1&c.&tool.&name=bmi&.tool&.c&v1=%E2%82%AC%20ŵ&bad=%zz&AQE=1',
  variables: { pageName: 'p', eVar1: '€ ŵ', list1: ['a', 'b'] },
  pageName: 'not the variable',
  events: 'event1,event5=3,event9:abc',
});

const month: ReportRange = { from: '2026-10-01', to: '2026-10-30' };
const reportsOf = async (storage: Storage, range: ReportRange) => ({
  days: await storage.pageViewsByDay(range),
  sections: await storage.pageViewsBySection(range),
  pages: await storage.topPages(20, range),
  tools: await storage.toolFunnel(range),
});

describe.each(engines)('hit storage on $engine', ({ engine, prepare, fresh }) => {
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(prepare, 600_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  async function place() {
    const p = await fresh();
    cleanups.push(p.drop);
    return p;
  }
  async function open(options: OpenStorageOptions): Promise<Storage> {
    const storage = await openStorage(options);
    cleanups.unshift(() => storage.close());
    return storage;
  }

  it('migration 005 converts every hit stored before it, keeping ids, reads and reports; ids go on after the old ones', async () => {
    const p = await place();
    const hits: NewHit[] = [...generateHits({ count: 300, seed: 21, pages: 12 }), unusualHit(22)];
    const old = p.engine();
    await databaseBefore005(old, hits);
    // The newest hit deleted: its id is never given again.
    await old.db.deleteFrom('hits').where('id', '=', hits.length).execute();
    await old.close();

    const logs: string[] = [];
    const storage = await open({ ...p.options, log: (msg) => logs.push(msg) });
    expect(logs.find((msg) => msg.includes('applied migrations'))).toContain('005_compact_hits');
    const kept = hits.slice(0, -1);
    const read = await storage.latestHits({ limit: 1000 });
    expect(read).toEqual(kept.map((hit, i) => storedAs(hit, i + 1)).reverse());
    expect(await storage.latestHits({ limit: 1000, host: 'staging.health.localhost' })).toEqual(read.filter((h) => h.host === 'staging.health.localhost'));
    expect(await storage.latestHits({ limit: 1000, reportSuite: 'healthglobal' })).toEqual(read.filter((h) => h.reportSuites.split(',').includes('healthglobal')));
    const before = await reportsOf(storage, month);
    // Aggregates outlive raw hits (the deleted one included), as after retention.
    expect(before.days.reduce((n, d) => n + d.pageViews, 0)).toBe(hits.filter((h) => h.hitType === 'page' && h.receivedAt! >= '2026-10-01' && h.receivedAt! < '2026-10-31').length);

    const [next] = await storage.insertHits(generateHits({ count: 1, seed: 23 }));
    expect(next!.id).toBe(hits.length + 1);
  }, 120_000);

  it('stores each hit\'s record byte for byte as hit-record.ts encodes it, wherever the engine compresses it, and answers the hit as a read gives it back', async () => {
    const p = await place();
    const storage = await open(p.options);
    // With text beyond ASCII and a control character escaped in the query (the record's own separators are U+0000 to U+0002).
    const unusual = unusualHit(42);
    // A key JSON leaves out (undefined), one an assignment would take for the prototype, and a U+0000 stored as U+FFFD.
    const variables = { ...unusual.variables, eVar2: undefined as unknown as string, ['__proto__']: 'x', eVar3: 'a\u0000b' };
    const hits: NewHit[] = [
      ...generateHits({ count: 200, seed: 41, pages: 12 }),
      { ...unusual, variables, query: 'AQB=1&v1=%E2%82%AC%20%C5%B5&bad=%zz&c2=%01&AQE=1', userAgent: 'Mozilla/5.0 😀 '.repeat(40) },
    ];
    const stored = await storage.insertHits(hits);
    await storage.close();
    const raw = p.engine();
    try {
      const rows = await raw.db.selectFrom('hits').select(['id', 'record']).orderBy('id').execute();
      expect(rows.map((row) => Number(row.id))).toEqual(stored.map((hit) => hit.id));
      rows.forEach((row, i) => {
        const { id: _id, receivedAt: _at, host: _host, reportSuites: _suites, ...content } = stored[i]!;
        expect(Buffer.from(row.record).equals(Buffer.from(encodeHitRecord(content)))).toBe(true);
        // What insertHits answered is what a read gives back, to the last key.
        expect(decodeHitRecord(row.record)).toStrictEqual(content);
        if (i === hits.length - 1) {
          expect(Object.getOwnPropertyDescriptor(content.variables, '__proto__')?.value).toBe('x');
          expect(content.variables).not.toHaveProperty('eVar2');
          expect(content.variables.eVar3).toBe('a\uFFFDb');
        }
      });
    } finally {
      await raw.close();
    }
  }, 120_000);

  if (engine === 'sqlite') {
    it('stores a hit in under 200 bytes, its indexes and sources included', async () => {
      const p = await place();
      const storage = await open(p.options);
      const hits = generateHits({ count: 4000, seed: 31 });
      for (let i = 0; i < hits.length; i += 1000) await storage.insertHits(hits.slice(i, i + 1000));
      await storage.close();
      const db = new SqliteDatabase(path.join(p.dir, 'tagwell.sqlite'));
      try {
        db.exec('vacuum');
        const rows = db.prepare('select name, sum(pgsize) as bytes from dbstat where aggregate = true group by name').all() as Array<{ name: string; bytes: number }>;
        const names = rows.map((r) => r.name).filter((name) => /^hits($|_)|hit_sources/.test(name));
        const bytes = rows.filter((r) => names.includes(r.name)).reduce((n, r) => n + r.bytes, 0);
        expect(bytes / hits.length).toBeLessThan(200);
        expect(names).toEqual(expect.arrayContaining(['hits', 'hits_source_id', 'hit_sources']));
        // Retention walks the hits by id (migration 011): no index on received_at.
        expect(names).not.toContain('hits_received_at');
      } finally {
        db.close();
      }
    }, 120_000);
  }

  if (engine === 'postgres') {
    const partitionsOf = async (storage: Engine) =>
      (
        await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'hits'::regclass order by 1`.execute(storage.db)
      ).rows.map((r) => r.name);
    const dayName = (ms: number) => `hits_${new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')}`;

    it('partitions hits by day: made ahead at start, on demand for a day that has none', async () => {
      const p = await place();
      const storage = await open(p.options);
      const probe = p.engine();
      cleanups.unshift(() => probe.close());
      const now = Date.now();
      const ahead = [-1, 0, 1, 2, 3].map((d) => dayName(now + d * DAY));
      expect(await partitionsOf(probe)).toEqual(ahead);
      const [old] = await storage.insertHits([{ ...generateHits({ count: 1, seed: 41 })[0]!, receivedAt: '2020-02-02T10:00:00.000Z' }]);
      expect(await partitionsOf(probe)).toEqual(['hits_20200202', ...ahead]);
      expect((await storage.latestHits({ limit: 5 })).map((h) => h.id)).toEqual([old!.id]);
      expect(await storage.pageViewsByDay({ from: '2020-02-02', to: '2020-02-02' })).toHaveLength(old!.hitType === 'page' ? 1 : 0);
    }, 120_000);

    it('retention drops whole expired days, keeps the aggregates, and a late hit of a dropped day makes it again', async () => {
      const p = await place();
      const a = await open(p.options);
      const b = await open(p.options);
      const probe = p.engine();
      cleanups.unshift(() => probe.close());
      const now = Date.now();
      const dayOf = (days: number) => new Date(now - days * DAY).toISOString().slice(0, 10);
      const old = generateHits({ count: 600, firstDay: dayOf(100), days: 2, seed: 42 });
      await a.insertHits(old);
      await a.insertHits(generateHits({ count: 5, firstDay: dayOf(3), days: 1, seed: 43 }));
      const range = { from: dayOf(100), to: dayOf(99) };
      const before = await reportsOf(a, range);
      expect(before.days.length).toBeGreaterThan(0);
      const oldDays = [dayName(now - 100 * DAY), dayName(now - 99 * DAY)];
      expect(await partitionsOf(probe)).toEqual(expect.arrayContaining(oldDays));

      // Another server's retention: whole days, every row of them counted.
      expect(await b.deleteExpired(new Date(now - 90 * DAY))).toEqual({ hits: 600, rejected: 0 });
      const left = await partitionsOf(probe);
      for (const day of oldDays) expect(left).not.toContain(day);
      expect(await a.latestHits({ limit: 1000 })).toHaveLength(5);
      expect(await reportsOf(a, range)).toEqual(before);

      // The first server still thinks the day is there: its late hit makes the partition again.
      const late = { ...old[0]!, receivedAt: old[0]!.receivedAt };
      const [stored] = await a.insertHits([late]);
      expect((await a.latestHits({ limit: 1 }))[0]!.id).toBe(stored!.id);
      expect(await partitionsOf(probe)).toContain(dayName(Date.parse(String(late.receivedAt))));
    }, 120_000);
  }
});
