import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { loadConfig, type ServerConfig } from '../../src/app/config';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** The API token test servers start with (TAGWELL_API_TOKEN): `Authorization: Bearer` reads hits. */
export const TEST_API_TOKEN = 'test-api-token-for-reading-hits';
/** Headers of a script that reads hits (CONTRACT §2). */
export const READER = { authorization: `Bearer ${TEST_API_TOKEN}` } as const;

/**
 * The data folders testConfig made. In a test file, one hook, registered when the file imports this module,
 * removes them after the file's own hooks have stopped its servers (after hooks run last-registered first); a
 * hook registered from inside a running test would never run. Outside Vitest (the benches import the test
 * helpers), where afterAll throws, they go when the process exits.
 */
const dataDirs: string[] = [];
const removeDataDirs = () => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};
if (process.env.VITEST) afterAll(removeDataDirs);
else process.once('exit', removeDataDirs);

/**
 * The defaults `npm start` would use, on a free port, a fresh data folder (unless `overrides` gives one: none is
 * made then), removed after the test file, a quiet log and TEST_API_TOKEN.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
    dataDir: overrides.dataDir ?? made(mkdtempSync(path.join(tmpdir(), 'tagwell-server-'))),
    propertiesDir: path.join(ROOT, 'properties'),
    publicationSyncSeconds: 0,
    apiToken: TEST_API_TOKEN,
    ...overrides,
  };
}

function made(dir: string): string {
  dataDirs.push(dir);
  return dir;
}
