import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  };
}
