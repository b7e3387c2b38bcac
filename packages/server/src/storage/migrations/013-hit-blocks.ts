/**
 * Hit blocks (issue 18: under 200 bytes a hit): the hits of past days, packed by source and day
 * (storage/compaction.ts, storage/hit-blocks.ts). Nothing to convert: the compaction job moves the
 * hits of past days in on its first run.
 *
 * Keys: `(source, last_id)` finds a block and serves the newest blocks of one host or report suite;
 * `(last_id)` the newest of all; `(day)` retention. A block is about a kilobyte for 256 hits, so the
 * three cost a fraction of a byte a hit.
 */
import { sql } from 'kysely';
import type { Migration } from './index';

export const hitBlocks: Migration = {
  name: '013_hit_blocks',
  async up(db, kind) {
    const id = kind === 'sqlite' ? 'integer' : 'bigint';
    await sql
      .raw(
        `create table hit_blocks (
           source integer not null,
           day integer not null,
           first_id ${id} not null,
           last_id ${id} not null,
           hits integer not null,
           record ${kind === 'sqlite' ? 'blob' : 'bytea'} not null,
           primary key (source, last_id)
         )`,
      )
      .execute(db);
    // Already compressed: PostgreSQL keeps it out of line without trying to compress it again.
    if (kind === 'postgres') await sql`alter table hit_blocks alter column record set storage external`.execute(db);
    await db.schema.createIndex('hit_blocks_last_id').on('hit_blocks').column('last_id').execute();
    await db.schema.createIndex('hit_blocks_day').on('hit_blocks').column('day').execute();
  },
};
