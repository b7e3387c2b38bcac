import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../../src/app/config';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** The API token test servers start with (TAGWELL_API_TOKEN): `Authorization: Bearer` reads hits. */
export const TEST_API_TOKEN = 'test-api-token-for-reading-hits';
/** Headers of a script that reads hits (CONTRACT §2). */
export const READER = { authorization: `Bearer ${TEST_API_TOKEN}` } as const;

/** The defaults `npm start` would use, on a free port, a fresh data folder, a quiet log and TEST_API_TOKEN. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
    dataDir: mkdtempSync(path.join(tmpdir(), 'tagwell-server-')),
    propertiesDir: path.join(ROOT, 'properties'),
    publicationSyncSeconds: 0,
    apiToken: TEST_API_TOKEN,
    ...overrides,
  };
}
