import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { IdentitySettings } from '../identity/service';

/** What one request may cost; every one is a setting (docs/OPERATING.md, "Limits"). */
export interface Limits {
  /** Longest hit query: a GET's URL query or a POST body, in bytes; longer is a 413, and a longer body is not read. */
  maxHitBytes: number;
  /** Longest request URL (path and query), in bytes; longer is a 414. */
  maxUrlBytes: number;
  /** Most `key=value` parts (and context-data markers) in one hit. */
  maxKeys: number;
  /** Longest key as sent, and longest dotted context-data key. */
  maxKeyLength: number;
  /** Deepest context-data nesting, `c.` included. */
  maxDepth: number;
  /** How much of a rejected hit's query (or body) its record keeps, scrubbed. */
  rejectedQueryBytes: number;
  /** Live streams open at once; one more is a 503. */
  maxStreams: number;
  /** Unsent data a live stream may hold for a slow reader before it is dropped. */
  streamBufferBytes: number;
  /** Largest `limit` of /api/beacons. */
  beaconsMaxLimit: number;
  /** Largest /api/beacons answer: the oldest beacons asked for are left out beyond it. */
  beaconsMaxBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxHitBytes: 64 * 1024,
  maxUrlBytes: 16 * 1024,
  maxKeys: 1000,
  maxKeyLength: 256,
  maxDepth: 10,
  rejectedQueryBytes: 2048,
  maxStreams: 32,
  streamBufferBytes: 1024 * 1024,
  beaconsMaxLimit: 1000,
  beaconsMaxBytes: 4 * 1024 * 1024,
};

const whole = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

