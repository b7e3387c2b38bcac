// Where the collector's p99 at a paced rate comes from: not a section of `npm run bench:collector`, a
// diagnostic beside it. The bare Node server, then the collector on each engine asked for, each paced
// at --rate (10 connections) for --runs runs of --seconds, with one flat-out run (50 connections) in the
// middle, as the main bench does; autocannon in its own process. For each run it prints autocannon's
// latency (p50, p99, max) next to the server's own event-loop delay over the same seconds (the servers
// run on this process's event loop), and before all, the disk's fdatasync latency. A tail that the
// event loop does not show, on a disk whose fsync is quick, is neither a stalled loop nor the commit.
//
//   npx tsx bench/collector-tail.ts [--engine sqlite,postgres] [--rate 1000] [--seconds 8] [--runs 4]
import { execFile } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import { loadConfig, startServer } from '../packages/server/src/index';
import { createDatabase, dropDatabase } from '../packages/server/test/support/postgres';
import { startBarePeer } from './bare-peer';
import { AUTOCANNON, COLLECTOR_QUERY } from './collector-hit';
import { table } from './table';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite,postgres' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '8' },
    runs: { type: 'string', default: '4' },
  },
});
const ENGINES = values.engine.split(',');
for (const engine of ENGINES) if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--engine: sqlite or postgres, not ${engine}`);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, '..');

type Row = Array<string | number>;

/** fdatasync of an 8 KB write, for `seconds`, on the disk the data folders are made on. */
function fsyncLatency(seconds: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-fsync-'));
  const fd = openSync(path.join(dir, 'probe'), 'w');
  const buffer = Buffer.alloc(8192, 1);
  const took: number[] = [];
  try {
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      writeSync(fd, buffer);
      const start = process.hrtime.bigint();
      fdatasyncSync(fd);
      took.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => took[Math.floor(q * (took.length - 1))]!.toFixed(2);
  return `fdatasync of 8 KB, ${took.length.toLocaleString('en-GB')} in ${seconds} s: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, p99.9 ${at(0.999)} ms, max ${at(1)} ms`;
}

/** Paced runs with one flat-out run in the middle, against `port`: a row per run. */
async function runs(name: string, port: number): Promise<Row[]> {
  const url = `http://127.0.0.1:${port}/b/ss/nhsukprod/1/TW-0.1.0/s1?${COLLECTOR_QUERY}`;
  const steps = Array.from({ length: RUNS }, (_, i) => `paced ${i + 1}`);
  steps.splice(Math.floor(RUNS / 2), 0, 'flat out');
  const rows: Row[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  for (const step of steps) {
    const args = [AUTOCANNON, '--json', '-d', String(SECONDS), '-H', 'host=metrics.health.localhost'];
    args.push(...(step === 'flat out' ? ['-c', '50'] : ['-c', '10', '-R', String(RATE)]));
    delay.reset();
    delay.enable();
    const { stdout } = await promisify(execFile)(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
    delay.disable();
    const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number; max: number }; non2xx: number };
    const loop = (ns: number) => (ns / 1e6).toFixed(1);
    rows.push([name, step, Math.round(result.requests.average), result.latency.p50, result.latency.p99, result.latency.max, loop(delay.percentile(99)), loop(delay.max), result.non2xx]);
  }
  return rows;
}

async function collector(engine: string): Promise<Row[]> {
  const databaseUrl = engine === 'postgres' ? await createDatabase('tagwell_bench_tail') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-bench-'));
  try {
    const server = await startServer(
      { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, databaseUrl, propertiesDir: path.join(root, 'properties') },
      { logger: false },
    );
    try {
      return await runs(`collector, ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, server.port);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
}

console.log(fsyncLatency(5));
const rows: Row[] = [];
const peer = await startBarePeer();
try {
  rows.push(...(await runs('bare Node http, 204', peer.port)));
} finally {
  await peer.close();
}
for (const engine of ENGINES) rows.push(...(await collector(engine)));
console.log(
  table(
    `Paced at ${RATE} hits/s (10 connections) and flat out (50), ${SECONDS} s a run: the client's latency and the server's event-loop delay`,
    ['target', 'run', 'hits/s', 'p50 ms', 'p99 ms', 'max ms', 'loop delay p99 ms', 'loop delay max ms', 'non-2xx'],
    rows,
  ),
);
