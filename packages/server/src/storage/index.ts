/**
 * Storage: one small interface over two engines (ARCHITECTURE "Server shape"). SQLite is the
 * embedded default (CONTRACT §2: `./data/`, `DATA_DIR`); `DATABASE_URL=postgres://...` selects
 * PostgreSQL, which several server processes can share.
 */
import type { EnvironmentName } from '@tagwell/schema';
import { sql } from 'kysely';
import { readActivityCounts, recordConversions, recordExposures, type ActivityShape, type Conversion, type Exposure } from '../experiments/store';
import type { ActivityCounts } from '../experiments';
import type { Engine } from './engine';
import { openPostgres } from './engines/postgres';
import { openSqlite } from './engines/sqlite';
import { countRejected, insertHits, insertRejected, latestHits, latestRejected } from './hits';
import { migrate } from './migrations/index';
import {
  consentOptOuts,
  feedbackByPage,
  mediaByContent,
  pageViewsByDay,
  pageViewsBySection,
  reportHosts,
  searches,
  toolFunnel,
  topPages,
  uniqueVisitors,
  visitorsByDay,
  visitorsByPage,
  visitorsBySection,
} from './reports';
import { schedulePartitions } from './partitions';
import { compactHits } from './compaction';
import { scheduleMaintenance } from './maintenance';
import { deleteExpired } from './retention';
import type * as T from './types';
import {
  countAdmins,
  countUsers,
  createSession,
  createUser,
  deleteExpiredSessions,
  deleteSession,
  deleteUser,
  findSession,
  findUserById,
  findUserByUsername,
  listUsers,
  updateUser,
} from './users';
import {
  appendAudit,
  createPropertyVersion,
  currentPublications,
  getPropertyVersion,
  listAudit,
  listPropertyVersions,
  publicationHistory,
  recordPublication,
} from './versions';

export type * from './types';
export { StorageConflictError, StorageTimeoutError } from './errors';
export { VISITOR_ERRORS } from './reports';

export interface Storage {
  readonly engine: 'sqlite' | 'postgres';

  // Hits. Every write is one transaction and resolves only after it committed. Reads of hits and
  // reports run on the read connections: they never hold up a write, and one that runs past the
  // read timeout rejects with StorageTimeoutError.
  /**
   * The whole batch and its aggregates in one transaction; returns the stored hits with their ids,
   * in input order.
   */
  insertHits(hits: readonly T.NewHit[]): Promise<T.StoredHit[]>;
  /** Newest first. */
  latestHits(options: T.LatestHitsOptions): Promise<T.StoredHit[]>;
  insertRejected(rejected: readonly T.NewRejected[]): Promise<void>;
  countRejected(): Promise<number>;
  /** Newest first. */
  latestRejected(limit: number): Promise<T.StoredRejected[]>;

  // Reports, over UTC days `from`..`to` inclusive (see ReportRange), read from the aggregates.
  pageViewsByDay(range: T.ReportRange): Promise<T.DayCount[]>;
  pageViewsBySection(range: T.ReportRange): Promise<T.SectionCount[]>;
  topPages(limit: number, range: T.ReportRange): Promise<T.PageCount[]>;
  searches(range: T.ReportRange): Promise<T.SearchReport>;
  toolFunnel(range: T.ReportRange): Promise<T.ToolFunnelRow[]>;
  feedbackByPage(range: T.ReportRange): Promise<T.FeedbackRow[]>;
  consentOptOuts(range: T.ReportRange): Promise<T.ConsentOptOuts>;
  /** Issue 16: media starts, completes, completion rate and seconds played per content, the `limit` most started. */
  mediaByContent(limit: number, range: T.ReportRange): Promise<T.MediaContentRow[]>;
  /** An estimate, from one HyperLogLog sketch per day (storage/hll.ts). */
  uniqueVisitors(range: T.ReportRange): Promise<T.UniqueVisitors>;
  /** Per day: visitors, new and repeat visitors (storage/first-visits.ts); estimates, VISITOR_ERRORS.day. */
  visitorsByDay(range: T.ReportRange): Promise<T.VisitorDay[]>;
  /** Per section, over the whole range; estimates, VISITOR_ERRORS.section. */
  visitorsBySection(range: T.ReportRange): Promise<T.VisitorSection[]>;
  /** The visitors of the `limit` most viewed pages, over the whole range; estimates, VISITOR_ERRORS.page. */
  visitorsByPage(limit: number, range: T.ReportRange): Promise<T.VisitorPage[]>;
  /** The hosts that received hits (of one report suite, when given), ever: what a report may narrow to. */
  reportHosts(reportSuite?: string): Promise<string[]>;

