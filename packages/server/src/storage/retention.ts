/**
 * Retention (data minimisation for health data): raw and rejected hits older than the retention
 * period are deleted; the aggregates stay. Deletes go in small batches, each its own short
 * transaction, with a pause between them, so the writer takes the hits that queue meanwhile first:
 * collection waits at most for one batch.
 *
 * PostgreSQL keeps hits in one partition per UTC day (partitions.ts): a day whose every hour is past
 * the cutoff is detached concurrently and dropped, no row deleted one by one. Hits of the day the
 * cutoff falls in stay until that day is wholly past it, so at most one day more than configured.
 */
import { sql } from 'kysely';
import type { Engine } from './engine';
import { deleteForgottenVisitors } from './first-visits';
import { always, pause, type JobControl } from './job-control';
import { forgetHitPartition, listHitPartitions } from './partitions';
import type { RetentionResult } from './types';

/** Rows a batch deletes. */
export const RETENTION_BATCH = 1000;

/** Deletes raw and rejected hits received before `before`, RETENTION_BATCH rows at a time. */
export async function deleteExpired(engine: Engine, before: Date, control: JobControl = always): Promise<RetentionResult> {
  const result: RetentionResult = { hits: 0, rejected: 0 };
  result.hits = engine.kind === 'postgres' ? await dropExpiredDays(engine, before, control) : await deleteExpiredHits(engine, before, control);
  result.hits += await deleteExpiredBlocks(engine, before, control);
  const cutoff = before.toISOString();
  while (control.running()) {
    const deleted = await engine.db
      .deleteFrom('rejected_hits')
      .where('id', 'in', (eb) => eb.selectFrom('rejected_hits').select('id').where('received_at', '<', cutoff).orderBy('id').limit(RETENTION_BATCH))
      .executeTakeFirst();
    const n = Number(deleted.numDeletedRows);
    result.rejected += n;
    if (n < RETENTION_BATCH) break;
    await pause();
  }
  // New versus repeat: visitors not seen for the retention period are forgotten (first-visits.ts).
  await deleteForgottenVisitors(engine, cutoff, RETENTION_BATCH, control.running);
  return result;
}

/**
 * SQLite: the oldest hits by arrival (id, the table's own key: no index on received_at to keep,
 * 17 bytes a hit), up to the first one not yet expired. The collector times a hit when it arrives,
 * so arrival order is time order; a hit timed before hits stored ahead of it (a clock set back)
 * goes once they have gone.
 */
async function deleteExpiredHits(engine: Engine, before: Date, control: JobControl): Promise<number> {
  const cutoff = before.getTime();
  let total = 0;
  while (control.running()) {
    const oldest = await engine.db.selectFrom('hits').select(['id', 'received_at']).orderBy('id').limit(RETENTION_BATCH).execute();
    const stop = oldest.findIndex((row) => Number(row.received_at) >= cutoff);
    const expired = (stop === -1 ? oldest : oldest.slice(0, stop)).map((row) => Number(row.id));
    if (expired.length) await engine.db.deleteFrom('hits').where('id', '>=', expired[0]!).where('id', '<=', expired.at(-1)!).execute();
    total += expired.length;
    if (expired.length < RETENTION_BATCH) break;
    await pause();
  }
  return total;
}

/**
 * The blocks of the days wholly past the cutoff (compaction.ts), RETENTION_BATCH blocks a
 * transaction: like PostgreSQL's partitions, a day's hits go once every hour of it is expired.
 */
async function deleteExpiredBlocks(engine: Engine, before: Date, control: JobControl): Promise<number> {
  const lastDay = Math.floor(before.getTime() / 86_400_000);
  const row = engine.kind === 'sqlite' ? sql.raw('rowid') : sql.raw('ctid');
  let total = 0;
  while (control.running()) {
    const { rows } = await sql<{ hits: number }>`
      delete from hit_blocks where ${row} in (select ${row} from hit_blocks where day < ${lastDay} limit ${RETENTION_BATCH})
      returning hits`.execute(engine.db);
    for (const block of rows) total += Number(block.hits);
    if (rows.length < RETENTION_BATCH) break;
    await pause();
  }
  return total;
}

/**
 * Detaches each expired day CONCURRENTLY (inserts into other days never wait for it), then drops it.
 * A day left half detached or detached by a crash between the two is finished on the next run.
 */
async function dropExpiredDays(engine: Engine, before: Date, control: JobControl): Promise<number> {
  let total = 0;
  const pending = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhdetachpending and i.inhparent = 'hits'::regclass`.execute(engine.db);
  for (const { name } of pending.rows) await sql.raw(`alter table hits detach partition ${name} finalize`).execute(engine.db);
  for (const name of await detachedDays(engine)) await sql.raw(`drop table if exists ${name}`).execute(engine.db);
  for (const day of await listHitPartitions(engine.db)) {
    if (day.to > before.getTime() || !control.running()) break;
    const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(day.name)}`.execute(engine.db);
    await sql.raw(`alter table hits detach partition ${day.name} concurrently`).execute(engine.db);
    await sql.raw(`drop table ${day.name}`).execute(engine.db);
    forgetHitPartition(engine, day.from);
    total += Number(count.rows[0]!.n);
  }
  return total;
}

/** Day tables no longer attached to `hits`: a run stopped between detach and drop. */
async function detachedDays(engine: Engine): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and c.relname ~ '^hits_[0-9]{8}$'
      and not exists (select 1 from pg_inherits i where i.inhrelid = c.oid)`.execute(engine.db);
  return rows.map((row) => row.name);
}
