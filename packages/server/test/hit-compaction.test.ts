/**
 * Compaction (issue 18: under 200 bytes a hit; storage/compaction.ts), on both engines: the hits of
 * past days move into blocks, and every read gives back what it gave before, whatever the limit,
 * host, report suite or sinceId; nothing is lost or doubled while hits keep arriving, while another
 * server compacts too, or when a late hit arrives; retention deletes whole days of blocks; the hits
 * take a fraction of their bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type NewHit, type Storage, type StoredHit } from '../src/storage';
import { decodeHitBlock, encodeHitBlock } from '../src/storage/hit-blocks';
import { openPostgres } from '../src/storage/engines/postgres';
import { openSqlite } from '../src/storage/engines/sqlite';
import type { Engine } from '../src/storage/engine';
import { generateHits } from './support/generate-hits';
import { bothEngines } from './support/postgres';

// Noon, so "now" is well past the hour of grace after midnight.
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const today = (ms: number) => ms >= Date.parse('2026-11-20T00:00:00.000Z');

/** Hits over the five days before NOW's day and NOW's morning, in arrival (time) order, as the collector stores them. */
function arrivals(count: number, seed: number, firstDay = '2026-11-15', days = 6): NewHit[] {
  return generateHits({ count, seed, firstDay, days, pages: 40 })
    .filter((hit) => Date.parse(String(hit.receivedAt)) < NOW)
    .sort((a, b) => Date.parse(String(a.receivedAt)) - Date.parse(String(b.receivedAt)));
}

/** Every way a reader asks for hits: all, by host, by report suite, since an id, and a few limits. */
async function everyRead(storage: Storage, ids: number[]): Promise<unknown[]> {
  const reads: unknown[] = [];
  for (const limit of [1, 7, 100, 256, 257, 5000]) {
    reads.push(await storage.latestHits({ limit }));
    reads.push(await storage.latestHits({ limit, host: 'staging.health.localhost' }));
    reads.push(await storage.latestHits({ limit, reportSuite: 'healthprod' }));
    for (const sinceId of [ids[0]!, ids[Math.floor(ids.length / 2)]!, ids.at(-10)!]) reads.push(await storage.latestHits({ limit, sinceId }));
  }
  return reads;
}

