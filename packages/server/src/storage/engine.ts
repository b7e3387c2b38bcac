/**
 * What the queries need to know about the engine under them: the kysely instance and the few
 * SQL spellings that differ between SQLite and PostgreSQL.
 */
import type { Expression, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from './tables';

export type EngineKind = 'sqlite' | 'postgres';

export interface Engine {
  kind: EngineKind;
  db: Kysely<Database>;
  /** True when `needle` occurs in `haystack`, case-sensitively (SQLite's LIKE is not). */
  contains(haystack: Expression<string | null>, needle: string): RawBuilder<SqlBool>;
  /**
   * A top-level string value of a JSON text column, or null. The key is inlined, not bound:
   * PostgreSQL matches a GROUP BY to its SELECT only when both read the same SQL text. Keys are
   * names from our code (`eVar20`), never input.
   */
  jsonText(column: 'variables' | 'context_data', key: string): RawBuilder<string | null>;
}
