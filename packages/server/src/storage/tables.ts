/**
 * Row types as kysely sees them: the columns the migrations create, snake_case, JSON as text.
 * Ids are `integer` on SQLite and `bigint` on PostgreSQL; both engines are set to return numbers.
 */
import type { Generated } from 'kysely';

/**
 * Accepted hits since migration 005: the columns reads filter on, and the rest of the hit in one
 * compressed `record` (hit-record.ts). PostgreSQL partitions the table by UTC day on `received_at`
 * (partitions.ts).
 */
export interface HitsTable {
  id: Generated<number>;
  /** Milliseconds since 1970, UTC. */
  received_at: number;
  /** The hit's host and report suites, in `hit_sources` (hit-sources.ts). */
  source: number;
  record: Uint8Array;
}

/**
 * The hits of past days, packed (migration 013, compaction.ts, hit-blocks.ts): up to BLOCK_HITS hits
 * of one source and UTC day a row. A hit is in `hits` or in one block, never both.
 */
export interface HitBlocksTable {
  source: number;
  /** The UTC day of its hits: days since 1970 (retention deletes a whole day's blocks). */
  day: number;
  /** The smallest and largest id of its hits. */
  first_id: number;
  last_id: number;
  hits: number;
  record: Uint8Array;
}

/** Each (host, report suites) pair that sent hits, once. */
export interface HitSourcesTable {
  id: Generated<number>;
  host: string;
  /** As in the path: `rs1,rs2`. */
  report_suites: string;
}

/** The hits table as migrations 001 to 004 left it, JSON as text: what migration 005 converts. */
export interface HitsTableBefore005 {
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
  /** Event names only, wrapped in commas (`,event1,event5,`). */
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
  /** Why it was published (008_publication_notes). */
  note: string | null;
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

/**
 * Counts per UTC day of the dimensions with a value per page (`page`, `feedback_yes`,
 * `feedback_no`; storage/aggregates.ts), kept in step with `hits`: a 30-day report reads 30 rows a
 * page, not 720. Primary key (dimension, day, key): the reports' range is a prefix of it.
 */
export interface DayCountsTable {
  dimension: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** A digest of dimension, day, host, report suites and value: one row per combination. */
  key: string;
  host: string;
  report_suites: string;
  /** '' when the hit had no value (see has_value). */
  value: string;
  /** 0 when the hit had no value (a page view without pageName), else 1. */
  has_value: number;
  hits: number;
}

/** A HyperLogLog sketch of visitor ids per UTC day, host, report suites and dimension (storage/hll.ts). */
export interface VisitorSketchesTable {
  key: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  host: string;
  report_suites: string;
  /** aggregates.ts SketchDimension; `visitors` (all of the day) for the rows stored before migration 006. */
  dimension: Generated<string>;
  /** The section or page; '' when none (see has_value) or for day sketches. */
  value: Generated<string>;
  has_value: Generated<number>;
  /** Dense or sparse (storage/hll.ts). */
  registers: Uint8Array;
}

/**
 * A visitor's first visit per report-suite list (storage/first-visits.ts): new versus repeat.
 * Times in milliseconds since 1970 (migration 010: a third of the bytes of ISO text).
 */
export interface FirstVisitsTable {
  /** A digest of report suites and visitor id, never the id itself. */
  key: string;
  first_seen: number;
  /** Hits up to this time are still the first visit (30 minutes after the last new hit). */
  new_until: number;
  last_seen: number;
}

export interface MigrationsTable {
  name: string;
  applied_at: string;
}

export interface Database {
  hits: HitsTable;
  hit_sources: HitSourcesTable;
  hit_blocks: HitBlocksTable;
  rejected_hits: RejectedHitsTable;
  users: UsersTable;
  sessions: SessionsTable;
  property_versions: PropertyVersionsTable;
  publications: PublicationsTable;
  audit_log: AuditLogTable;
  hit_counts: HitCountsTable;
  day_counts: DayCountsTable;
  visitor_sketches: VisitorSketchesTable;
  first_visits: FirstVisitsTable;
  tagwell_migrations: MigrationsTable;
}
