/**
 * New and repeat visitors (issue 13 item 4; SPEC §9 "New-versus-repeat visitor window 30
 * minutes"; docs/OPERATING.md "New and repeat visitors"). A hit with a visitor id is **new** while
 * it belongs to the visitor's first visit: the first hit stored with that id in that report-suite
 * list, and every later hit that comes within 30 minutes of the previous new one (the rule of
 * AppMeasurement's getNewRepeat). Any other hit of the visitor is **repeat**.
 *
 * To know "first seen" the server keeps one row per visitor and report-suite list in
 * `first_visits`: a digest of the two (never the id itself), when the visitor was first and last
 * seen, and until when their hits still count as new. Retention deletes a row once the visitor has
 * not been seen for the retention period, when none of their raw hits is left either; a visitor who
 * returns after that is new again.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from './engine';
import type { Database, FirstVisitsTable } from './tables';

/** SPEC §9: new-versus-repeat visitor window. */
export const NEW_VISIT_WINDOW_MS = 30 * 60 * 1000;

/** Keys per read: far below both engines' parameter limits. */
const KEYS_PER_READ = 500;

/** The stored key of a visitor in a report-suite list: a digest, so the table never holds the id. */
export function firstVisitKey(reportSuites: string, visitorId: string): string {
  return createHash('sha256').update(JSON.stringify([reportSuites, visitorId])).digest('base64url').slice(0, 22);
}

export interface VisitorHit {
  key: string;
  /** received_at, ISO 8601 UTC with milliseconds. */
  at: string;
}

/** A visitor's first visit as classify reads it: times ISO 8601 like the hits' (stored as milliseconds). */
export interface FirstVisit {
  key: string;
  first_seen: string;
  new_until: string;
  last_seen: string;
}
type State = Omit<FirstVisit, 'key'>;

const isoOf = (ms: number | string) => new Date(Number(ms)).toISOString();

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** What is stored for these keys (a read of `first_visits`; absent keys were never seen). */
export async function loadFirstVisits(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, State>> {
  const known = new Map<string, State>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += KEYS_PER_READ) {
    const rows = await db.selectFrom('first_visits').selectAll().where('key', 'in', unique.slice(i, i + KEYS_PER_READ)).execute();
    for (const row of rows) known.set(row.key, { first_seen: isoOf(row.first_seen), new_until: isoOf(row.new_until), last_seen: isoOf(row.last_seen) });
  }
  return known;
}

/**
 * Whether each hit is new, in the order given, from what was stored before (`known`) and the
 * hits themselves taken in time order; and the rows to merge into `first_visits`.
 */
export function classify(hits: readonly VisitorHit[], known: ReadonlyMap<string, State>): { isNew: boolean[]; rows: FirstVisit[] } {
  const order = hits.map((_, i) => i).sort((a, b) => (hits[a]!.at < hits[b]!.at ? -1 : hits[a]!.at > hits[b]!.at ? 1 : a - b));
  const states = new Map<string, State>();
  const isNew = new Array<boolean>(hits.length).fill(false);
  for (const i of order) {
    const { key, at } = hits[i]!;
    const stored = states.get(key) ?? known.get(key);
    let state: State;
    if (!stored) {
      state = { first_seen: at, new_until: later(at, NEW_VISIT_WINDOW_MS), last_seen: at };
      isNew[i] = true;
    } else {
      state = { ...stored, last_seen: at > stored.last_seen ? at : stored.last_seen };
      // Earlier than the first hit seen (hits stored out of order) or within the window: the first visit.
      if (at < stored.first_seen || at <= stored.new_until) {
        isNew[i] = true;
        if (at < state.first_seen) state.first_seen = at;
        const until = later(at, NEW_VISIT_WINDOW_MS);
        if (until > state.new_until) state.new_until = until;
      }
    }
    states.set(key, state);
  }
  const rows = [...states].map(([key, state]) => ({ key, ...state })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { isNew, rows };
}

/** The rows of `first_visits` for these visits (times in milliseconds), in the order given (classify sorts them by key). */
export function firstVisitRows(visits: readonly FirstVisit[]): FirstVisitsTable[] {
  return visits.map((v) => ({ key: v.key, first_seen: Date.parse(v.first_seen), new_until: Date.parse(v.new_until), last_seen: Date.parse(v.last_seen) }));
}

/**
 * The upsert that merges rows into `first_visits`: the earliest first_seen, the latest new_until and
 * last_seen, so two servers storing hits of one visitor at once both leave the right row. Keys go in
 * sorted order (no deadlock between PostgreSQL writers).
 */
export function firstVisitUpsert(db: Kysely<Database>, rows: FirstVisitsTable[]) {
  const earlier = (column: 'first_seen') => sql<number>`case when excluded.${sql.raw(column)} < first_visits.${sql.raw(column)} then excluded.${sql.raw(column)} else first_visits.${sql.raw(column)} end`;
  const latest = (column: 'new_until' | 'last_seen') => sql<number>`case when excluded.${sql.raw(column)} > first_visits.${sql.raw(column)} then excluded.${sql.raw(column)} else first_visits.${sql.raw(column)} end`;
  return db
    .insertInto('first_visits')
    .values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet({ first_seen: earlier('first_seen'), new_until: latest('new_until'), last_seen: latest('last_seen') }));
}

/** Retention: forgets visitors last seen before `cutoff` (their raw hits are gone too); returns how many. */
export async function deleteForgottenVisitors(engine: Engine, cutoff: string, batch: number, running: () => boolean): Promise<number> {
  let total = 0;
  while (running()) {
    const deleted = await engine.db
      .deleteFrom('first_visits')
      .where('key', 'in', (eb) => eb.selectFrom('first_visits').select('key').where('last_seen', '<', Date.parse(cutoff)).limit(batch))
      .executeTakeFirst();
    const n = Number(deleted.numDeletedRows);
    total += n;
    if (n < batch) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return total;
}
