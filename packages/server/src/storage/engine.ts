/**
 * What the queries need to know about the engine under them: the kysely instances and the few
 * SQL spellings that differ between SQLite and PostgreSQL.
 */
import type { CompiledQuery, Expression, Kysely, QueryResult, RawBuilder, SqlBool } from 'kysely';
import type { Database } from './tables';

export type EngineKind = 'sqlite' | 'postgres';

export interface Engine {
  kind: EngineKind;
  /** Writes, transactions, and the small reads of the admin side (users, sessions, versions). */
  db: Kysely<Database>;
  /**
   * Reads that may be long (reports, the beacon API): their own connections, with a statement
   * timeout (StorageTimeoutError), so they never hold up a write. SQLite: read-only connections in
   * worker threads; PostgreSQL: a second pool. They see every transaction committed before they start.
   */
  read: Kysely<Database>;
  /**
   * Runs the statements as one transaction: all commit or none. SQLite sends them to the writer
   * thread in one message; PostgreSQL runs them on one client between BEGIN and COMMIT (one
   * statement needs no BEGIN: it is a transaction by itself).
   */
  transact(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]>;
  /** True when `needle` occurs in `haystack`, case-sensitively (SQLite's LIKE is not). */
  contains(haystack: Expression<string | null>, needle: string): RawBuilder<SqlBool>;
  /**
   * A top-level string value of a JSON text column, or null. The key is inlined, not bound:
   * PostgreSQL matches a GROUP BY to its SELECT only when both read the same SQL text. Keys are
   * names from our code (`eVar20`), never input.
   */
  jsonText(column: 'variables' | 'context_data', key: string): RawBuilder<string | null>;
  /**
   * What an insert binds for a hit row's `record`, from the record's text (hit-record.ts). SQLite's
   * writer thread compresses the text itself (a SQL function, `hitRecordInsert`), so a group commit's
   * records cost the event loop nothing; PostgreSQL binds the bytes made here.
   */
  hitRecordValue(text: string): string | Uint8Array;
  /** The `record` of an insert, from its bound value (hitRecordValue): the value, or the database's function of it. */
  hitRecordInsert(value: string | Uint8Array): Uint8Array | RawBuilder<Uint8Array>;
  /** Waits for the work queued and in flight, then releases the files or the pools. */
  close(): Promise<void>;
}
