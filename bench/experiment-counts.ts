// Experiment results: reading an activity's counts from the experiment tables (migration 007)
// against the peer it replaces, the same counts from a raw log of exposure and goal events (what
// the results would scan without the tables), on the same database in the same run.
//   npx tsx bench/experiment-counts.ts [--visitors 50000] [--engines sqlite,postgres] [--runs 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql, type CompiledQuery } from 'kysely';
import { readActivityCounts, recordConversions, recordExposures, type Conversion, type Exposure } from '../packages/server/src/experiments/store';
import type { Engine } from '../packages/server/src/storage/engine';
import { openPostgres } from '../packages/server/src/storage/engines/postgres';
import { openSqlite } from '../packages/server/src/storage/engines/sqlite';
import { migrate } from '../packages/server/src/storage/migrations/index';
import { createDatabase, dropDatabase } from '../packages/server/test/support/postgres';

const { values } = parseArgs({ options: { visitors: { type: 'string', default: '50000' }, engines: { type: 'string', default: 'sqlite,postgres' }, runs: { type: 'string', default: '5' } } });
const VISITORS = Number(values.visitors);
const RUNS = Number(values.runs);
/** Raw events per visitor: displays on each page view of the activity's location, goal events. */
const DISPLAYS = 6;
const activity = { id: 1, experiences: [{ name: 'A' }, { name: 'B' }], goals: [{ name: 'quiz' }, { name: 'conditions' }] };

type RawRow = { activity: number; visitor: string; experience: number; kind: string; goal: number; at: string };

/** Deterministic traffic: visitor i sees experience i % 2; 4% (A) or 5% (B) reach goal 0 twice, 10% of each goal 1. */
/** The property the bench's activity belongs to. */
const PROPERTY = 'bench';

function traffic() {
  const exposures: Exposure[] = [];
  const conversions: Conversion[] = [];
  const raw: RawRow[] = [];
  for (let i = 0; i < VISITORS * 2; i++) {
    const visitorId = `v${i}`;
    const experience = i % 2;
    const at = new Date(Date.UTC(2026, 2, 1) + i * 1000).toISOString();
    exposures.push({ property: PROPERTY, activity: 1, experience, visitorId, at });
    for (let d = 0; d < DISPLAYS; d++) raw.push({ activity: 1, visitor: visitorId, experience, kind: 'display', goal: -1, at });
    const j = Math.floor(i / 2);
    const goals = [...(j % 100 < (experience ? 5 : 4) ? [0, 0] : []), ...(j % 10 === 3 ? [1] : [])];
    for (const goal of goals) {
      conversions.push({ property: PROPERTY, activity: 1, goal, visitorId, at });
      raw.push({ activity: 1, visitor: visitorId, experience, kind: 'goal', goal, at });
    }
  }
  return { exposures, conversions, raw };
}

async function rawCounts(engine: Engine) {
  // The peer: distinct visitors per experience, and distinct exposed visitors per experience and goal.
  const visitors = await sql`select experience, count(distinct visitor) as n from bench_raw where activity = 1 and kind = 'display' group by experience`.execute(engine.read);
  const converted = await sql`select g.experience, g.goal, count(distinct g.visitor) as n, count(*) as events
    from bench_raw g where g.activity = 1 and g.kind = 'goal'
      and exists (select 1 from bench_raw d where d.activity = 1 and d.kind = 'display' and d.visitor = g.visitor and d.at <= g.at)
    group by g.experience, g.goal`.execute(engine.read);
  return { visitors: visitors.rows, converted: converted.rows };
}

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function measure(name: string, engine: Engine) {
  await migrate(engine, () => undefined);
  const { exposures, conversions, raw } = traffic();
  await sql`create table bench_raw (activity integer not null, visitor text not null, experience integer not null, kind text not null, goal integer not null, at text not null)`.execute(engine.db);
  for (let i = 0; i < raw.length; i += 5000) {
    const rows = raw.slice(i, i + 5000);
    const queries: CompiledQuery[] = [];
    for (let j = 0; j < rows.length; j += 500) queries.push(engine.db.withTables<{ bench_raw: RawRow }>().insertInto('bench_raw').values(rows.slice(j, j + 500)).compile());
    await engine.transact(queries);
  }
  // The peer gets the indexes that help it most.
  await sql`create index bench_raw_kind on bench_raw (activity, kind, experience, visitor)`.execute(engine.db);
  await sql`create index bench_raw_visitor on bench_raw (activity, visitor, kind, at)`.execute(engine.db);
  for (let i = 0; i < exposures.length; i += 5000) await recordExposures(engine, exposures.slice(i, i + 5000));
  for (let i = 0; i < conversions.length; i += 2000) await recordConversions(engine, conversions.slice(i, i + 2000));
  if (engine.kind === 'postgres') await sql`analyze`.execute(engine.db);

  const counts = await readActivityCounts(engine, PROPERTY, activity);
  const peer = await rawCounts(engine);
  const tables = await median(() => readActivityCounts(engine, PROPERTY, activity));
  const scan = await median(() => rawCounts(engine));
  console.log(`${name}: ${(VISITORS * 2).toLocaleString('en-GB')} exposed visitors, ${raw.length.toLocaleString('en-GB')} raw events`);
  console.log(`  experiment tables ${tables.toFixed(1)} ms, raw event log ${scan.toFixed(1)} ms (median of ${RUNS}): ${(scan / tables).toFixed(1)}x`);
  console.log(`  counts: ${JSON.stringify(counts.experiences.map((e) => [e.visitors, e.goals]))}`);
  console.log(`  peer:   ${JSON.stringify(peer)}`);
}

for (const name of values.engines.split(',')) {
  if (name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-bench-experiments-'));
    const engine = openSqlite(dir, { threads: 1, timeoutMs: 120_000 }, () => undefined);
    try {
      await measure('SQLite', engine);
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } else if (name === 'postgres') {
    const url = await createDatabase('tagwell_bench_experiments');
    const engine = openPostgres(url, { connections: 2, timeoutMs: 120_000 }, () => undefined);
    try {
      await measure('PostgreSQL', engine);
    } finally {
      await engine.close();
      await dropDatabase(url);
    }
  }
}