  /**
   * Retention: deletes raw and rejected hits received before `before`, in small batches that let
   * hits being stored go first; the aggregates stay. openStorage's `retentionDays` runs it hourly.
   */
  deleteExpired(before: Date): Promise<T.RetentionResult>;
  /**
   * Packs the hits of the UTC days over an hour before `now` into blocks (storage/compaction.ts);
   * every hit reads back as before. openStorage's `compaction` runs it hourly, after retention.
   */
  compactHits(now?: Date): Promise<T.CompactionResult>;

  // Users and sessions. createUser / createSession throw StorageConflictError on a taken key.
  createUser(user: T.NewUser): Promise<T.User>;
  findUserByUsername(username: string): Promise<T.User | undefined>;
  findUserById(id: number): Promise<T.User | undefined>;
  listUsers(): Promise<T.User[]>;
  countUsers(): Promise<number>;
  countAdmins(exceptId?: number): Promise<number>;
  /** A new passwordHash also ends all the user's sessions, in the same transaction. */
  updateUser(id: number, change: T.UserChange): Promise<boolean>;
  /** Also ends the user's sessions. */
  deleteUser(id: number): Promise<boolean>;
  createSession(session: T.Session): Promise<void>;
  /** Undefined when missing or expired. */
  findSession(id: string, now?: Date): Promise<T.Session | undefined>;
  deleteSession(id: string): Promise<void>;
  deleteExpiredSessions(now?: Date): Promise<number>;

  // Property versions, publications, audit log.
  createPropertyVersion(version: T.NewPropertyVersion): Promise<T.PropertyVersion>;
  getPropertyVersion(property: string, version: number): Promise<T.PropertyVersion | undefined>;
  listPropertyVersions(property: string): Promise<T.PropertyVersion[]>;
  recordPublication(publication: T.NewPublication): Promise<T.Publication>;
  currentPublications(property: string): Promise<T.Publication[]>;
  publicationHistory(property: string, environment?: T.Environment): Promise<T.Publication[]>;
  appendAudit(entry: T.NewAuditEntry): Promise<T.AuditEntry>;
  listAudit(limit: number): Promise<T.AuditEntry[]>;

  // Experiments (experiments/store/, docs/PERSONALISATION-STATISTICS.md): one transaction per call.
  /** Visitors shown an experience; a visitor counts once per activity, in the first experience shown. */
  recordExposures(exposures: readonly Exposure[]): Promise<void>;
  /** Goals reached; only by a visitor exposed before, from the time of the exposure. */
  recordConversions(conversions: readonly Conversion[]): Promise<void>;
  /** Visitors per experience and converting visitors per goal of the property's activity, for computeResults. */
  readActivityCounts(property: string, activity: ActivityShape, environment?: EnvironmentName): Promise<ActivityCounts>;

  /**
   * Runs `work` while no other server on this database runs its own (PostgreSQL: an advisory lock
   * held by one connection; SQLite is one process's file). For start-up work that must happen once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;

  /** Rejects when the database cannot be reached (the collector then answers 503). */
  ping(): Promise<void>;
  /** Waits for queries in flight, then releases the file or the pool. */
  close(): Promise<void>;
}

export interface OpenStorageOptions {
  /** SQLite's folder; default `./data`, created if missing. */
  dataDir?: string;
  /** `postgres://` or `postgresql://` selects PostgreSQL. */
  databaseUrl?: string;
  log?: (msg: string) => void;
  /** A read (report, beacon API) running longer fails with StorageTimeoutError; default 30 s. */
  readTimeoutMs?: number;
  /** Reads at once: SQLite reader threads, PostgreSQL read connections; default 2 and 4. */
  readers?: number;
  /** Days raw and rejected hits are kept; deleted hourly after that. Unset or 0: kept (the admin CLI). */
  retentionDays?: number;
  /** Packs the hits of past days hourly (the server); off by default (the admin CLI, tests). */
  compaction?: boolean;
}

export const DEFAULT_READ_TIMEOUT_MS = 30_000;

