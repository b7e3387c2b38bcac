/**
 * Fewer bytes a hit on SQLite (issue 18 item 2): retention walks the hits in arrival order (id)
 * instead of by received_at (storage/retention.ts), so the index on received_at, 17 bytes a hit
 * and read by nothing else, goes. PostgreSQL never had it (retention drops whole days).
 */
import type { Migration } from './index';

export const hitsWithoutTimeIndex: Migration = {
  name: '011_hits_without_time_index',
  async up(db, kind) {
    if (kind === 'sqlite') await db.schema.dropIndex('hits_received_at').ifExists().execute();
  },
};
