/**
 * The embedded engine: one better-sqlite3 file, `<dataDir>/tagwell.sqlite`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Engine } from '../engine';
import type { Database } from '../tables';

export function openSqlite(dataDir: string, log: (msg: string) => void): Engine {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tagwell.sqlite');
  const database = new SqliteDatabase(file);
  const mode = database.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') log(`storage: SQLite could not switch ${file} to WAL (journal_mode=${String(mode)})`);
  // Durability: "never lose an acknowledged hit". In WAL mode, synchronous=NORMAL survives a
  // killed process (the WAL is in the OS cache) but not a power cut; FULL fsyncs the WAL at every
  // commit, so an answered hit survives both. The collector's group commit pays one fsync per
  // batch, not per hit, which keeps FULL affordable.
  database.pragma('synchronous = FULL');
  // Another process (a second server, the admin CLI) may hold the write lock briefly: wait, don't fail.
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  log(`storage: SQLite ${file} (WAL, synchronous=FULL)`);
  return {
    kind: 'sqlite',
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    contains: (haystack, needle) => sql`instr(${haystack}, ${needle}) > 0`,
    // `->>` with a plain label reads `$.label` and returns SQL text (SQLite 3.38+).
    jsonText: (column, key) => sql`(${sql.ref(column)} ->> ${sql.lit(key)})`,
  };
}
