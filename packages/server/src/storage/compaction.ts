/**
 * Compaction (issue 18: under 200 bytes a hit, raw hits kept for drill-down): the hits of a UTC day
 * that ended over an hour ago move from `hits`, a row each, into `hit_blocks`, a row for up to
 * BLOCK_HITS hits of one source (hit-blocks.ts). The hourly job runs it after retention
 * (maintenance.ts); `Storage.compactHits` runs it at once.
 *
 * Never loses or doubles a hit: the rows of a chunk leave `hits` in the transaction that stores their
 * blocks, so at every commit each hit is in exactly one of the two (hits.ts latestHits reads both).
 * Never stops collection: chunks are read on the read connections, a chunk of CHUNK_HITS hits is one
 * short transaction of the writer's (its blocks in, its rows out), the event loop takes
 * the hits waiting between two blocks of it (a few milliseconds of work each), and a pause between
 * chunks lets the hits queued meanwhile go first.
 *
 * SQLite walks the hits by id, oldest first, up to the first of a day not yet over (arrival order is
 * time order, as for retention). PostgreSQL walks each past day's partition, then TRUNCATEs it: its
 * table and indexes go back to nothing at once, where deleted rows would leave the indexes their
 * size. Servers on one database take turns: the job runs under an advisory lock, and a server that
 * finds it taken skips its turn.
 */
import { sql } from 'kysely';
import type { Engine } from './engine';
import { BLOCK_HITS, encodeHitBlock } from './hit-blocks';
import { hitRecordTextOf } from './hit-record';
import { always, pause, type JobControl } from './job-control';
import { listHitPartitions } from './partitions';
import type { CompactionResult } from './types';

/** Hits a transaction moves. */
export const CHUNK_HITS = 2048;
const DAY_MS = 86_400_000;
/** A day is packed once it has been over this long: a hit timed just before midnight may commit after it. */
const GRACE_MS = 60 * 60 * 1000;
/** Any fixed number, other than the migration, start-up and partition locks. */
const COMPACTION_LOCK = 7_265_004;
/** SQLite: pages given back to the disk a transaction (4 KB each): a couple of milliseconds of the writer. */
const RELEASE_PAGES = 128;
/** PostgreSQL's TRUNCATE waits at most this long for the day's lock, then tries again next time. */
const TRUNCATE_LOCK_TIMEOUT = '1s';

interface HitRow {
  id: number;
  received_at: number;
  source: number;
  record: Uint8Array;
}

/** Hits received before this are packed: the start of the last UTC day that ended GRACE_MS before `now`. */
export function compactionCutoff(now: number): number {
  return Math.floor((now - GRACE_MS) / DAY_MS) * DAY_MS;
}

export async function compactHits(engine: Engine, now: number, control: JobControl = always): Promise<CompactionResult> {
  const cutoff = compactionCutoff(now);
  if (engine.kind === 'sqlite') return compactOldest(engine, cutoff, control);
  return (await whileLocked(engine, () => compactDays(engine, cutoff, control))) ?? { hits: 0, blocks: 0 };
}

async function compactOldest(engine: Engine, cutoff: number, control: JobControl): Promise<CompactionResult> {
  const result: CompactionResult = { hits: 0, blocks: 0 };
  while (control.running()) {
    const rows = (await engine.read.selectFrom('hits').select(['id', 'received_at', 'source', 'record']).orderBy('id').limit(CHUNK_HITS).execute()).map(numbers);
    const stop = rows.findIndex((row) => row.received_at >= cutoff);
    const chunk = stop === -1 ? rows : rows.slice(0, stop);
    if (chunk.length) add(result, await moveToBlocks(engine, chunk));
    if (stop !== -1 || rows.length < CHUNK_HITS) break;
    await pause();
  }
  if (result.hits) await releaseFreePages(engine, control);
  return result;
}

/** SQLite with auto_vacuum=INCREMENTAL (every file made since migration 013): the freed pages go back to the disk, half a megabyte a transaction. */
async function releaseFreePages(engine: Engine, control: JobControl): Promise<void> {
  const mode = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(engine.db);
  if (Number(mode.rows[0]?.auto_vacuum) !== 2) return;
  while (control.running()) {
    const free = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(engine.db);
    if (Number(free.rows[0]?.freelist_count ?? 0) === 0) return;
    await sql`pragma incremental_vacuum(${sql.lit(RELEASE_PAGES)})`.execute(engine.db);
    await pause();
  }
}

