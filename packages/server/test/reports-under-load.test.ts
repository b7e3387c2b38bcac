/**
 * Issue 18, item 1, over real HTTP: no read holds up ingestion. On a large hits table, the
 * reports API and beacon API scans run back to back while hits arrive; every hit is answered
 * within seconds. A read past the statement timeout is a 504 QUERY_TIMEOUT, and hits go on.
 * (How long the answers take is measured by bench/scale.ts, not here.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openStorage, startServer, type RunningServer, type Storage } from '../src/index';
import { AdminClient } from './support/admin-client';
import { testConfig } from './support/config';
import { generateHits } from './support/generate-hits';

const PASSWORD = 'correct horse battery staple';
const TOKEN = 'reader-token-for-the-load-test';
const HITS = 100_000;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serve(options: { hits: number; readTimeoutMs?: number }): Promise<{ server: RunningServer; storage: Storage; client: AdminClient; pageViews: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-load-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const storage = await openStorage({ dataDir, readTimeoutMs: options.readTimeoutMs });
  cleanups.push(() => storage.close());
  let pageViews = 0;
  for (let i = 0; i < options.hits; i += 5000) {
    const hits = generateHits({ count: Math.min(5000, options.hits - i), seed: i + 1, visitors: options.hits / 5 });
    pageViews += hits.filter((h) => h.hitType === 'page').length;
    await storage.insertHits(hits);
  }
  const server = await startServer(testConfig({ dataDir, apiToken: TOKEN, firstAdmin: { username: 'reader', password: PASSWORD } }), { logger: false, storage });
  cleanups.push(() => server.stop());
  const client = new AdminClient(`http://127.0.0.1:${server.port}`);
  expect((await client.signIn('reader', PASSWORD)).status).toBe(200);
  return { server, storage, client, pageViews };
}

/** One page view; resolves with the status and how long the answer took. */
function hit(port: number, n: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const query = `AQB=1&ndh=1&pageName=load%3A${n}&cc=GBP&c5=web&events=event1&AQE=1`;
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: `/b/ss/nhsukprod/1/TW-0.1.0/s1?${query}`, headers: { host: `metrics.health.localhost:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('answers every hit within seconds while reports and beacon scans run back to back on a large table', async () => {
  const { server, client, pageViews } = await serve({ hits: HITS });
  const until = Date.now() + 6000;
  const reads = { reports: [] as number[], beacons: [] as number[] };
  const readers = [
    (async () => {
      while (Date.now() < until) reads.reports.push((await client.get('/api/admin/reports?from=2026-10-01&to=2026-10-30')).status);
    })(),
    (async () => {
      // A filter nothing matches: the whole hits table is scanned for 1000 hits.
      while (Date.now() < until) reads.beacons.push((await client.get('/api/beacons?limit=1000&reportSuite=nosuchsuite')).status);
    })(),
  ];
  const answers: Array<{ status: number; ms: number }> = [];
  const senders = Array.from({ length: 4 }, async (_, c) => {
    for (let i = 0; Date.now() < until; i++) {
      answers.push(await hit(server.port, c * 100_000 + i));
      await sleep(50);
    }
  });
  await Promise.all([...readers, ...senders]);

  expect(reads.reports.length).toBeGreaterThan(0);
  expect(reads.beacons.length).toBeGreaterThan(0);
  expect(new Set([...reads.reports, ...reads.beacons])).toEqual(new Set([200]));
  const slowest = Math.max(...answers.map((a) => a.ms));
  expect(slowest, `slowest hit answer: ${Math.round(slowest)} ms`).toBeLessThan(3000);
  expect(answers.length).toBeGreaterThan(20);
  expect(answers.filter((a) => a.status !== 200)).toEqual([]);

  // The reports saw every page view of the table, and the hits sent meanwhile.
  const report = (await client.get<{ pageViewsByDay: Array<{ pageViews: number }>; uniqueVisitors: { visitors: number } }>('/api/admin/reports')).body;
  const total = report.pageViewsByDay.reduce((sum, day) => sum + day.pageViews, 0);
  expect(total).toBe(pageViews + answers.length);
  expect(report.uniqueVisitors.visitors).toBeGreaterThan(0);
}, 180_000);

it('answers a read past the statement timeout with 504 QUERY_TIMEOUT, and keeps taking hits', async () => {
  // A timeout no read can meet: every read times out.
  const { server, client } = await serve({ hits: 10, readTimeoutMs: 1 });
  const beacons = await fetch(`http://127.0.0.1:${server.port}/api/beacons?limit=10`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(beacons.status).toBe(504);
  expect(((await beacons.json()) as { error: { code: string } }).error.code).toBe('QUERY_TIMEOUT');
  const reports = await client.get<{ error: { code: string } }>('/api/admin/reports');
  expect(reports.status).toBe(504);
  expect(reports.body.error.code).toBe('QUERY_TIMEOUT');
  expect((await hit(server.port, 1)).status).toBe(200);
}, 60_000);
