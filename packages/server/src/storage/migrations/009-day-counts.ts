/**
 * Page counts per day (issue 18 item 1): the dimensions with a value per page (`page`,
 * `feedback_yes`, `feedback_no`) move from `hit_counts`, one row per hour, to `day_counts`, one
 * row per UTC day (storage/aggregates.ts). Filled from the hourly rows, which hold every hit ever
 * counted (the raw hits may be past retention), then those rows are deleted.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { DAY_DIMENSIONS, dayCountRow, dayCountUpsert } from '../day-counts';
import type { Database } from '../tables';
import type { Migration } from './index';

const ROWS_PER_STATEMENT = 1000;

export const dayCounts: Migration = {
  name: '009_day_counts',
  async up(db, kind, log) {
    // The primary key serves the reports (one dimension over a range of days), so no other index;
    // SQLite keeps the rows in that key's b-tree itself (WITHOUT ROWID), PostgreSQL beside it.
    await sql
      .raw(
        `create table day_counts (
           dimension text not null, day text not null, key text not null, host text not null,
           report_suites text not null, value text not null, has_value integer not null,
           hits ${kind === 'sqlite' ? 'integer' : 'bigint'} not null,
           primary key (dimension, day, key)
         )${kind === 'sqlite' ? ' without rowid' : ''}`,
      )
      .execute(db);
    const rolled = await rollUp(db as Kysely<Database>);
    if (rolled) log(`storage: page counts rolled up into ${rolled.toLocaleString('en-GB')} rows a day`);
  },
};

/** One day at a time, so memory stays that of one day's pages whatever the history. */
async function rollUp(db: Kysely<Database>): Promise<number> {
  const day = sql<string>`substr(hour, 1, 10)`;
  const days = await db.selectFrom('hit_counts').select(day.as('day')).distinct().where('dimension', 'in', DAY_DIMENSIONS).execute();
  let total = 0;
  for (const { day: d } of days.sort((a, b) => (a.day < b.day ? -1 : 1))) {
    const rows = await db
      .selectFrom('hit_counts')
      .select((eb) => ['dimension', 'host', 'report_suites', 'value', 'has_value', eb.fn.sum<number | string>('hits').as('hits')])
      .where('dimension', 'in', DAY_DIMENSIONS)
      .where('hour', '>=', `${d}T00`)
      .where('hour', '<=', `${d}T23`)
      .groupBy(['dimension', 'host', 'report_suites', 'has_value', 'value'])
      .execute();
    const stored = rows.map((row) => dayCountRow({ ...row, day: d, has_value: Number(row.has_value), hits: Number(row.hits) }));
    for (let i = 0; i < stored.length; i += ROWS_PER_STATEMENT) await dayCountUpsert(db, stored.slice(i, i + ROWS_PER_STATEMENT)).execute();
    total += stored.length;
  }
  await db.deleteFrom('hit_counts').where('dimension', 'in', DAY_DIMENSIONS).execute();
  return total;
}
