// The load side of `npm run bench:scale`: hits sent over HTTP at a fixed rate from a worker thread
// (a blocked server event loop cannot hold back the requests it sends or the clock that times
// them), and reads run back to back beside them.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

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

export interface Load {
  sent: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

/** `rate` hits a second for `seconds` to the collector on `port`; their answer times. */
export async function sendHits(port: number, rate: number, seconds: number): Promise<Load> {
  return summarise(await loadRun(port, rate, seconds));
}

/** The same, from now until `work` settles (at least `seconds`), in runs of two seconds. */
export async function sendHitsDuring(port: number, rate: number, work: Promise<unknown>, seconds: number): Promise<Load> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  const started = performance.now();
  const all: Run = { latencies: [], errors: 0 };
  while (!done || performance.now() - started < seconds * 1000) {
    const run = await loadRun(port, rate, 2);
    all.latencies.push(...run.latencies);
    all.errors += run.errors;
  }
  return summarise(all);
}

interface Run {
  latencies: number[];
  errors: number;
}

function loadRun(port: number, rate: number, seconds: number): Promise<Run> {
  const query = 'AQB=1&ndh=1&pageName=conditions%3Achickenpox&g=http%3A%2F%2Fwww.health.localhost%2Fconditions%2Fchickenpox&cc=GBP&ch=conditions&c5=web&events=event1&AQE=1';
  const worker = new Worker(LOAD, { eval: true, workerData: { port, rate, seconds, path: `/b/ss/nhsukprod/1/TW-0.1.0/s1?${query}` } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (run: Run) => {
      void worker.terminate();
      resolve(run);
    });
  });
}

function summarise({ latencies, errors }: Run): Load {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { sent: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export interface Reads {
  runs: number;
  failed: number;
  slowest: number;
}

/** Runs `read` back to back until `until` settles; how many completed and the slowest. */
export async function readLoop(read: () => Promise<unknown>, until: Promise<unknown>): Promise<Reads> {
  let done = false;
  void until.finally(() => (done = true));
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
  return { runs, failed, slowest };
}

const INGEST = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, paths, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let next = 0, done = 0, errors = 0;
const one = () => {
  if (next >= paths.length) return;
  const path = paths[next++];
  const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { host: 'metrics.health.localhost' } }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode >= 300) errors++; finish(); });
  });
  req.on('error', () => { errors++; finish(); });
};
const finish = () => { done++; if (done === paths.length) { agent.destroy(); parentPort.postMessage({ errors }); } else one(); };
for (let i = 0; i < concurrency; i++) one();
`;

/** Sends every path to the collector on `port`, `concurrency` requests at a time, from a worker thread; how many were not 2xx. */
export function sendAll(port: number, paths: readonly string[], concurrency = 32): Promise<number> {
  if (paths.length === 0) return Promise.resolve(0);
  const worker = new Worker(INGEST, { eval: true, workerData: { port, paths, concurrency } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', ({ errors }: { errors: number }) => {
      void worker.terminate();
      resolve(errors);
    });
  });
}
