/**
 * Versioned migrations, run at open. All pending migrations apply in one transaction and are
 * recorded in `tagwell_migrations`, so a failure leaves the database as it was.
 *
 * Written here rather than with kysely's Migrator because that one runs SQLite migrations
 * outside a transaction; the lock below serialises servers that start together.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine, EngineKind } from '../engine';
import type { Database } from '../tables';
import { hits } from './001-hits';
import { admin } from './002-admin';
import { userAdmin } from './003-user-admin';
import { aggregates } from './004-aggregates';
import { compactHits } from './005-compact-hits';
import { visitorReports } from './006-visitor-reports';
import { experiments } from './007-experiments';
import { publicationNotes } from './008-publication-notes';
import { dayCounts } from './009-day-counts';
import { compactFirstVisits } from './010-compact-first-visits';
import { hitsWithoutTimeIndex } from './011-hits-without-time-index';
import { experimentsByProperty } from './012-experiments-by-property';
import { hitBlocks } from './013-hit-blocks';

export interface Migration {
  /** Sorts in order of application: `001_hits`, `002_admin`... Never renamed once released. */
  name: string;
  // Migrations see the schema as it was then, not today's table types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, kind: EngineKind, log: (msg: string) => void): Promise<void>;
}

export const migrations: readonly Migration[] = [hits, admin, userAdmin, aggregates, compactHits, visitorReports, experiments, publicationNotes, dayCounts, compactFirstVisits, hitsWithoutTimeIndex, experimentsByProperty, hitBlocks];

/** Any fixed number: it names Tagwell's migration lock among all advisory locks of the database. */
const MIGRATION_LOCK = 7_265_001;

/** Applies what is missing; returns the names it applied. */
export async function migrate(engine: Engine, log: (msg: string) => void): Promise<string[]> {
  return engine.db.connection().execute(async (db) => {
    // SQLite: IMMEDIATE takes the write lock now (waiting busy_timeout), so two processes never
    // both read "nothing applied" and then both create tables.
    await sql.raw(engine.kind === 'sqlite' ? 'begin immediate' : 'begin').execute(db);
    try {
      // PostgreSQL: transaction-scoped, so it is released by commit, rollback or a dropped connection.
      if (engine.kind === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(db);
      const applied = await applyPending(db, engine.kind, log);
      await sql`commit`.execute(db);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(db).catch(() => undefined);
      throw error;
    }
  });
}

async function applyPending(db: Kysely<Database>, kind: EngineKind, log: (msg: string) => void): Promise<string[]> {
  await db.schema
    .createTable('tagwell_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const done = new Set((await db.selectFrom('tagwell_migrations').select('name').execute()).map((r) => r.name));
  const known = new Set(migrations.map((m) => m.name));
  const unknown = [...done].filter((name) => !known.has(name));
  if (unknown.length) log(`storage: database has migrations this server does not know (${unknown.join(', ')}); a newer server ran here`);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await migration.up(db, kind, log);
    await db.insertInto('tagwell_migrations').values({ name: migration.name, applied_at: new Date().toISOString() }).execute();
    applied.push(migration.name);
  }
  if (applied.length) log(`storage: applied migrations ${applied.join(', ')}`);
  return applied;
}