// CONTRACT §2: PORT (default 8080), HOST (default 127.0.0.1), DATA_DIR (./data), DATABASE_URL
// (postgres://... switches to PostgreSQL). Validated once at start, so a typo fails loudly.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PROPERTIES_DIR: z.string().min(1).default('properties'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIR: z.string().min(1).optional(),
  // The first administrator, created on a start with no users (docs/ADMIN-API.md).
  TAGWELL_ADMIN_USERNAME: z.string().min(2).optional(),
  TAGWELL_ADMIN_PASSWORD: z.string().min(12, 'needs at least 12 characters').optional(),
  // Behind a TLS-terminating proxy: trust its X-Forwarded-* so cookies get Secure.
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // How often a server looks for publications made by another server on the same database.
  PUBLICATION_SYNC_SECONDS: z.coerce.number().min(0).default(10),
  // Scripts read hits with `Authorization: Bearer <token>` (CONTRACT §2); without it, only signed-in users can.
  TAGWELL_API_TOKEN: z
    .string()
    .min(16, 'needs at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Signs preview cookies (docs/OPERATING.md "Previewing a draft on the live host"); unset: a new one each start.
  TAGWELL_PREVIEW_SECRET: z
    .string()
    .min(32, 'needs at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // What one request may cost (docs/OPERATING.md, "Limits").
  MAX_HIT_BYTES: whole(2048, 1024 * 1024, DEFAULT_LIMITS.maxHitBytes),
  MAX_URL_BYTES: whole(2048, 1024 * 1024, DEFAULT_LIMITS.maxUrlBytes),
  MAX_HIT_KEYS: whole(10, 100_000, DEFAULT_LIMITS.maxKeys),
  MAX_KEY_LENGTH: whole(16, 4096, DEFAULT_LIMITS.maxKeyLength),
  MAX_CONTEXT_DEPTH: whole(1, 100, DEFAULT_LIMITS.maxDepth),
  REJECTED_QUERY_BYTES: whole(0, 64 * 1024, DEFAULT_LIMITS.rejectedQueryBytes),
  MAX_STREAMS: whole(1, 10_000, DEFAULT_LIMITS.maxStreams),
  STREAM_BUFFER_BYTES: whole(1024, 256 * 1024 * 1024, DEFAULT_LIMITS.streamBufferBytes),
  BEACONS_MAX_LIMIT: whole(1, 1000, DEFAULT_LIMITS.beaconsMaxLimit),
  BEACONS_MAX_BYTES: whole(1024, 1024 * 1024 * 1024, DEFAULT_LIMITS.beaconsMaxBytes),
  // Storage (docs/OPERATING.md, "Storage engine, aggregates and retention").
  READ_TIMEOUT_SECONDS: whole(1, 3600, 30),
  RETENTION_DAYS: whole(0, 36_500, 90),
  // The identity service (docs/IDENTITY.md): its region, and the lifetimes of SPEC §9.
  IDENTITY_LOCATION_HINT: whole(0, 99_999, 6),
  IDENTITY_TTL_SECONDS: whole(60, 33_696_000, 604_800),
  IDENTITY_OPT_OUT_TTL_SECONDS: whole(60, 33_696_000, 7_200),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  propertiesDir: string;
  logLevel: string;
  consoleDir: string;
  firstAdmin?: { username: string; password: string };
  trustProxy: boolean;
  loginAttemptsPerMinute: number;
  /** 0 turns the sync off. */
  publicationSyncSeconds: number;
  /** `Authorization: Bearer <apiToken>` reads hits; undefined: only signed-in users do. */
  apiToken?: string;
  /** HMAC key of preview cookies; undefined: one made at start, so previews end with a restart. */
  previewSecret?: string;
  limits: Limits;
  /** A report or beacon read running longer is stopped and answered 504. */
  readTimeoutSeconds: number;
  /** Days raw and rejected hits are kept (aggregates stay); 0 keeps them. */
  retentionDays: number;
  /** The identity service's answers (docs/IDENTITY.md). */
  identity: IdentitySettings;
}

/** packages/console/dist, wherever the server is started from. */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../console/dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n  ');
    throw new Error(`Invalid environment:\n  ${problems}`);
  }
  const e = parsed.data;
  if (!e.TAGWELL_ADMIN_USERNAME !== !e.TAGWELL_ADMIN_PASSWORD) {
    throw new Error('Invalid environment:\n  TAGWELL_ADMIN_USERNAME and TAGWELL_ADMIN_PASSWORD go together: set both or neither');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    propertiesDir: path.resolve(e.PROPERTIES_DIR),
    logLevel: e.LOG_LEVEL,
    consoleDir: e.CONSOLE_DIR ? path.resolve(e.CONSOLE_DIR) : DEFAULT_CONSOLE_DIR,
    firstAdmin:
      e.TAGWELL_ADMIN_USERNAME && e.TAGWELL_ADMIN_PASSWORD ? { username: e.TAGWELL_ADMIN_USERNAME, password: e.TAGWELL_ADMIN_PASSWORD } : undefined,
    trustProxy: e.TRUST_PROXY,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    publicationSyncSeconds: e.PUBLICATION_SYNC_SECONDS,
    apiToken: e.TAGWELL_API_TOKEN,
    previewSecret: e.TAGWELL_PREVIEW_SECRET,
    limits: {
      maxHitBytes: e.MAX_HIT_BYTES,
      maxUrlBytes: e.MAX_URL_BYTES,
      maxKeys: e.MAX_HIT_KEYS,
      maxKeyLength: e.MAX_KEY_LENGTH,
      maxDepth: e.MAX_CONTEXT_DEPTH,
      rejectedQueryBytes: e.REJECTED_QUERY_BYTES,
      maxStreams: e.MAX_STREAMS,
      streamBufferBytes: e.STREAM_BUFFER_BYTES,
      beaconsMaxLimit: e.BEACONS_MAX_LIMIT,
      beaconsMaxBytes: e.BEACONS_MAX_BYTES,
    },
    readTimeoutSeconds: e.READ_TIMEOUT_SECONDS,
    retentionDays: e.RETENTION_DAYS,
    identity: { locationHint: e.IDENTITY_LOCATION_HINT, ttlSeconds: e.IDENTITY_TTL_SECONDS, optOutTtlSeconds: e.IDENTITY_OPT_OUT_TTL_SECONDS },
  };
}
