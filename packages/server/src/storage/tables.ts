/**
 * Row types as kysely sees them: the columns the migrations create, snake_case, JSON as text.
 * Ids are `integer` on SQLite and `bigint` on PostgreSQL; both engines are set to return numbers.
 */
import type { Generated } from 'kysely';

export interface HitsTable {
  id: Generated<number>;
  received_at: string;
  host: string;
  report_suites: string;
  hit_type: 'page' | 'link';
  link_type: 'o' | 'd' | 'e' | null;
  link_name: string | null;
  page_name: string | null;
  page_url: string | null;
  site_section: string | null;
  events: string | null;
  /** Event names only, wrapped in commas (`,event1,event5,`): reports match `,eventN,`. */
  event_names: string;
  variables: string;
  context_data: string;
  query: string;
  client_ip: string | null;
  user_agent: string | null;
}

export interface RejectedHitsTable {
  id: Generated<number>;
  received_at: string;
  host: string;
  reason: string;
  detail: string;
  query: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: 'viewer' | 'editor' | 'publisher';
  created_at: string;
  /** 0 or 1 on both engines. */
  is_admin: Generated<number>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: string;
  csrf_token: string;
}

export interface PropertyVersionsTable {
  id: Generated<number>;
  property: string;
  version: number;
  document: string;
  created_by: string;
  created_at: string;
  note: string | null;
}

export interface PublicationsTable {
  id: Generated<number>;
  environment: 'development' | 'staging' | 'production';
  property: string;
  version: number;
  published_by: string;
  published_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  detail: string | null;
}

/** Counts per UTC hour and dimension (storage/aggregates.ts), kept in step with `hits`. */
export interface HitCountsTable {
  /** A digest of dimension, hour, host, report suites and value: one row per combination. */
  key: string;
  dimension: string;
  /** `YYYY-MM-DDTHH`, UTC. */
  hour: string;
  host: string;
  report_suites: string;
  /** '' when the hit had no value (see has_value). */
  value: string;
  /** 0 when the hit had no value (a page view without pageName), else 1. */
  has_value: number;
  hits: number;
}

/** A HyperLogLog sketch of visitor ids per UTC day, host and report suites (storage/hll.ts). */
export interface VisitorSketchesTable {
  key: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  host: string;
  report_suites: string;
  registers: Uint8Array;
}

export interface MigrationsTable {
  name: string;
  applied_at: string;
}

export interface Database {
  hits: HitsTable;
  rejected_hits: RejectedHitsTable;
  users: UsersTable;
  sessions: SessionsTable;
  property_versions: PropertyVersionsTable;
  publications: PublicationsTable;
  audit_log: AuditLogTable;
  hit_counts: HitCountsTable;
  visitor_sketches: VisitorSketchesTable;
  tagwell_migrations: MigrationsTable;
}
