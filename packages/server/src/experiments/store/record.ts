/**
 * Writes exposures and conversions into the experiment tables (migration 007), one transaction
 * per call. A visitor counts once per activity, in the first experience shown; a conversion counts
 * only for a visitor already exposed, and only from the time of the exposure (issue 14 item 3).
 */
import type { EnvironmentName } from '@tagwell/schema';
import type { CompiledQuery } from 'kysely';
import type { Engine } from '../../storage/engine';
import type { ExperimentTables } from './tables';
import { visitorKey } from './visitor-key';

/** Whose activity, and where: each property's and each environment's results apart. */
export interface Scope {
  /** The property whose activity it is (activity ids are unique within a property only). */
  property: string;
  /** Where it happened (default production). */
  environment?: EnvironmentName;
}

/** An exposure or conversion as a producer finds it, before its caller names the property and environment. */
export type Unscoped<T> = Omit<T, keyof Scope>;

/** A visitor shown an experience: a display notification, or a decision that counts as one. */
export interface Exposure extends Scope {
  activity: number;
  experience: number;
  visitorId: string;
  at: Date | string;
}

/** A goal reached by a visitor: a page view of the goal's path, a click, an analytics event. */
export interface Conversion extends Scope {
  activity: number;
  /** The goal's position in the activity's goals. */
  goal: number;
  visitorId: string;
  at: Date | string;
}

/** Rows a statement: well under SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 500;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const iso = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at).toISOString();

function tables(engine: Engine) {
  return engine.db.withTables<ExperimentTables>();
}

export async function recordExposures(engine: Engine, exposures: readonly Exposure[]): Promise<void> {
  if (!exposures.length) return;
  const db = tables(engine);
  const queries: CompiledQuery[] = [];
  // One order on every server, so concurrent batches take their row locks without deadlock; the
  // sort is stable, so a visitor's first exposure in the batch stays first.
  const sorted = exposures
    .map((e) => ({ property: e.property, environment: e.environment ?? 'production', activity: e.activity, visitor: visitorKey(e.visitorId), experience: e.experience, first_seen: iso(e.at) }))
    .sort((a, b) => compareText(a.property, b.property) || compareText(a.environment, b.environment) || a.activity - b.activity || compareText(a.visitor, b.visitor));
  for (let i = 0; i < sorted.length; i += ROWS_PER_INSERT) {
    const rows = sorted.slice(i, i + ROWS_PER_INSERT);
    // The first exposure wins: allocation is sticky, so a later one names the same experience.
    queries.push(db.insertInto('experiment_visitors').values(rows).onConflict((oc) => oc.columns(['property', 'environment', 'activity', 'visitor']).doNothing()).compile());
  }
  await engine.transact(queries);
}

export async function recordConversions(engine: Engine, conversions: readonly Conversion[]): Promise<void> {
  if (!conversions.length) return;
  const db = tables(engine);
  // As for exposures: one lock order on every server.
  const sorted = conversions
    .map((c) => ({ ...c, environment: c.environment ?? 'production', visitor: visitorKey(c.visitorId) }))
    .sort((a, b) => compareText(a.property, b.property) || compareText(a.environment, b.environment) || a.activity - b.activity || a.goal - b.goal || compareText(a.visitor, b.visitor));
  const queries = sorted.map((c) => {
    const at = iso(c.at);
    const visitor = c.visitor;
    // The visitor's experience comes from its exposure; no exposure before `at`, no row.
    const exposed = db
      .selectFrom('experiment_visitors')
      .select((eb) => ['property', 'environment', 'activity', eb.val(c.goal).as('goal'), 'visitor', 'experience', eb.val(1).as('events'), eb.val(at).as('first_converted')])
      .where('property', '=', c.property)
      .where('environment', '=', c.environment)
      .where('activity', '=', c.activity)
      .where('visitor', '=', visitor)
      .where('first_seen', '<=', at);
    return db
      .insertInto('experiment_conversions')
      .columns(['property', 'environment', 'activity', 'goal', 'visitor', 'experience', 'events', 'first_converted'])
      .expression(exposed)
      .onConflict((oc) => oc.columns(['property', 'environment', 'activity', 'goal', 'visitor']).doUpdateSet((eb) => ({ events: eb('experiment_conversions.events', '+', 1) })))
      .compile();
  });
  await engine.transact(queries);
}
