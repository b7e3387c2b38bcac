/**
 * A note with each publication (issue 19 item 6): why a version went to an environment, asked for
 * when publishing to production and shown in the publication history and the audit log.
 */
import type { Migration } from './index';

export const publicationNotes: Migration = {
  name: '008_publication_notes',
  async up(db) {
    await db.schema.alterTable('publications').addColumn('note', 'text').execute();
  },
};
