/**
 * Column spellings that differ by engine, for migrations.
 */
import type { ColumnDefinitionBuilder } from 'kysely';
import type { EngineKind } from '../engine';

/** An autoincrement primary key. SQLite's AUTOINCREMENT never reuses an id, even after deletes. */
export function idColumn(kind: EngineKind): ['integer' | 'bigint', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return kind === 'sqlite'
    ? ['integer', (c) => c.primaryKey().autoIncrement()]
    : ['bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity()];
}

/** The type of a column that refers to an id. */
export function idRef(kind: EngineKind): 'integer' | 'bigint' {
  return kind === 'sqlite' ? 'integer' : 'bigint';
}
