// What every collector bench shares (collector.ts, collector-tail.ts, profile-collector.ts): the hit
// they send, the health site's page view of a condition page as its container encodes it (SDR
// variables, no visitor id), so that runs of different benches compare; the collector started in
// this process on either engine; and autocannon, run in a process of its own so that it never shares
// an event loop with the server it measures.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, startServer, type RunningServer } from '../packages/server/src/index';
import { createDatabase, dropDatabase } from '../packages/server/test/support/postgres';

export const COLLECTOR_QUERY =
  'AQB=1&ndh=1&t=22%2F10%2F2026%209%3A0%3A0%200%200&ce=UTF-8&pageName=conditions%3Achickenpox&g=http%3A%2F%2Fwww.health.localhost%2Fconditions%2Fchickenpox&cc=GBP&ch=conditions&c1=chickenpox&c5=web&v88=Y&events=event1&s=1280x720&c=24&k=Y&bw=1280&bh=720&AQE=1';

export type BenchEngine = 'sqlite' | 'postgres';

const ROOT = path.resolve(import.meta.dirname, '..');
const AUTOCANNON = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
/** Connections flat out, and when paced. */
export const CONNECTIONS = { flat: 50, paced: 10 } as const;

/**
 * The collector on `engine` (PostgreSQL: a database of its own, from the test support), with its own
 * data folder and the project's properties, for the length of `use`; then stopped, its folder and
 * database removed.
 */
export async function withCollector<T>(engine: BenchEngine, use: (server: RunningServer) => Promise<T>): Promise<T> {
  const databaseUrl = engine === 'postgres' ? await createDatabase('tagwell_bench') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-bench-'));
  try {
    const server = await startServer(
      { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, databaseUrl, propertiesDir: path.join(ROOT, 'properties') },
      { logger: false },
    );
    try {
      return await use(server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
}

/** autocannon's JSON result, the fields the benches read. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
}

/**
 * One autocannon run against the server on `port`, sending COLLECTOR_QUERY's hit for `seconds`: flat out,
 * or paced at `rate` hits a second.
 */
export async function loadCollector(port: number, options: { seconds: number; rate?: number }): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-d', String(options.seconds), '-H', 'host=metrics.health.localhost'];
  args.push('-c', String(options.rate ? CONNECTIONS.paced : CONNECTIONS.flat));
  if (options.rate) args.push('-R', String(options.rate));
  args.push(`http://127.0.0.1:${port}/b/ss/nhsukprod/1/TW-0.1.0/s1?${COLLECTOR_QUERY}`);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}
