// `npm run bench:scale`: storage at a national site's volume (issue 18 item 5). Stores hits through
// the product's ingest path, then at each size prints every report's time over 1, 7 and 30 days,
// the wait of hits sent over HTTP while reports run, ingest throughput and bytes on disk per hit,
// with the targets as met or not met.
//
//   npm run bench:scale -- --hits 1000000,10000000 --engine sqlite,postgres --seconds 8 --rate 200
//
// --ingest storage (default): in-process, Storage.insertHits, the function the collector's batcher
// calls after parsing (hits, aggregates and sketches in one transaction), with hits spread over 30
// days in arrival order. --ingest http: every hit is a collector request over HTTP (parsing,
// validation and the batcher included); the server gives each hit its own time, so all land today
// and the report ranges end today. HTTP is far slower than in-process: for 1,000,000 hits at most.
//
// Each size is a database of its own, its hits stored over the same 30 days. After the ingest, the
// storage's hourly job runs as it would at noon of the last day: compaction packs the 29 days
// before into blocks (storage/compaction.ts) while hits keep arriving over HTTP (for as long as it
// runs), and every figure
// after it (reports, hits while they run, bytes) is of that steady state.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadConfig, openStorage, startServer, type Storage } from '../packages/server/src/index';
import type { ReportRange } from '../packages/server/src/storage';
import { createDatabase, dropDatabase } from '../packages/server/test/support/postgres';
import { DAYS, FIRST_DAY, collectorPath, hitsInArrivalOrder } from './scale-hits';
import { readLoop, sendAll, sendHits, sendHitsDuring, type Load, type Reads } from './scale-load';
import { formatNumber, ms, table } from './table';

const { values: args } = parseArgs({
  options: {
    hits: { type: 'string', default: '1000000,10000000' },
    engine: { type: 'string', default: 'sqlite,postgres' },
    seconds: { type: 'string', default: '8' },
    rate: { type: 'string', default: '200' },
    batch: { type: 'string', default: '1000' },
    name: { type: 'string' },
    ingest: { type: 'string', default: 'storage' },
  },
});
if (args.ingest !== 'storage' && args.ingest !== 'http') throw new Error(`--ingest is storage or http, not ${args.ingest}`);
const HTTP = args.ingest === 'http';
const SIZES = args.hits.split(',').map(Number).sort((a, b) => a - b);
const ENGINES = args.engine.split(',');
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
/** Hits per insertHits call: what the collector's batcher hands storage under load. */
const BATCH = Number(args.batch);
const root = path.resolve(import.meta.dirname, '..');
const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** Over HTTP every hit is stored today: the ranges end today. */
const TODAY = new Date().toISOString().slice(0, 10);
const RANGES: Array<[string, ReportRange]> = HTTP
  ? [
      ['1 day', { from: TODAY, to: TODAY }],
      ['7 days', { from: dayBefore(TODAY, 6), to: TODAY }],
      ['30 days', { from: dayBefore(TODAY, 29), to: TODAY }],
    ]
  : [
      ['1 day', { from: '2026-10-15', to: '2026-10-15' }],
      ['7 days', { from: '2026-10-10', to: '2026-10-16' }],
      ['30 days', { from: '2026-10-01', to: '2026-10-30' }],
    ];
const INGEST_PATH = HTTP
  ? 'HTTP: every hit a collector request (GET /b/ss/...), 32 at a time, the collector batching them into Storage.insertHits'
  : `in-process: Storage.insertHits, the collector's batch insert with its aggregates, ${BATCH} hits a batch in arrival order over 30 days`;
const TARGET_REPORT_MS = 1000;
const TARGET_P99_MS = 50;
const TARGET_BYTES = 200;
const TARGET_AT = 10_000_000;
/** When the hourly job runs: noon of the last day, so the 29 days before it are packed. */
const COMPACT_AT = HTTP ? new Date() : new Date(Date.parse(`${FIRST_DAY}T12:00:00.000Z`) + (DAYS - 1) * 86_400_000);

