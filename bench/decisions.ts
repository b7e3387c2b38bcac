// The decision service under load (issue 14 "Measured", CONTRACT §5): `POST /rest/v1/delivery`
// executing one mbox for a new visitor id on every request, on the product's server (SQLite),
// against the bare Node peer of the same run (the load generator in its own process); and the artifact's size for the health site's
// activities. Loopback only, bounded in time.
//   npx tsx bench/decisions.ts   (or `npx tsx bench/run.ts --only decisions`; BENCH_SECONDS, default 10)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { loadConfig, startServer, type RunningServer } from '../packages/server/src/index';
import { PASSWORD, publishWith } from '../packages/server/test/decisions-helpers';
import { startBarePeer } from './bare-peer';
import { bytes, ms, table, times } from './table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROOT = path.resolve(import.meta.dirname, '..');
const MBOX = 'target-global-mbox';
const PAGE = 'http://www.health.localhost/';

export interface DecisionFigures {
  name: string;
  throughput: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface DecisionsResult {
  seconds: number;
  connections: number;
  activities: number;
  results: DecisionFigures[];
  artifact: { jsonBytes: number; gzipBytes: number; binBytes: number };
}

/** The health site's activities, each published active (the document keeps its example paused). */
function healthSiteActivities(): Record<string, unknown> {
  const property = JSON.parse(readFileSync(path.join(ROOT, 'properties', 'health-site', 'property.json'), 'utf8')) as { personalisation: { activities: Array<Record<string, unknown>> } };
  const p = property.personalisation;
  return { ...p, activities: p.activities.map((activity) => ({ ...activity, state: 'active' })) };
}

/** One execute of the mbox for the visitor. */
const body = (visitor: string) => JSON.stringify({ id: { tntId: visitor }, context: { channel: 'web', address: { url: PAGE } }, execute: { mboxes: [{ name: MBOX, index: 0 }] } });

/** autocannon in its own process (decisions-load.ts), so the load never shares the server's event loop. */
async function load(name: string, port: number): Promise<DecisionFigures> {
  const url = `http://127.0.0.1:${port}/rest/v1/delivery?client=health&sessionId=bench-session`;
  const script = path.join(import.meta.dirname, 'decisions-load.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, url, String(SECONDS), String(CONNECTIONS), body('{visitor}')], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as autocannon.Result;
  return { name, throughput: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

export async function measureDecisions(log: (line: string) => void = () => undefined): Promise<DecisionsResult> {
  const results: DecisionFigures[] = [];
  const peer = await startBarePeer();
  try {
    log(`decisions: bare Node peer, ${SECONDS} s ...`);
    results.push(await load('bare Node http, 204', peer.port));
  } finally {
    await peer.close();
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-bench-decisions-'));
  let server: RunningServer | undefined;
  try {
    const config = { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, propertiesDir: path.join(ROOT, 'properties'), firstAdmin: { username: 'root', password: PASSWORD } };
    server = await startServer(config, { logger: false });
    const base = `http://127.0.0.1:${server.port}`;
    const personalisation = healthSiteActivities();
    await publishWith(base, { personalisation });

    // The bench measures decisions, not refusals: the mbox must come back with an experience.
    const probe = await fetch(`${base}/rest/v1/delivery?client=health&sessionId=bench-session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('bench-probe') });
    const answer = (await probe.json()) as { execute?: { mboxes?: Array<{ options?: unknown[] }> } };
    if (probe.status !== 200 || !answer.execute?.mboxes?.[0]?.options?.length) throw new Error(`the delivery probe decided nothing: ${probe.status} ${JSON.stringify(answer)}`);

    log(`decisions: POST /rest/v1/delivery on SQLite, ${SECONDS} s ...`);
    results.push(await load('decision service, SQLite', server.port));

    const json = Buffer.from(await (await fetch(`${base}/health/production/v1/rules.json`)).arrayBuffer());
    const bin = Buffer.from(await (await fetch(`${base}/health/production/v1/rules.bin`)).arrayBuffer());
    const activities = (personalisation.activities as unknown[]).length;
    return { seconds: SECONDS, connections: CONNECTIONS, activities, results, artifact: { jsonBytes: json.length, gzipBytes: gzipSync(json).length, binBytes: bin.length } };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function decisionsTable(result: DecisionsResult): string {
  const base = result.results[0]!;
  const load = table(
    `Decision service: POST /rest/v1/delivery, execute of one mbox, a new visitor id per request; ${result.seconds} s, ${result.connections} connections flat out`,
    ['target', 'requests/s', 'vs bare', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    result.results.map((r) => [r.name, Math.round(r.throughput), times(r.throughput / base.throughput), ms(r.p50), ms(r.p99), r.non2xx, r.errors]),
  );
  const { jsonBytes, gzipBytes, binBytes } = result.artifact;
  const size = table(`On-device artifact, the health site's ${result.activities} activit${result.activities === 1 ? 'y' : 'ies'} (published active)`, ['file', 'bytes'], [
    ['rules.json', bytes(jsonBytes)],
    ['rules.json gzip (level 6)', bytes(gzipBytes)],
    ['rules.bin', bytes(binBytes)],
  ]);
  return `${load}\n${size}`;
}

// Run on its own (`npx tsx bench/decisions.ts`): print the tables.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(decisionsTable(await measureDecisions((line) => console.error(line))));
  process.exit(0);
}
