/**
 * The admin side: users and sessions (auth), property versions and publications, the audit log.
 */
import { sql } from 'kysely';
import type { Migration } from './index';
import { idColumn, idRef } from './columns';

export const admin: Migration = {
  name: '002_admin',
  async up(db, kind) {
    await db.schema
      .createTable('users')
      .addColumn('id', ...idColumn(kind))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('users_role', sql`role in ('viewer', 'editor', 'publisher')`)
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', idRef(kind), (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

    await db.schema
      .createTable('property_versions')
      .addColumn('id', ...idColumn(kind))
      .addColumn('property', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addUniqueConstraint('property_versions_property_version', ['property', 'version'])
      .execute();

    // A history: the current publication of an environment is its latest row.
    await db.schema
      .createTable('publications')
      .addColumn('id', ...idColumn(kind))
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('property', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addCheckConstraint('publications_environment', sql`environment in ('development', 'staging', 'production')`)
      .execute();
    await db.schema.createIndex('publications_property_environment').on('publications').columns(['property', 'environment', 'id']).execute();

    // `actor`, not `user`: USER is reserved in PostgreSQL.
    await db.schema
      .createTable('audit_log')
      .addColumn('id', ...idColumn(kind))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  },
};
