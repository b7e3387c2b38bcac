/**
 * Aggregates for the reports (issue 18): counts per hour and dimension, visitor sketches per day
 * (storage/aggregates.ts), counted here for the hits already stored. From then on every insert of
 * hits adds to them in its own transaction.
 */
import { sql } from 'kysely';
import { aggregateStoredHits, compactStoredHits, hitsBefore005 } from '../aggregates';
import { REGISTERS } from '../hll';
import type { Migration } from './index';

export const aggregates: Migration = {
  name: '004_aggregates',
  async up(db, kind, log) {
    const count = kind === 'sqlite' ? 'integer' : 'bigint';
    await db.schema
      .createTable('hit_counts')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('report_suites', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('has_value', 'integer', (c) => c.notNull())
      .addColumn('hits', count, (c) => c.notNull())
      .execute();
    // Reports read one dimension over a range of hours.
    await db.schema.createIndex('hit_counts_dimension_hour').on('hit_counts').columns(['dimension', 'hour']).execute();

    await db.schema
      .createTable('visitor_sketches')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('report_suites', 'text', (c) => c.notNull())
      .addColumn('registers', kind === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('visitor_sketches_day').on('visitor_sketches').column('day').execute();

    // SQLite: the writer thread defines tagwell_hll_add on its connection (engines/sqlite-worker.mjs).
    // PostgreSQL: the same function in PL/pgSQL. An update is 3 bytes a register: index (uint16,
    // big-endian) and rank; each register keeps the larger rank.
    if (kind === 'postgres') {
      await sql
        .raw(
          `create or replace function tagwell_hll_add(sketch bytea, updates bytea) returns bytea
           language plpgsql immutable parallel safe as $$
           declare
             result bytea := coalesce(sketch, decode(repeat('00', ${REGISTERS}), 'hex'));
             i integer := 0;
             n integer := length(updates);
             slot integer;
             new_rank integer;
           begin
             while i + 2 < n loop
               slot := get_byte(updates, i) * 256 + get_byte(updates, i + 1);
               new_rank := get_byte(updates, i + 2);
               if get_byte(result, slot) < new_rank then
                 result := set_byte(result, slot, new_rank);
               end if;
               i := i + 3;
             end loop;
             return result;
           end
           $$`,
        )
        .execute(db);
    }

    // Run again on a database whose hits 005 already made compact (the tables dropped to count anew), it reads that layout.
    const compact = await db.selectFrom('tagwell_migrations').select('name').where('name', '=', '005_compact_hits').executeTakeFirst();
    // The layout of its time (pages per hour in hit_counts): migration 009 rolls those up per day.
    const counted = await aggregateStoredHits(db, log, { counts: true, dayCounts: false, daySketches: true, visitorDimensions: false }, compact ? compactStoredHits : hitsBefore005);
    if (counted) log(`storage: aggregates counted for the ${counted.toLocaleString('en-GB')} hits already stored`);
  },
};
