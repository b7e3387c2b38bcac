/**
 * `day_counts` (issue 18 item 1): the dimensions with a value per page counted per UTC day, not
 * per hour (storage/aggregates.ts adds to them with the hits; migration 009 made them). Also the
 * stored keys every aggregate table uses.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DayCountsTable } from './tables';

/** The dimensions counted per day in `day_counts` rather than per hour in `hit_counts`. */
export const DAY_DIMENSIONS = ['page', 'feedback_yes', 'feedback_no'] as const;
export type DayDimension = (typeof DAY_DIMENSIONS)[number];
export const isDayDimension = (dimension: string): dimension is DayDimension => (DAY_DIMENSIONS as readonly string[]).includes(dimension);

const KEYS_KEPT = 10_000;
const keys = new Map<string, string>();

/**
 * A fixed-length key for any length of value (a PostgreSQL index entry must stay under ~2.7 KB).
 * Remembered: every group commit keys its aggregate rows, and the same hours, pages and events
 * come again and again (the digest was an eighth of a one-hit batch's time on the event loop).
 */
export function keyOf(parts: readonly unknown[]): string {
  const text = JSON.stringify(parts);
  let key = keys.get(text);
  if (key === undefined) {
    key = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(text, key);
  }
  return key;
}

export const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export type DayCountRow = Omit<DayCountsTable, 'key'>;

/** A `day_counts` row with its stored key. */
export function dayCountRow(row: DayCountRow): DayCountsTable {
  return { ...row, key: keyOf([row.dimension, row.day, row.host, row.report_suites, row.has_value ? row.value : null]) };
}

/** Adds rows to `day_counts` (conflict on its primary key). */
export function dayCountUpsert(db: Kysely<Database>, rows: DayCountsTable[]) {
  return db
    .insertInto('day_counts')
    .values(rows)
    .onConflict((oc) => oc.columns(['dimension', 'day', 'key']).doUpdateSet((eb) => ({ hits: eb('day_counts.hits', '+', eb.ref('excluded.hits')) })));
}
