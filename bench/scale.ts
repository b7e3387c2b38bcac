// `npx tsx bench/scale.ts`: storage on a large hits table. Fills it through Storage, times every
// report, then measures how long hits wait for their answer while reads run beside them.
//
//   HITS=300000        hits in the table (30 days of made-up health-site traffic)
//   BENCH_SECONDS=8    length of each ingestion run
//   RATE=200           hits/s sent during each ingestion run
//   ENGINES=sqlite     sqlite,postgres for both
//
// The load generator runs in a worker thread, so a blocked server event loop cannot hold back the
// requests it sends or the clock that times them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { loadConfig, openStorage, startServer, type Storage } from '../packages/server/src/index';
import type { ReportRange } from '../packages/server/src/storage';
import { generateHits } from '../packages/server/test/support/generate-hits';
import { createDatabase, dropDatabase } from '../packages/server/test/support/postgres';
import { ms, table } from './table';

const HITS = Number(process.env.HITS ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.RATE ?? 200);
const ENGINES = (process.env.ENGINES ?? 'sqlite').split(',');
const root = path.resolve(import.meta.dirname, '..');
const CHUNK = 5000;
const month: ReportRange = { from: '2026-10-01', to: '2026-10-30' };
const oneDay: ReportRange = { from: '2026-10-15', to: '2026-10-15' };

/** Every report of the reports API, as it runs them (routes/admin/reports.ts). */
function allReports(storage: Storage, range: ReportRange): Promise<unknown[]> {
  const optional = storage as Storage & { uniqueVisitors?: (range: ReportRange) => Promise<unknown> };
  return Promise.all([
    storage.pageViewsByDay(range),
    storage.pageViewsBySection(range),
    storage.topPages(10, range),
    storage.searches(range),
    storage.toolFunnel(range),
    storage.feedbackByPage(range),
    storage.consentOptOuts(range),
    ...(optional.uniqueVisitors ? [optional.uniqueVisitors(range)] : []),
  ]);
}

