/** The admin API's answers (docs/ADMIN-API.md). */
import type { Property, Role } from '@tagwell/schema';

export type EnvironmentName = 'development' | 'staging' | 'production';
export const ENVIRONMENT_ORDER: readonly EnvironmentName[] = ['development', 'staging', 'production'];

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  admin: boolean;
}
export interface SessionInfo {
  user: SessionUser;
  csrfToken: string;
}

export interface Deployment {
  version: number;
  publishedAt: string;
  publishedBy: string;
  buildId: string;
  bytes: number;
  gzipBytes: number;
  url: string;
}
export type Deployments = Partial<Record<EnvironmentName, Deployment>>;

export interface PropertySummary {
  name: string;
  latestVersion: number;
  environments: Deployments;
}

export interface Version {
  version: number;
  document: Property;
  createdBy: string;
  createdAt: string;
  note: string | null;
}
export interface VersionSummary extends Omit<Version, 'document'> {
  environments: EnvironmentName[];
}
export interface PropertyDetail {
  name: string;
  latest: Version;
  environments: Deployments;
}
export interface Publication {
  id: number;
  environment: EnvironmentName;
  version: number;
  publishedBy: string;
  publishedAt: string;
  /** Why it was published (docs/ADMIN-API.md "Publishing"). */
  note: string | null;
}
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  detail: unknown;
}
export interface UserRow extends SessionUser {
  createdAt: string;
}
export interface DemoPage {
  url: string;
  host: string;
  path: string;
  title: string;
  environment: EnvironmentName;
}
export interface Beacon {
  id: string;
  receivedAt: string;
  reportSuites: string[];
  hitType: 'page' | 'link';
  linkType: string | null;
  linkName: string | null;
  variables: Record<string, string | string[] | undefined>;
  contextData?: Record<string, string>;
  query: string;
}
export interface Reports {
  range: { from?: string; to?: string; reportSuite?: string; host?: string };
  /** The hosts that received hits for the report suite: what the host filter offers. */
  hosts?: string[];
  pageViewsByDay: Array<{ day: string; pageViews: number }>;
  pageViewsBySection: Array<{ section: string | null; pageViews: number }>;
  topPages: Array<{ pageName: string | null; pageViews: number }>;
  searches: { searches: number; zeroResults: number; zeroResultRate: number };
  toolFunnel: Array<{ tool: string; starts: number; completions: number }>;
  feedbackByPage: Array<{ pageName: string | null; yes: number; no: number }>;
  consentOptOuts: { statisticsOff: number; marketingOff: number };
  /** Issue 16: per content (a.media.name), the most started first; timePlayed in seconds. */
  mediaByContent: Array<{ content: string; starts: number; completes: number; completionRate: number; timePlayed: number }>;
  /** Estimates from HyperLogLog sketches; `visitorErrors` gives each one's relative standard error. */
  visitorsByDay: Array<{ day: string; visitors: number; newVisitors: number; repeatVisitors: number }>;
  visitorsBySection: Array<{ section: string | null; visitors: number; newVisitors: number; repeatVisitors: number }>;
  visitorsByPage: Array<{ pageName: string | null; pageViews: number; visitors: number }>;
  visitorErrors: { day: number; section: number; page: number };
  /** Days raw hits are kept (null: without end); the totals the reports read are kept. */
  retention: { rawHitDays: number | null };
}
