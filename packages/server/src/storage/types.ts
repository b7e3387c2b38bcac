/**
 * The stored model: what the collector hands to storage and what storage hands back.
 * Times are ISO 8601 strings in UTC with milliseconds (`2024-05-01T09:30:00.000Z`), so they
 * sort as text and read the same on both engines.
 */

export type HitType = 'page' | 'link';
/** AppMeasurement's `pe`: `lnk_o` custom, `lnk_d` download, `lnk_e` exit. */
export type LinkType = 'o' | 'd' | 'e';

/** AppMeasurement long names (pageName, channel, propN, eVarN, ...) to values; `events` as names. */
export type HitVariables = { events?: string[] } & Record<string, string | string[] | undefined>;

export interface NewHit {
  /** Defaults to the time of the insert. */
  receivedAt?: string | Date;
  /** The request's Host header without the port. */
  host: string;
  /** As in the path: `rs1,rs2`. */
  reportSuites: string;
  hitType: HitType;
  linkType: LinkType | null;
  linkName: string | null;
  pageName: string | null;
  pageUrl: string | null;
  /** prop5 (SDR), kept in a column for reports. */
  siteSection: string | null;
  /** As sent: `event1,event5=3,event9:serial`. */
  events: string | null;
  variables: HitVariables;
  /** Context data (`c.`...`.c`) flattened to dotted keys. */
  contextData: Record<string, string>;
  /** The raw query (or POST body), for the beacon API and debugging. */
  query: string;
  /** Already truncated by the caller (privacy): storage never sees a full address. */
  clientIp: string | null;
  userAgent: string | null;
}

/** Integer ids: they order hits by arrival and let the live stream ask for "after id N". */
export interface StoredHit extends Omit<NewHit, 'receivedAt'> {
  id: number;
  receivedAt: string;
}

export interface NewRejected {
  receivedAt?: string | Date;
  host: string;
  /** e.g. `The event does not match the expected schema.` */
  reason: string;
  /** What exactly failed, for the person reading the debugger. */
  detail: string;
  /** Raw query or body; storage keeps the first 64 KB. */
  query: string;
}

export interface StoredRejected extends Omit<NewRejected, 'receivedAt'> {
  id: number;
  receivedAt: string;
}

export interface LatestHitsOptions {
  limit: number;
  host?: string;
  /** One report suite id; matches hits sent to it alone or with others. */
  reportSuite?: string;
  /**
   * Only hits with a greater id (the live stream's catch-up). On PostgreSQL with several writers,
   * ids are taken before commit, so a hit may commit after a greater id was already read.
   */
  sinceId?: number;
}

/**
 * A report's window: UTC dates `YYYY-MM-DD`, both inclusive; either may be left open. Reports
 * reject any other date form with a RangeError (the API's 400).
 * `host` and `reportSuite` narrow it like latestHits does.
 */
export interface ReportRange {
  from?: string;
  to?: string;
  host?: string;
  reportSuite?: string;
}

export interface DayCount {
  day: string;
  pageViews: number;
}
export interface SectionCount {
  /** prop5; null for page views that carried none. */
  section: string | null;
  pageViews: number;
}
export interface PageCount {
  pageName: string | null;
  pageViews: number;
}
export interface SearchReport {
  /** Hits with event2 (main search) or event3 (service search). */
  searches: number;
  /** Hits with event5. */
  zeroResults: number;
  /** zeroResults / searches; 0 when there were no searches. */
  zeroResultRate: number;
}
export interface ToolFunnelRow {
  /** eVar20 */
  tool: string;
  /** Hits with event14. */
  starts: number;
  /** Hits with event15. */
  completions: number;
}
export interface FeedbackRow {
  pageName: string | null;
  /** Hits with eVar35 `yes` / `no`. */
  yes: number;
  no: number;
}
export interface ConsentOptOuts {
  /** Link hits named `Cookies: Statistics Off`. */
  statisticsOff: number;
  /** Link hits named `Cookies: Marketing Off`. */
  marketingOff: number;
}

/** One content's media sessions (docs/MEDIA.md): a.media.name. */
export interface MediaContentRow {
  content: string;
  /** Sessions started (media starts). */
  starts: number;
  /** Sessions whose content played to its end. */
  completes: number;
  /** completes / starts; 0 without starts. */
  completionRate: number;
  /** Seconds played, pauses, buffering and seeking left out, over the sessions that completed or ended. */
  timePlayed: number;
}

export interface UniqueVisitors {
  /**
   * Distinct visitor ids (AppMeasurement's `mid`, sent when the visitor consented to statistics)
   * over the range: an estimate from HyperLogLog sketches, one per day.
   */
  visitors: number;
  /** Of the estimate: 0.0081, so about 95% of estimates fall within 1.6% of the true count. */
  relativeStandardError: number;
}

/**
 * Visitors of one day (docs/OPERATING.md "Unique visitors", "New and repeat visitors"): estimates
 * from that day's sketches. A visitor whose first visit ended and who came back the same day is
 * both new and repeat, so new + repeat can exceed visitors.
 */
export interface VisitorDay {
  day: string;
  visitors: number;
  newVisitors: number;
  repeatVisitors: number;
}
/** Visitors who viewed pages of a section (prop5; null: none) over the whole range. */
export interface VisitorSection {
  section: string | null;
  visitors: number;
  newVisitors: number;
  repeatVisitors: number;
}
/** Visitors who viewed a page over the whole range, beside its page views. */
export interface VisitorPage {
  pageName: string | null;
  pageViews: number;
  visitors: number;
}
/** The relative standard error of each visitor report's figures (the sketches' precision). */
export interface VisitorErrors {
  day: number;
  section: number;
  page: number;
}

/** What a retention run deleted. */
export interface RetentionResult {
  /** Raw hits deleted, from `hits` and from the blocks of past days. */
  hits: number;
  rejected: number;
}

/** What a compaction run packed (storage/compaction.ts). */
export interface CompactionResult {
  hits: number;
  blocks: number;
}

export type { Role } from '@tagwell/schema';
import type { Role } from '@tagwell/schema';

export interface NewUser {
  username: string;
  passwordHash: string;
  role: Role;
  /** May manage users; false when left out. */
  admin?: boolean;
}
export interface User extends NewUser {
  id: number;
  admin: boolean;
  createdAt: string;
}

export interface UserChange {
  role?: Role;
  passwordHash?: string;
  admin?: boolean;
}

export interface Session {
  /** A hash of the cookie's token, never the token itself. */
  id: string;
  userId: number;
  expiresAt: string;
  csrfToken: string;
}

export interface NewPropertyVersion {
  property: string;
  /** The property document; stored as JSON. */
  document: unknown;
  createdBy: string;
  note?: string | null;
}
export interface PropertyVersion {
  id: number;
  property: string;
  /** 1, 2, 3... per property, assigned by storage. */
  version: number;
  document: unknown;
  createdBy: string;
  createdAt: string;
  note: string | null;
}

export type Environment = 'development' | 'staging' | 'production';

export interface NewPublication {
  environment: Environment;
  property: string;
  version: number;
  publishedBy: string;
  /** Why: asked for when publishing to production (docs/ADMIN-API.md "Publishing"). */
  note?: string | null;
}
export interface Publication extends NewPublication {
  id: number;
  publishedAt: string;
  note: string | null;
}

export interface NewAuditEntry {
  /** Username, or `system` for the server itself. */
  actor: string;
  action: string;
  detail?: unknown;
}
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  detail: unknown;
}
