/**
 * Smaller first visits (issue 18 item 2, bytes per hit): `first_visits` (storage/first-visits.ts)
 * keeps its three times as milliseconds since 1970 instead of ISO text (8 bytes at most, not 24),
 * and on SQLite in its primary key's b-tree (WITHOUT ROWID: no second copy of the key). One row
 * per visitor, so at a national site's volume it is a large table. Every row is copied as it was.
 */
import { sql } from 'kysely';
import type { Migration } from './index';

export const compactFirstVisits: Migration = {
  name: '010_compact_first_visits',
  async up(db, kind) {
    const time = kind === 'sqlite' ? 'integer' : 'bigint';
    await sql
      .raw(
        `create table first_visits_compact (
           key text primary key, first_seen ${time} not null, new_until ${time} not null, last_seen ${time} not null
         )${kind === 'sqlite' ? ' without rowid' : ''}`,
      )
      .execute(db);
    // ISO 8601 UTC with milliseconds (text.ts isoTime) to milliseconds, exactly, in the database. A
    // database that ran 006 with this server's code already holds milliseconds (as text): kept.
    const ms = (column: string) =>
      kind === 'sqlite'
        ? `case when ${column} like '%T%' then strftime('%s', ${column}) * 1000 + cast(substr(${column}, 21, 3) as integer) else cast(${column} as integer) end`
        : `case when ${column} like '%T%' then (extract(epoch from ${column}::timestamptz) * 1000)::bigint else ${column}::bigint end`;
    await sql
      .raw(`insert into first_visits_compact select key, ${ms('first_seen')}, ${ms('new_until')}, ${ms('last_seen')} from first_visits`)
      .execute(db);
    await db.schema.dropTable('first_visits').execute();
    await db.schema.alterTable('first_visits_compact').renameTo('first_visits').execute();
    // Retention forgets visitors by last_seen.
    await db.schema.createIndex('first_visits_last_seen').on('first_visits').column('last_seen').execute();
  },
};