const reports: Array<[string, (s: Storage, r: ReportRange) => Promise<unknown>]> = [
  ['pageViewsByDay', (s, r) => s.pageViewsByDay(r)],
  ['pageViewsBySection', (s, r) => s.pageViewsBySection(r)],
  ['topPages(10)', (s, r) => s.topPages(10, r)],
  ['searches', (s, r) => s.searches(r)],
  ['toolFunnel', (s, r) => s.toolFunnel(r)],
  ['feedbackByPage', (s, r) => s.feedbackByPage(r)],
  ['consentOptOuts', (s, r) => s.consentOptOuts(r)],
  ['uniqueVisitors', (s, r) => (s as Storage & { uniqueVisitors?: (r: ReportRange) => Promise<unknown> }).uniqueVisitors?.(r) ?? Promise.resolve()],
  ['all, as the reports API', allReports],
  ['latestHits(1000), no match: a scan', (s) => s.latestHits({ limit: 1000, reportSuite: 'nosuchsuite' })],
];

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, rate, seconds, path } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const latencies = [];
let errors = 0, inflight = 0, sent = 0;
const start = performance.now();
const finish = () => { if (inflight === 0 && performance.now() - start >= seconds * 1000) { clearInterval(timer); agent.destroy(); parentPort.postMessage({ latencies, errors }); } };
const one = () => {
  inflight++; sent++;
  const t0 = performance.now();
  const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { host: 'metrics.health.localhost' } }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode >= 300) errors++; latencies.push(performance.now() - t0); inflight--; finish(); });
  });
  req.on('error', () => { errors++; inflight--; finish(); });
};
const timer = setInterval(() => {
  const due = Math.min(Math.floor(((performance.now() - start) / 1000) * rate), rate * seconds);
  while (sent < due) one();
  finish();
}, 5);
`;

interface Load {
  sent: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

function sendHits(port: number): Promise<Load> {
  const query = 'AQB=1&ndh=1&pageName=conditions%3Achickenpox&g=http%3A%2F%2Fwww.health.localhost%2Fconditions%2Fchickenpox&cc=GBP&ch=conditions&c5=web&events=event1&AQE=1';
  const worker = new Worker(LOAD, { eval: true, workerData: { port, rate: RATE, seconds: SECONDS, path: `/b/ss/nhsukprod/1/TW-0.1.0/s1?${query}` } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', ({ latencies, errors }: { latencies: number[]; errors: number }) => {
      void worker.terminate();
      const sorted = latencies.sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      resolve({ sent: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN });
    });
  });
}

/** Runs `read` back to back for the length of a run (or until `until` settles); how many completed and the slowest. */
async function readLoop(read: () => Promise<unknown>, until: Promise<unknown>): Promise<{ runs: number; failed: number; slowest: number }> {
  let done = false;
  void until.finally(() => (done = true));
  const stop = setTimeout(() => (done = true), SECONDS * 1000);
  let runs = 0;
  let failed = 0;
  let slowest = 0;
  while (!done) {
    const start = performance.now();
    try {
      await read();
      runs++;
    } catch {
      failed++;
    }
    slowest = Math.max(slowest, performance.now() - start);
    // A macrotask between reads, as between two HTTP requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  clearTimeout(stop);
  return { runs, failed, slowest };
}

async function benchEngine(engine: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-scale-'));
  const databaseUrl = engine === 'postgres' ? await createDatabase('tagwell_scale') : undefined;
  const storage = await openStorage({ dataDir, databaseUrl });
  try {
    const fillStart = performance.now();
    for (let i = 0; i < HITS; i += CHUNK) {
      await storage.insertHits(generateHits({ count: Math.min(CHUNK, HITS - i), seed: i + 1, visitors: Math.floor(HITS / 5) }));
    }
    const fillSeconds = (performance.now() - fillStart) / 1000;
    console.log(`${engine}: ${HITS.toLocaleString('en-GB')} hits stored in ${fillSeconds.toFixed(1)} s (${Math.round(HITS / fillSeconds).toLocaleString('en-GB')} hits/s, batches of ${CHUNK})`);

    const reportRows: Array<[string, string, string]> = [];
    for (const [name, run] of reports) {
      reportRows.push([name, ms(await median(3, () => run(storage, month))), ms(await median(3, () => run(storage, oneDay)))]);
    }
    console.log(table(`Reports on ${engine}, ${HITS.toLocaleString('en-GB')} hits, median of 3, ms`, ['report', '30 days', '1 day'], reportRows));

    const server = await startServer(
      { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, databaseUrl, propertiesDir: path.join(root, 'properties'), publicationSyncSeconds: 0 },
      { logger: false, storage },
    );
    const loads: Array<{ name: string; load: Load; reads?: { runs: number; failed: number; slowest: number } }> = [];
    try {
      loads.push({ name: 'hits alone', load: await sendHits(server.port) });
      {
        const load = sendHits(server.port);
        const reads = await readLoop(() => allReports(storage, month), load);
        loads.push({ name: 'hits + reports API (30 days) back to back', load: await load, reads });
      }
      {
        const load = sendHits(server.port);
        const reads = await readLoop(() => storage.latestHits({ limit: 1000, reportSuite: 'nosuchsuite' }), load);
        loads.push({ name: 'hits + latestHits scans back to back', load: await load, reads });
      }
    } finally {
      await server.stop();
    }
    console.log(
      table(
        `Hits answered on ${engine} while reads run, ${RATE} hits/s for ${SECONDS} s; latency ms`,
        ['run', 'hits', 'non-2xx', 'p50', 'p99', 'max', 'reads done', 'slowest read ms'],
        loads.map(({ name, load, reads }) => [name, load.sent, load.errors, ms(load.p50), ms(load.p99), ms(load.max), reads?.runs ?? '', reads ? ms(reads.slowest) : '']),
      ),
    );
    return { engine, hits: HITS, fillSeconds, reports: reportRows, loads };
  } finally {
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
}

const results = [];
for (const engine of ENGINES) results.push(await benchEngine(engine));
const out = path.join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `scale-${process.env.BENCH_NAME ?? new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(file, JSON.stringify({ hits: HITS, seconds: SECONDS, rate: RATE, results }, null, 2) + '\n');
console.log(`\n${file}`);
process.exit(0);