/** Opens the engine and brings its schema up to date before returning. */
export async function openStorage(options: OpenStorageOptions = {}): Promise<Storage> {
  const log = options.log ?? (() => undefined);
  const url = options.databaseUrl?.trim();
  const timeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  let engine: Engine;
  if (url) {
    // A DATABASE_URL we cannot use is a mistake to report, not a reason to write elsewhere.
    if (!/^postgres(ql)?:\/\//i.test(url)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    engine = openPostgres(url, { connections: options.readers ?? 4, timeoutMs }, log);
  } else {
    engine = openSqlite(options.dataDir ?? './data', { threads: options.readers ?? 2, timeoutMs }, log);
  }
  try {
    await migrate(engine, log);
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
  // PostgreSQL: the day partitions of hits, made ahead of time (partitions.ts).
  const partitions = engine.kind === 'postgres' ? schedulePartitions(engine, log) : undefined;
  await partitions?.ready;
  const maintenance = scheduleMaintenance(engine, { retentionDays: options.retentionDays, compaction: options.compaction }, log);
  return storageOn(engine, {
    async stop() {
      partitions?.stop();
      await maintenance?.stop();
    },
  });
}

function storageOn(engine: Engine, jobs: { stop(): Promise<void> }): Storage {
  let closing: Promise<void> | undefined;
  return {
    engine: engine.kind,
    insertHits: (hits) => insertHits(engine, hits),
    latestHits: (options) => latestHits(engine, options),
    insertRejected: (rejected) => insertRejected(engine, rejected),
    countRejected: () => countRejected(engine),
    latestRejected: (limit) => latestRejected(engine, limit),

    pageViewsByDay: (range) => pageViewsByDay(engine, range),
    pageViewsBySection: (range) => pageViewsBySection(engine, range),
    topPages: (limit, range) => topPages(engine, limit, range),
    searches: (range) => searches(engine, range),
    toolFunnel: (range) => toolFunnel(engine, range),
    feedbackByPage: (range) => feedbackByPage(engine, range),
    consentOptOuts: (range) => consentOptOuts(engine, range),
    mediaByContent: (limit, range) => mediaByContent(engine, limit, range),
    uniqueVisitors: (range) => uniqueVisitors(engine, range),
    visitorsByDay: (range) => visitorsByDay(engine, range),
    visitorsBySection: (range) => visitorsBySection(engine, range),
    visitorsByPage: (limit, range) => visitorsByPage(engine, limit, range),
    reportHosts: (reportSuite) => reportHosts(engine, reportSuite),
    deleteExpired: (before) => deleteExpired(engine, before),
    compactHits: (now) => compactHits(engine, (now ?? new Date()).getTime()),

    createUser: (user) => createUser(engine, user),
    findUserByUsername: (username) => findUserByUsername(engine, username),
    findUserById: (id) => findUserById(engine, id),
    listUsers: () => listUsers(engine),
    countUsers: () => countUsers(engine),
    countAdmins: (exceptId) => countAdmins(engine, exceptId),
    updateUser: (id, change) => updateUser(engine, id, change),
    deleteUser: (id) => deleteUser(engine, id),
    createSession: (session) => createSession(engine, session),
    findSession: (id, now) => findSession(engine, id, now),
    deleteSession: (id) => deleteSession(engine, id),
    deleteExpiredSessions: (now) => deleteExpiredSessions(engine, now),

    createPropertyVersion: (version) => createPropertyVersion(engine, version),
    getPropertyVersion: (property, version) => getPropertyVersion(engine, property, version),
    listPropertyVersions: (property) => listPropertyVersions(engine, property),
    recordPublication: (publication) => recordPublication(engine, publication),
    currentPublications: (property) => currentPublications(engine, property),
    publicationHistory: (property, environment) => publicationHistory(engine, property, environment),
    appendAudit: (entry) => appendAudit(engine, entry),
    listAudit: (limit) => listAudit(engine, limit),

    recordExposures: (exposures) => recordExposures(engine, exposures),
    recordConversions: (conversions) => recordConversions(engine, conversions),
    readActivityCounts: (property, activity, environment) => readActivityCounts(engine, property, activity, environment),

    exclusively: (work) => exclusively(engine, work),
    ping: async () => {
      await sql`select 1`.execute(engine.db);
    },
    close: () =>
      (closing ??= (async () => {
        await jobs.stop();
        await engine.close();
      })()),
  };
}

/** Any fixed number, other than the migration lock's. */
const STARTUP_LOCK = 7_265_002;

async function exclusively<T>(engine: Engine, work: () => Promise<T>): Promise<T> {
  if (engine.kind === 'sqlite') return work();
  return engine.db.connection().execute(async (db) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK)})`.execute(db);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK)})`.execute(db);
    }
  });
}
