/**
 * Accepted hits and rejected hits (ARCHITECTURE "Server shape": malformed hits are kept, never lost).
 */
import { sql } from 'kysely';
import type { Migration } from './index';
import { idColumn } from './columns';

export const hits: Migration = {
  name: '001_hits',
  async up(db, kind) {
    await db.schema
      .createTable('hits')
      .addColumn('id', ...idColumn(kind))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('report_suites', 'text', (c) => c.notNull())
      .addColumn('hit_type', 'text', (c) => c.notNull())
      .addColumn('link_type', 'text')
      .addColumn('link_name', 'text')
      .addColumn('page_name', 'text')
      .addColumn('page_url', 'text')
      .addColumn('site_section', 'text')
      .addColumn('events', 'text')
      .addColumn('event_names', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('context_data', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text')
      .addColumn('user_agent', 'text')
      .addCheckConstraint('hits_hit_type', sql`hit_type in ('page', 'link')`)
      .addCheckConstraint('hits_link_type', sql`link_type is null or link_type in ('o', 'd', 'e')`)
      .execute();
    // Reports filter by time; the debugger and the live stream by host, newest first.
    await db.schema.createIndex('hits_received_at').on('hits').column('received_at').execute();
    await db.schema.createIndex('hits_host_id').on('hits').columns(['host', 'id']).execute();

    await db.schema
      .createTable('rejected_hits')
      .addColumn('id', ...idColumn(kind))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rejected_hits_received_at').on('rejected_hits').column('received_at').execute();
  },
};
