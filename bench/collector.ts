// `npm run bench:collector` (issue 4 §9, issue 17 target 4): autocannon against the collector on
// SQLite and on PostgreSQL, and against a bare Node `http` server answering 204, in the same run.
// Loopback only, bounded in time. The load generator runs in its own process (autocannon's CLI),
// so it never shares an event loop with the server it measures. Prints throughput and p50/p99, the
// ratio collector/bare, the server's CPU per hit (main thread, whole process), and the targets as
// met or not met.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBarePeer } from './bare-peer';
import { CONNECTIONS, loadCollector, withCollector, type BenchEngine } from './collector-hit';
import { ms, table, times } from './table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 1000;
const root = path.resolve(import.meta.dirname, '..');


interface Figures {
  name: string;
  throughput: number;
  /** Main-thread CPU (user and system) per answered hit in the flat-out run, µs; null off Linux. */
  mainCpuPerHit: number | null;
  /** The whole server process's CPU (its writer and reader threads too) per answered hit, µs. */
  processCpuPerHit: number;
  p50: number;
  p99: number;
  ratePerSecond: number;
  rateP50: number;
  rateP99: number;
  non2xx: number;
}


/**
 * CPU time of this process's main thread (where each server here runs its event loop), µs: Linux's
 * /proc/self/task/<pid>/stat, in clock ticks of 10 ms; null where there is none. Unlike throughput, it
 * does not move with the load generator's share of the cores or the disk's fsync latency, so it shows
 * what a change to the request path costs or saves on a busy machine.
 */
function mainThreadCpu(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

async function measure(name: string, port: number): Promise<Figures> {
  const main = mainThreadCpu();
  const all = process.cpuUsage();
  const flat = await loadCollector(port, { seconds: SECONDS });
  const mainAfter = mainThreadCpu();
  const { user, system } = process.cpuUsage(all);
  const paced = await loadCollector(port, { seconds: SECONDS, rate: RATE });
  const hits = Math.max(1, flat.requests.total);
  return {
    name,
    throughput: flat.requests.average,
    mainCpuPerHit: main === null || mainAfter === null ? null : (mainAfter - main) / hits,
    processCpuPerHit: (user + system) / hits,
    p50: flat.latency.p50,
    p99: flat.latency.p99,
    ratePerSecond: paced.requests.average,
    rateP50: paced.latency.p50,
    rateP99: paced.latency.p99,
    non2xx: flat.non2xx + paced.non2xx,
  };
}

async function bare(): Promise<Figures> {
  const peer = await startBarePeer();
  try {
    return await measure('bare Node http, 204', peer.port);
  } finally {
    await peer.close();
  }
}

async function collector(name: string, engine: BenchEngine): Promise<Figures> {
  return withCollector(engine, async (server) => {
    const figures = await measure(name, server.port);
    // Every hit answered 2xx is stored: count them, so the figures are of durable writes.
    const stored = (await server.storage.latestHits({ limit: 1 }))[0]?.id ?? 0;
    return { ...figures, name: `${name} (${stored.toLocaleString('en-GB')} hits stored)` };
  });
}

const results: Figures[] = [];
results.push(await bare());
results.push(await collector('collector, SQLite', 'sqlite'));
results.push(await collector('collector, PostgreSQL', 'postgres'));
const base = results[0]!;
console.log(
  table(
    `Collector, ${SECONDS} s per run, ${CONNECTIONS.flat} connections flat out, then ${RATE} hits/s paced (${CONNECTIONS.paced} connections)`,
    ['target', 'hits/s', 'vs bare', 'p50 ms', 'p99 ms', 'main CPU µs/hit', 'process CPU µs/hit', `at ${RATE}/s: hits/s`, 'p50 ms', 'p99 ms', 'non-2xx'],
    results.map((r) => [
      r.name,
      Math.round(r.throughput),
      times(r.throughput / base.throughput),
      ms(r.p50),
      ms(r.p99),
      r.mainCpuPerHit === null ? 'n/a' : Math.round(r.mainCpuPerHit),
      Math.round(r.processCpuPerHit),
      Math.round(r.ratePerSecond),
      ms(r.rateP50),
      ms(r.rateP99),
      r.non2xx,
    ]),
  ),
);
const mark = (met: boolean) => (met ? '[met]' : '[NOT met]');
const sqlite = results[1]!;
console.log(`\nTargets (issue 17 target 4; reported, not asserted):`);
console.log(`${mark(sqlite.throughput / base.throughput >= 0.5)} SQLite, durable writes (2xx after commit): at least 0.5x of bare throughput: ${times(sqlite.throughput / base.throughput)}`);
for (const r of results.slice(1)) console.log(`${mark(r.rateP99 < 10)} ${r.name}: p99 under 10 ms at ${RATE} hits/s: ${ms(r.rateP99)} ms`);
const out = path.join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, `collector-${new Date().toISOString().slice(0, 10)}.json`), JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS.flat, rate: RATE, results }, null, 2) + '\n');
process.exit(0);
