/**
 * Visitor reports (issue 13 item 4): visitor sketches per section and page, new and repeat
 * visitors (storage/aggregates.ts, storage/first-visits.ts), counted here from the hits already
 * stored, in the order they were stored. The day sketches of migration 004 stay as they are
 * (dimension `visitors`).
 */
import { sql } from 'kysely';
import { aggregateStoredHits, compactStoredHits } from '../aggregates';
import type { Migration } from './index';

export const visitorReports: Migration = {
  name: '006_visitor_reports',
  async up(db, kind, log) {
    await db.schema.alterTable('visitor_sketches').addColumn('dimension', 'text', (c) => c.notNull().defaultTo('visitors')).execute();
    await db.schema.alterTable('visitor_sketches').addColumn('value', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('visitor_sketches').addColumn('has_value', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // Reports read one dimension over a range of days.
    await db.schema.createIndex('visitor_sketches_dimension_day').on('visitor_sketches').columns(['dimension', 'day']).execute();

    await db.schema
      .createTable('first_visits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addColumn('new_until', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'text', (c) => c.notNull())
      .execute();
    // Retention forgets visitors by last_seen.
    await db.schema.createIndex('first_visits_last_seen').on('first_visits').column('last_seen').execute();

    // SQLite: the writer thread defines tagwell_hll_merge (engines/sqlite-worker.mjs). PostgreSQL:
    // the same in PL/pgSQL, as storage/hll.ts mergeStored: the union of a stored sketch and an
    // update or another stored sketch, sparse (3-byte entries: index uint16 big-endian, rank)
    // until that would be as large as dense.
    if (kind === 'postgres') {
      // The registers of a stored sketch that are not zero, from either form.
      await sql
        .raw(
          `create or replace function tagwell_hll_entries(b bytea, registers integer) returns table (slot integer, rank integer)
           language sql immutable parallel safe as $$
             select g, get_byte(b, g) from generate_series(0, registers - 1) as g
               where length(b) = registers and get_byte(b, g) > 0
             union all
             select get_byte(b, i) * 256 + get_byte(b, i + 1), get_byte(b, i + 2) from generate_series(0, length(b) - 3, 3) as i
               where length(b) <> registers
           $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create or replace function tagwell_hll_merge(sketch bytea, updates bytea, registers integer) returns bytea
           language plpgsql immutable parallel safe as $$
           declare
             result bytea;
             j integer := 0;
             m integer := length(updates);
             slot integer;
             entries integer;
           begin
             -- A dense sketch and a sparse update (the common case of a busy day): raise in place.
             if length(sketch) = registers and m <> registers then
               result := sketch;
               while j + 2 < m loop
                 slot := get_byte(updates, j) * 256 + get_byte(updates, j + 1);
                 if get_byte(result, slot) < get_byte(updates, j + 2) then
                   result := set_byte(result, slot, get_byte(updates, j + 2));
                 end if;
                 j := j + 3;
               end loop;
               return result;
             end if;
             -- Otherwise the entries of both, the larger rank of each register, as a set (linear,
             -- where set_byte in a loop would copy the whole value at every step).
             with e as (
               select x.slot, max(x.rank) as rank
               from (select * from tagwell_hll_entries(coalesce(sketch, ''::bytea), registers)
                     union all select * from tagwell_hll_entries(updates, registers)) as x
               group by x.slot
             )
             select count(*), coalesce(string_agg(substring(int4send(e.slot) from 3 for 2) || set_byte('\\x00'::bytea, 0, e.rank), ''::bytea order by e.slot), ''::bytea)
               into entries, result from e;
             if entries * 3 >= registers then
               select string_agg(set_byte('\\x00'::bytea, 0, coalesce(e.rank, 0)), ''::bytea order by g)
                 into result from generate_series(0, registers - 1) as g left join tagwell_hll_entries(result, registers) as e on e.slot = g;
             end if;
             return result;
           end
           $$`,
        )
        .execute(db);
    }

    const counted = await aggregateStoredHits(db, log, { counts: false, dayCounts: false, daySketches: false, visitorDimensions: true }, compactStoredHits);
    if (counted) log(`storage: visitor reports counted for the ${counted.toLocaleString('en-GB')} hits already stored`);
  },
};