async function compactDays(engine: Engine, cutoff: number, control: JobControl): Promise<CompactionResult> {
  const result: CompactionResult = { hits: 0, blocks: 0 };
  for (const day of await listHitPartitions(engine.db)) {
    if (day.to > cutoff || !control.running()) break;
    let after = 0;
    let moved = 0;
    while (control.running()) {
      const rows = (
        await engine.read
          .selectFrom('hits')
          .select(['id', 'received_at', 'source', 'record'])
          .where('received_at', '>=', day.from)
          .where('received_at', '<', day.to)
          .where('id', '>', after)
          .orderBy('id')
          .limit(CHUNK_HITS)
          .execute()
      ).map(numbers);
      if (rows.length) {
        add(result, await moveToBlocks(engine, rows));
        moved += rows.length;
        after = rows.at(-1)!.id;
      }
      if (rows.length < CHUNK_HITS) break;
      await pause();
    }
    if (control.running() && (moved > 0 || (await hasPages(engine, day.name)))) await truncateIfEmpty(engine, day.name);
  }
  return result;
}

/** One transaction: the chunk's blocks in, its rows out. */
async function moveToBlocks(engine: Engine, rows: readonly HitRow[]): Promise<CompactionResult> {
  // A block per run of one source's hits of one day, in id order, BLOCK_HITS at most.
  const open = new Map<string, HitRow[]>();
  const blocks: HitRow[][] = [];
  for (const row of rows) {
    const key = `${row.source}:${dayOf(row.received_at)}`;
    let block = open.get(key);
    if (!block || block.length === BLOCK_HITS) {
      open.set(key, (block = []));
      blocks.push(block);
    }
    block.push(row);
  }
  const values = [];
  for (const block of blocks) {
    // A block is a few milliseconds of work; the event loop takes the hits waiting between two.
    await yieldToHits();
    values.push({
      source: block[0]!.source,
      day: dayOf(block[0]!.received_at),
      first_id: block[0]!.id,
      last_id: block.at(-1)!.id,
      hits: block.length,
      record: encodeHitBlock(block.map((row) => ({ id: row.id, receivedAt: row.received_at, text: hitRecordTextOf(row.record) }))),
    });
  }
  let remove = engine.db.deleteFrom('hits').where(
    'id',
    'in',
    rows.map((row) => row.id),
  );
  // PostgreSQL: only the partitions of the chunk's days.
  if (engine.kind === 'postgres') {
    const times = rows.map((row) => row.received_at);
    remove = remove.where('received_at', '>=', Math.min(...times)).where('received_at', '<=', Math.max(...times));
  }
  await engine.transact([engine.db.insertInto('hit_blocks').values(values).compile(), remove.compile()]);
  return { hits: rows.length, blocks: values.length };
}

const yieldToHits = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `work` holding the compaction lock on one connection, or not at all when another server holds it. */
async function whileLocked<T>(engine: Engine, work: () => Promise<T>): Promise<T | undefined> {
  return engine.db.connection().execute(async (db) => {
    const taken = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${sql.lit(COMPACTION_LOCK)}) as locked`.execute(db);
    if (!taken.rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(COMPACTION_LOCK)})`.execute(db);
    }
  });
}

async function hasPages(engine: Engine, partition: string): Promise<boolean> {
  const { rows } = await sql<{ bytes: number | string }>`select pg_relation_size(${partition}) as bytes`.execute(engine.db);
  return Number(rows[0]!.bytes) > 0;
}

/**
 * Empties a packed day's partition, files and indexes, unless a late hit arrived since (it is packed
 * next time). The lock is the partition's alone: inserts into other days go on.
 */
async function truncateIfEmpty(engine: Engine, partition: string): Promise<void> {
  try {
    await engine.db.transaction().execute(async (trx) => {
      await sql.raw(`set local lock_timeout = '${TRUNCATE_LOCK_TIMEOUT}'`).execute(trx);
      await sql.raw(`lock table ${partition} in access exclusive mode`).execute(trx);
      const left = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(partition)}) as any`.execute(trx);
      if (!left.rows[0]!.any) await sql.raw(`truncate ${partition}`).execute(trx);
    });
  } catch (error) {
    // 55P03 lock_not_available: a read held the day; its rows are already packed, its pages go next time.
    if ((error as { code?: string }).code !== '55P03') throw error;
  }
}

function numbers(row: HitRow): HitRow {
  return { id: Number(row.id), received_at: Number(row.received_at), source: Number(row.source), record: row.record };
}

const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

function add(total: CompactionResult, part: CompactionResult): void {
  total.hits += part.hits;
  total.blocks += part.blocks;
}