const tablesOf = async (engine: Engine) => ({
  hits: Number((await engine.db.selectFrom('hits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  blocked: Number((await engine.db.selectFrom('hit_blocks').select((eb) => eb.fn.sum<number>('hits').as('n')).executeTakeFirstOrThrow()).n ?? 0),
});

describe('hit blocks', () => {
  it('read back every hit exactly, ids and times included, whatever the text', () => {
    const hits = [
      { id: 5, receivedAt: 1_700_000_000_123, text: '[1,0]\u0000AQB=1\u0000pageName\u00021' },
      { id: 9, receivedAt: 1_699_999_999_000, text: 'é€ŵ 😀 \u0001\u0002 "quoted"' },
      { id: 1000, receivedAt: 1_700_000_100_000, text: '' },
    ];
    expect(decodeHitBlock(encodeHitBlock(hits))).toEqual(hits);
    expect(() => encodeHitBlock([])).toThrow(/1 to 256 hits/);
  });
});

describe.each(bothEngines('tagwell_compaction'))('compaction on $name', ({ name, open: openEngine }) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  }, 120_000);

  async function place() {
    const { databaseUrl, drop } = await openEngine();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-compaction-'));
    cleanups.push(drop, async () => rmSync(dataDir, { recursive: true, force: true }));
    const storage = async () => {
      const s = await openStorage({ dataDir, databaseUrl });
      cleanups.unshift(() => s.close());
      return s;
    };
    const probe = () => {
      const engine = databaseUrl ? openPostgres(databaseUrl, { connections: 1, timeoutMs: 30_000 }, () => undefined) : openSqlite(dataDir, { threads: 1, timeoutMs: 30_000 }, () => undefined);
      cleanups.unshift(() => engine.close());
      return engine;
    };
    return { storage, probe };
  }

  let storage: Storage;
  let probe: Engine;
  let stored: StoredHit[];
  let before: unknown[];
  beforeAll(async () => {
    const p = await place();
    storage = await p.storage();
    stored = await storage.insertHits(arrivals(3000, 61));
    probe = p.probe();
    before = await everyRead(storage, stored.map((hit) => hit.id));
  }, 300_000);

  it('packs the hits of the days over an hour ago, and every read gives back what it gave before', async () => {
    const past = stored.filter((hit) => !today(Date.parse(hit.receivedAt)));
    const recordBytes = async () => Number((await sql<{ n: number }>`select sum(length(record)) as n from hits`.execute(probe.db)).rows[0]!.n);
    const rowBytes = await recordBytes();

    const result = await storage.compactHits(new Date(NOW));
    expect(result.hits).toBe(past.length);
    expect(await tablesOf(probe)).toEqual({ hits: stored.length - past.length, blocked: past.length });
    expect(await everyRead(storage, stored.map((hit) => hit.id))).toEqual(before);

    // A block per source and day, 256 hits at most, each a fraction of the records it replaces.
    const blocks = await probe.db.selectFrom('hit_blocks').selectAll().execute();
    expect(Math.max(...blocks.map((b) => b.hits))).toBe(256);
    const blockBytes = blocks.reduce((n, b) => n + b.record.length, 0);
    const packedRecordBytes = rowBytes - (await recordBytes());
    expect(blockBytes).toBeLessThan(packedRecordBytes * 0.5);

    // Done: a second run finds nothing, and reads stay the same.
    expect(await storage.compactHits(new Date(NOW))).toEqual({ hits: 0, blocks: 0 });
    expect(await everyRead(storage, stored.map((hit) => hit.id))).toEqual(before);
  }, 300_000);

  if (name === 'PostgreSQL') {
    it("empties a packed day's partition, its indexes included", async () => {
      const { rows } = await sql<{ name: string; bytes: number }>`
        select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'hits'::regclass and c.relname between 'hits_20261115' and 'hits_20261119'`.execute(probe.db);
      expect(rows.map((r) => r.name).sort()).toEqual(['hits_20261115', 'hits_20261116', 'hits_20261117', 'hits_20261118', 'hits_20261119']);
      // No page of rows left: the metapages of its two indexes and of its TOAST table's index.
      for (const row of rows) expect(Number(row.bytes)).toBeLessThanOrEqual(3 * 8192);
    });
  }

  if (name === 'SQLite') {
    it('gives the freed pages back to the disk; a PRAGMA through the writer runs to its end', async () => {
      const pragma = async (text: string) => Object.values((await sql.raw(`pragma ${text}`).execute(probe.db)).rows[0] ?? {})[0];
      expect(await pragma('auto_vacuum')).toBe(2);
      expect(await pragma('freelist_count')).toBe(0);
      // incremental_vacuum frees a page a step: the writer takes every step.
      const p = await place();
      const other = await p.storage();
      const engine = p.probe();
      await other.insertHits(arrivals(2000, 63));
      await engine.db.deleteFrom('hits').execute();
      const free = Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(engine.db)).rows[0]!.freelist_count);
      expect(free).toBeGreaterThan(10);
      await sql`pragma incremental_vacuum(5)`.execute(engine.db);
      expect(Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(engine.db)).rows[0]!.freelist_count)).toBe(free - 5);
    }, 120_000);
  }

  it('keeps a late hit of a packed day readable, and packs it once its day is the oldest', async () => {
    const [late] = await storage.insertHits([{ ...arrivals(1, 62, '2026-11-16', 1)[0]! }]);
    const newest = await storage.latestHits({ limit: 3 });
    expect(newest[0]).toEqual(late);
    await storage.compactHits(new Date(NOW));
    expect(await storage.latestHits({ limit: 3 })).toEqual(newest);
    // PostgreSQL packs it from its day's partition; SQLite walks ids in arrival order and stops at today's first hit.
    expect((await tablesOf(probe)).hits).toBe(stored.filter((hit) => today(Date.parse(hit.receivedAt))).length + (name === 'SQLite' ? 1 : 0));
  }, 120_000);

  it('retention deletes the blocks of whole expired days and counts their hits', async () => {
    const all = await storage.latestHits({ limit: 5000 });
    const expired = all.filter((hit) => hit.receivedAt < '2026-11-17');
    const result = await storage.deleteExpired(new Date('2026-11-17T06:00:00.000Z'));
    // SQLite's late hit is still a row, behind today's in arrival order: it goes once they have gone.
    expect(result.hits).toBe(expired.length - (name === 'SQLite' ? 1 : 0));
    expect(await storage.latestHits({ limit: 5000 })).toEqual(all.filter((hit) => hit.receivedAt >= '2026-11-17' || (name === 'SQLite' && hit.id === all[0]!.id)));
  }, 120_000);

  // SQLite is one server per file; PostgreSQL's servers take turns (the compaction lock).
  it(`loses and doubles no hit while hits arrive${name === 'PostgreSQL' ? ' and two servers compact at once' : ''}`, async () => {
    const p = await place();
    const a = await p.storage();
    const b = name === 'PostgreSQL' ? await p.storage() : a;
    const first = await a.insertHits(arrivals(6000, 71, '2026-11-12', 9));
    const more = arrivals(1200, 72, '2026-11-20', 1).map((hit) => ({ ...hit, receivedAt: new Date(NOW - 1000).toISOString() }));
    const writing = (async () => {
      const out: StoredHit[] = [];
      for (let i = 0; i < more.length; i += 40) out.push(...(await a.insertHits(more.slice(i, i + 40))));
      return out;
    })();
    const [ra, rb, late] = await Promise.all([a.compactHits(new Date(NOW)), name === 'PostgreSQL' ? b.compactHits(new Date(NOW)) : { hits: 0 }, writing]);
    expect(ra.hits + rb.hits).toBe(first.filter((hit) => !today(Date.parse(hit.receivedAt))).length);
    const all = await a.latestHits({ limit: 10_000 });
    expect(all.map((hit) => hit.id)).toEqual([...first, ...late].map((hit) => hit.id).sort((x, y) => y - x));
    expect(all).toEqual([...first, ...late].sort((x, y) => y.id - x.id));
  }, 300_000);
});
