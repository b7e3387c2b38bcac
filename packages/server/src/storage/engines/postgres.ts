/**
 * The shared engine: PostgreSQL through a `pg` pool, for several server processes on one database.
 */
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Engine } from '../engine';
import type { Database } from '../tables';

// Ids and count(*) are bigint; pg returns those as strings. Ours stay far below 2^53, and
// numbers keep the model the same on both engines. Set per pool, not globally, so other pg
// users in the process keep the default.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

export function openPostgres(databaseUrl: string, log: (msg: string) => void): Engine {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: 10,
    // An unreachable database must fail a write quickly (the collector answers 503), not hang it.
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its connection emits here; without a listener the process would crash.
  pool.on('error', (error) => log(`storage: PostgreSQL connection lost: ${error.message}`));
  log(`storage: PostgreSQL ${redact(databaseUrl)}`);
  return {
    kind: 'postgres',
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    contains: (haystack, needle) => sql`strpos(${haystack}, ${needle}) > 0`,
    jsonText: (column, key) => sql`(${sql.ref(column)}::json ->> ${sql.lit(key)})`,
  };
}

/** The URL without its password: logs never carry secrets. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