type Report = [string, (s: Storage, r: ReportRange) => Promise<unknown>];
const reports: Report[] = [
  ['pageViewsByDay', (s, r) => s.pageViewsByDay(r)],
  ['pageViewsBySection', (s, r) => s.pageViewsBySection(r)],
  ['topPages(10)', (s, r) => s.topPages(10, r)],
  ['searches', (s, r) => s.searches(r)],
  ['toolFunnel', (s, r) => s.toolFunnel(r)],
  ['feedbackByPage', (s, r) => s.feedbackByPage(r)],
  ['consentOptOuts', (s, r) => s.consentOptOuts(r)],
  ['uniqueVisitors', (s, r) => s.uniqueVisitors(r)],
];
/** Every report at once, as the reports API runs them. */
const allReports = (s: Storage, r: ReportRange) => Promise.all(reports.map(([, run]) => run(s, r)));

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

interface Disk {
  /** The whole database. */
  total: number;
  /** The hits table, the blocks of past days, their indexes and hit_sources. */
  hits: number;
  /** Bytes per table or index (PostgreSQL: a table with its indexes and TOAST; hits' day partitions as one), largest first. */
  relations: Array<{ name: string; bytes: number }>;
}

async function diskOf(engine: string, dataDir: string, databaseUrl: string | undefined, baseline: number): Promise<Disk> {
  if (engine === 'sqlite') {
    const db = new Database(path.join(dataDir, 'tagwell.sqlite'), { readonly: true });
    try {
      const pages = db.pragma('page_count', { simple: true }) as number;
      const size = db.pragma('page_size', { simple: true }) as number;
      const free = db.pragma('freelist_count', { simple: true }) as number;
      const rows = db.prepare("select name, sum(pgsize) as bytes from dbstat where aggregate = true group by name").all() as Array<{ name: string; bytes: number }>;
      const hits = rows.filter((r) => /^hits($|_)|^hit_sources|^sqlite_autoindex_hit_sources|^hit_blocks|^sqlite_autoindex_hit_blocks/.test(r.name)).reduce((n, r) => n + r.bytes, 0);
      return { total: (pages - free) * size - baseline, hits, relations: rows.map((r) => ({ name: r.name, bytes: r.bytes })).sort((a, b) => b.bytes - a.bytes) };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const total = await client.query<{ n: string }>('select pg_database_size(current_database()) as n');
    const hits = await client.query<{ n: string }>(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0) as n from pg_class c
       where c.relkind = 'r' and (c.relname ~ '^hits_[0-9]{8}$' or c.relname in ('hit_sources', 'hit_blocks'))`,
    );
    const relations = await client.query<{ name: string; n: string }>(
      `select case when c.relname ~ '^hits_[0-9]{8}$' then 'hits (day partitions)' else c.relname end as name, sum(pg_total_relation_size(c.oid)) as n
       from pg_class c where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace group by 1 order by 2 desc`,
    );
    return { total: Number(total.rows[0]!.n) - baseline, hits: Number(hits.rows[0]!.n), relations: relations.rows.map((r) => ({ name: r.name, bytes: Number(r.n) })) };
  } finally {
    await client.end();
  }
}

interface SizeResult {
  hits: number;
  ingest: { hitsPerSecond: number; seconds: number; batch: number; path: string };
  compaction: { hits: number; blocks: number; seconds: number; load: Load; before: Disk & { totalPerHit: number } };
  reports: Array<{ report: string; ms: Record<string, number> }>;
  loads: Array<{ run: string; load: Load; reads?: Reads }>;
  disk: Disk & { totalPerHit: number; hitsPerHit: number };
  loadAverage: number[];
}

function serverConfig(dataDir: string, databaseUrl: string | undefined) {
  return { ...loadConfig({ PORT: '0', LOG_LEVEL: 'silent' }), dataDir, databaseUrl, propertiesDir: path.join(root, 'properties'), publicationSyncSeconds: 0 };
}

async function benchEngine(engine: string): Promise<SizeResult[]> {
  const results: SizeResult[] = [];
  for (const size of SIZES) results.push(await benchSize(engine, size));
  return results;
}

async function benchSize(engine: string, size: number): Promise<SizeResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-scale-'));
  const databaseUrl = engine === 'postgres' ? await createDatabase('tagwell_scale') : undefined;
  const storage = await openStorage({ dataDir, databaseUrl });
  try {
    const baseline = (await diskOf(engine, dataDir, databaseUrl, 0)).total;
    let stored = 0;
    const start = performance.now();
    // HTTP: the collector of a server of its own, stopped before the reports are timed.
    const collector = HTTP ? await startServer(serverConfig(dataDir, databaseUrl), { logger: false, storage }) : undefined;
    try {
      while (stored < size) {
        const count = Math.min(BATCH, size - stored);
        // One visitor in five hits, as in the generator's health-site shape; the seed makes each batch different.
        const hits = hitsInArrivalOrder(stored, count, size, Math.floor(size / 5));
        if (collector) {
          const refused = await sendAll(collector.port, hits.map(collectorPath));
          if (refused) throw new Error(`${refused} hits refused by the collector`);
        } else await storage.insertHits(hits);
        stored += count;
        if (stored % 500_000 < count) console.log(`${engine}: ${stored.toLocaleString('en-GB')} hits stored (${formatNumber(loadavg()[0]!, 1)} load)`);
      }
    } finally {
      await collector?.stop();
    }
    const seconds = (performance.now() - start) / 1000;
    const ingest = { hitsPerSecond: size / seconds, seconds, batch: BATCH, path: INGEST_PATH };
    console.log(`\n${engine}: ${size.toLocaleString('en-GB')} hits stored in ${seconds.toFixed(1)} s, ${Math.round(ingest.hitsPerSecond).toLocaleString('en-GB')} hits/s, ${ingest.path}`);

    // The hourly job at COMPACT_AT, while hits arrive over HTTP.
    const unpacked = await diskOf(engine, dataDir, databaseUrl, baseline);
    const server = await startServer(serverConfig(dataDir, databaseUrl), { logger: false, storage });
    const loads: SizeResult['loads'] = [];
    let compaction: SizeResult['compaction'];
    try {
      const began = performance.now();
      const packing = storage.compactHits(COMPACT_AT).then((result) => ({ ...result, seconds: (performance.now() - began) / 1000 }));
      const load = await sendHitsDuring(server.port, RATE, packing, SECONDS);
      const packed = await packing;
      stored += load.sent - load.errors;
      compaction = { ...packed, load, before: { ...unpacked, totalPerHit: unpacked.total / size } };
      console.log(
        `${engine}: compaction at ${COMPACT_AT.toISOString()} packed ${packed.hits.toLocaleString('en-GB')} hits into ${packed.blocks.toLocaleString('en-GB')} blocks in ${packed.seconds.toFixed(1)} s` +
          `; hits meanwhile p50 / p99 / worst ${ms(load.p50)} / ${ms(load.p99)} / ${ms(load.max)} ms, ${load.errors} not 2xx`,
      );

      const reportRows: SizeResult['reports'] = [];
      for (const [name, run] of [...reports, ['all, as the reports API', allReports] as Report]) {
        const times: Record<string, number> = {};
        for (const [label, range] of RANGES) times[label] = await median(3, () => run(storage, range));
        reportRows.push({ report: name, ms: times });
      }
      console.log(table(`Reports on ${engine} at ${size.toLocaleString('en-GB')} hits, median of 3, ms`, ['report', ...RANGES.map(([l]) => l)], reportRows.map((r) => [r.report, ...RANGES.map(([l]) => ms(r.ms[l]!))])));

      loads.push({ run: 'hits alone', load: await sendHits(server.port, RATE, SECONDS) });
      const during = sendHits(server.port, RATE, SECONDS);
      const reads = await readLoop(() => allReports(storage, RANGES[2]![1]), during);
      loads.push({ run: 'hits while the reports API (30 days) runs back to back', load: await during, reads });
      console.log(
        table(
          `Hits over HTTP on ${engine} at ${size.toLocaleString('en-GB')} hits, ${RATE} hits/s for ${SECONDS} s; answer time, ms`,
          ['run', 'hits', 'non-2xx', 'p50', 'p99', 'worst', 'reports done', 'slowest report'],
          [['hits while compaction runs', compaction.load, undefined] as const, ...loads.map(({ run, load, reads }) => [run, load, reads] as const)].map(([run, load, reads]) => [
            run, load.sent, load.errors, ms(load.p50), ms(load.p99), ms(load.max), reads?.runs ?? '', reads ? ms(reads.slowest) : '',
          ]),
        ),
      );
      stored += loads.reduce((n, l) => n + l.load.sent - l.load.errors, 0);
      const disk = await diskOf(engine, dataDir, databaseUrl, baseline);
      const perHit = { ...disk, totalPerHit: disk.total / stored, hitsPerHit: disk.hits / stored };
      console.log(
        `${engine} on disk: ${formatNumber(perHit.totalPerHit)} bytes a hit in all (aggregates included; ${formatNumber(compaction.before.totalPerHit)} before compaction), ${formatNumber(perHit.hitsPerHit)} in the hits, their blocks and their indexes`,
      );
      const largest = disk.relations.filter((r) => r.bytes / stored >= 0.5);
      console.log(table(`${engine}: bytes a hit by ${engine === 'sqlite' ? 'table and index (dbstat)' : 'table, its indexes included (pg_total_relation_size)'}`, ['relation', 'bytes a hit'], largest.map((r) => [r.name, formatNumber(r.bytes / stored)])));
      return { hits: size, ingest, compaction, reports: reportRows, loads, disk: perHit, loadAverage: loadavg() };
    } finally {
      await server.stop();
    }
  } finally {
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
}

function targets(engine: string, results: SizeResult[]): Array<[string, string, string, string]> {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const at10m = results.find((r) => r.hits >= TARGET_AT);
  const largest = results.at(-1)!;
  const worst30 = (r: SizeResult) => Math.max(...r.reports.map((x) => x.ms['30 days']!));
  const p99 = Math.max(...results.map((r) => r.loads.find((l) => l.reads)!.load.p99));
  return [
    [
      engine,
      `every 30-day report under ${TARGET_REPORT_MS} ms at ${TARGET_AT.toLocaleString('en-GB')} hits`,
      at10m ? `${ms(worst30(at10m))} ms` : `not run at ${TARGET_AT.toLocaleString('en-GB')} (largest ${largest.hits.toLocaleString('en-GB')}: ${ms(worst30(largest))} ms)`,
      at10m ? verdict(worst30(at10m) < TARGET_REPORT_MS) : 'not measured',
    ],
    [engine, `hits while reports run, p99 under ${TARGET_P99_MS} ms`, `${ms(p99)} ms`, verdict(p99 < TARGET_P99_MS)],
    [engine, `hits while compaction runs, p99 under ${TARGET_P99_MS} ms`, `${ms(Math.max(...results.map((r) => r.compaction.load.p99)))} ms`, verdict(Math.max(...results.map((r) => r.compaction.load.p99)) < TARGET_P99_MS)],
    [engine, `under ${TARGET_BYTES} bytes a hit on disk`, `${formatNumber(largest.disk.totalPerHit)} (hits table ${formatNumber(largest.disk.hitsPerHit)})`, verdict(largest.disk.totalPerHit < TARGET_BYTES)],
  ];
}

console.log(`bench:scale: ${SIZES.map((n) => n.toLocaleString('en-GB')).join(', ')} hits on ${ENGINES.join(', ')}; ingest ${INGEST_PATH}; load ${loadavg().map((n) => formatNumber(n, 1)).join(' ')}`);
const all: Record<string, SizeResult[]> = {};
for (const engine of ENGINES) all[engine] = await benchEngine(engine);
console.log(table('Targets (issue 18)', ['engine', 'target', 'measured', ''], Object.entries(all).flatMap(([engine, results]) => targets(engine, results))));
const out = path.join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `scale-${args.name ?? `${ENGINES.join('-')}-${SIZES.at(-1)}`}.json`);
writeFileSync(file, JSON.stringify({ sizes: SIZES, seconds: SECONDS, rate: RATE, batch: BATCH, ingest: INGEST_PATH, results: all }, null, 2) + '\n');
console.log(`\n${file}`);
process.exit(0);
