/**
 * The embedded engine: one better-sqlite3 file, `<dataDir>/tagwell.sqlite`, used from worker
 * threads (sqlite-threads.ts): a writer thread for every write, and read-only threads for reads
 * that may be long. Nothing waits for SQLite on the server's event loop.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import type { Engine } from '../engine';
import type { Database } from '../tables';
import { ReaderDriver, ThreadDialect, WriterDriver, type ReaderOptions } from './sqlite-threads';

export function openSqlite(dataDir: string, reads: ReaderOptions, log: (msg: string) => void): Engine {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tagwell.sqlite');
  const writer = new WriterDriver(file, log);
  // Readers start on the first read, after the writer has created the file and migrated it.
  const reader = new ReaderDriver(file, reads, log);
  log(`storage: SQLite ${file} (WAL, synchronous=FULL; a writer thread, up to ${reads.threads} reader threads)`);
  const db = new Kysely<Database>({ dialect: new ThreadDialect(writer) });
  const read = new Kysely<Database>({ dialect: new ThreadDialect(reader) });
  return {
    kind: 'sqlite',
    db,
    read,
    transact: (queries) => writer.transact(queries),
    contains: (haystack, needle) => sql`instr(${haystack}, ${needle}) > 0`,
    // `->>` with a plain label reads `$.label` and returns SQL text (SQLite 3.38+).
    jsonText: (column, key) => sql`(${sql.ref(column)} ->> ${sql.lit(key)})`,
    hitRecordValue: (text) => text,
    // Registered on the writer's connection from RECORD_CODEC (sqlite-worker.mjs).
    hitRecordInsert: (value) => sql<Uint8Array>`tagwell_hit_record(${value})`,
    // The drivers themselves: kysely's destroy skips a driver it never used.
    async close() {
      await reader.destroy();
      await writer.destroy();
      await Promise.all([read.destroy(), db.destroy()]);
    },
  };
}
