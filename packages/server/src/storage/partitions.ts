/**
 * PostgreSQL: `hits` is partitioned by UTC day on `received_at` (declarative range partitioning,
 * issue 18 item 4), one table per day named `hits_YYYYMMDD`, so retention drops a whole day
 * instead of deleting its rows one by one.
 *
 * Partitions are made ahead of time: at start and every hour, for yesterday to AHEAD_DAYS days from
 * now. A hit of a day with no partition (a clock far off, hits stored with an old time) makes its
 * partition on demand, before its insert. There is no default partition, so a day's partition can
 * be detached concurrently (PostgreSQL refuses that while a default partition exists).
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from './engine';

const DAY_MS = 86_400_000;
/** Days ahead of today that always have their partition. */
export const AHEAD_DAYS = 3;
/** How often the server makes the partitions ahead. */
const EVERY_MS = 60 * 60 * 1000;
/** Any fixed number, other than the migration and start-up locks: serialises partition DDL between servers. */
const PARTITION_LOCK = 7_265_003;

// Days known to have a partition, per engine: the common insert asks the database nothing.
const known = new WeakMap<Engine, Set<number>>();

/** The start of the UTC day that holds `ms`: what names its partition, without building the name (once a hit). */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The partition of the UTC day that holds `ms`, and its bounds. */
export function partitionOf(ms: number): { name: string; from: number; to: number } {
  const from = dayOf(ms);
  const day = new Date(from).toISOString().slice(0, 10).replaceAll('-', '');
  return { name: `hits_${day}`, from, to: from + DAY_MS };
}

/** The day partitions of `hits`, from their names, oldest first. */
export async function listHitPartitions(db: Kysely<any>): Promise<Array<{ name: string; from: number; to: number }>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'hits' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows
    .map((row) => /^hits_(\d{4})(\d{2})(\d{2})$/.exec(row.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => partitionOf(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00.000Z`)))
    .sort((a, b) => a.from - b.from);
}

/**
 * Makes the partitions of the days holding these times, in `db`'s transaction (the caller's). Takes
 * the partition lock first, so two servers never make the same partition at once.
 */
export async function createHitPartitions(db: Kysely<any>, times: Iterable<number>): Promise<number[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const days = [...new Set([...times].map(dayOf))].sort((a, b) => a - b);
  if (days.length === 0) return [];
  await sql`select pg_advisory_xact_lock(${sql.lit(PARTITION_LOCK)})`.execute(db);
  const existing = new Set((await listHitPartitions(db)).map((p) => p.from));
  for (const day of days) {
    if (existing.has(day)) continue;
    const { name, from, to } = partitionOf(day);
    // SHARE UPDATE EXCLUSIVE on the parent: inserts into other days go on meanwhile.
    await sql.raw(`create table ${name} partition of hits for values from (${from}) to (${to})`).execute(db);
  }
  return days;
}

/** Makes sure every day of these times has its partition; asks the database only about days it has not seen. */
export async function ensureHitPartitions(engine: Engine, times: readonly number[], options: { recheck?: boolean } = {}): Promise<void> {
  let seen = known.get(engine);
  if (!seen) known.set(engine, (seen = new Set()));
  if (options.recheck) seen.clear();
  const missing = new Set<number>();
  for (const ms of times) {
    const day = dayOf(ms);
    if (!seen.has(day)) missing.add(day);
  }
  if (missing.size === 0) return;
  const made = await engine.db.transaction().execute((trx) => createHitPartitions(trx, missing));
  for (const day of made) seen.add(day);
}

/** Forgets a dropped day, so a late hit of that day makes its partition again. */
export function forgetHitPartition(engine: Engine, from: number): void {
  known.get(engine)?.delete(from);
}

/** PostgreSQL's "no partition of relation found for row" (23514). */
export function isMissingPartition(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23514' && /no partition of relation/.test(e.message ?? '');
}

/** Yesterday to AHEAD_DAYS ahead, now and every hour, until stopped. */
export function schedulePartitions(engine: Engine, log: (msg: string) => void): { stop(): void; ready: Promise<void> } {
  const run = () => {
    const today = dayOf(Date.now());
    const days = Array.from({ length: AHEAD_DAYS + 2 }, (_, i) => today + (i - 1) * DAY_MS);
    return ensureHitPartitions(engine, days).catch((error: unknown) =>
      log(`storage: making the partitions ahead failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const ready = run();
  const timer = setInterval(() => void run(), EVERY_MS).unref();
  return { stop: () => clearInterval(timer), ready };
}
