// Where the collector's p99 at a paced rate comes from: not a section of `npm run bench:collector`, a
// diagnostic beside it. The bare Node server, then the collector on each engine asked for, each paced
// at --rate for --runs runs of --seconds, with one flat-out run in the middle, as the main bench does.
// For each run it prints autocannon's latency (p50, p99, max) next to the server's own event-loop
// delay over the same seconds (the servers run on this process's event loop), and before all, the
// disk's fdatasync latency. A tail that the event loop does not show, on a disk whose fsync is quick,
// is neither a stalled loop nor the commit.
//
//   npx tsx bench/collector-tail.ts [--engine sqlite,postgres] [--rate 1000] [--seconds 8] [--runs 4]
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startBarePeer } from './bare-peer';
import { CONNECTIONS, loadCollector, withCollector, type BenchEngine } from './collector-hit';
import { table } from './table';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite,postgres' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '8' },
    runs: { type: 'string', default: '4' },
  },
});
const ENGINES = values.engine.split(',') as BenchEngine[];
for (const engine of ENGINES) if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--engine: sqlite or postgres, not ${String(engine)}`);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);

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
  const steps = Array.from({ length: RUNS }, (_, i) => `paced ${i + 1}`);
  steps.splice(Math.floor(RUNS / 2), 0, 'flat out');
  const rows: Row[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  for (const step of steps) {
    delay.reset();
    delay.enable();
    const result = await loadCollector(port, { seconds: SECONDS, rate: step === 'flat out' ? undefined : RATE });
    delay.disable();
    const loop = (ns: number) => (ns / 1e6).toFixed(1);
    rows.push([name, step, Math.round(result.requests.average), result.latency.p50, result.latency.p99, result.latency.max, loop(delay.percentile(99)), loop(delay.max), result.non2xx]);
  }
  return rows;
}

function collector(engine: BenchEngine): Promise<Row[]> {
  return withCollector(engine, (server) => runs(`collector, ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, server.port));
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
    `Paced at ${RATE} hits/s (${CONNECTIONS.paced} connections) and flat out (${CONNECTIONS.flat}), ${SECONDS} s a run: the client's latency and the server's event-loop delay`,
    ['target', 'run', 'hits/s', 'p50 ms', 'p99 ms', 'max ms', 'loop delay p99 ms', 'loop delay max ms', 'non-2xx'],
    rows,
  ),
);
