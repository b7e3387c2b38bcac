import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../../src/app/config';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** The defaults `npm start` would use, on a free port, a fresh data folder and a quiet log. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }),
    dataDir: mkdtempSync(path.join(tmpdir(), 'tagwell-server-')),
    propertiesDir: path.join(ROOT, 'properties'),
    publicationSyncSeconds: 0,
    ...overrides,
  };
}
