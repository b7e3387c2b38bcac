/**
 * Administrators: a flag beside the role (docs/ADMIN-API.md), so managing users is granted
 * separately from publishing.
 */
import type { Migration } from './index';

export const userAdmin: Migration = {
  name: '003_user_admin',
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
