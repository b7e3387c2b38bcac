/**
 * Issue 18, item 2: the aggregates stay in step with the hits through a crash. The server process
 * (the one that holds the port, started with `node --import tsx`, no launcher in front) takes
 * page views, searches, tool, feedback and consent hits from eight clients and is killed with
 * SIGKILL mid-load. Reopened, its aggregates equal a full recount from the raw hits: nothing lost,
 * nothing counted twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openStorage } from '../src/index';
import { Aggregates } from '../src/storage/aggregates';
import { decodeHitRecord } from '../src/storage/hit-record';
import { eventNames, eventNamesColumn } from '../src/storage/text';
import type { HitVariables } from '../src/storage';
import { ROOT } from './support/config';
import { visitorId } from './support/generate-hits';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The server itself: node with tsx's loader, so the child's pid is the process that serves. */
function startServerProcess(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages', 'server', 'src', 'main.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLICATION_SYNC_SECONDS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /www\.health\.localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it started: ${out}`)));
  });
}

/** Hits of every kind the aggregates count, as the health site's container sends them. */
function query(client: number, i: number): string {
  const mid = `mid=${visitorId(client * 1000 + (i % 300))}`;
  const page = `pageName=web%3Aconditions%3Apage-${i % 17}&g=http%3A%2F%2Fwww.health.localhost%2Fconditions%2Fpage-${i % 17}`;
  const link = (name: string) => `pe=lnk_o&pev2=${encodeURIComponent(name)}&${page}`;
  switch (i % 8) {
    case 0:
      return `${page}&c5=web&events=event1,event2&${mid}`;
    case 1:
      return `${page}&events=event1,event2,event5&${mid}`;
    case 2:
      return `${link('BMI calculator: start')}&v20=BMI%20calculator&events=event14&${mid}`;
    case 3:
      return `${link('BMI calculator: result')}&v20=BMI%20calculator&events=event15`;
    case 4:
      return `${link(i % 16 === 4 ? 'Feedback: Yes' : 'Feedback: No')}&v35=${i % 16 === 4 ? 'Yes' : 'no'}&events=event25&${mid}`;
    case 5:
      return link(i % 16 === 5 ? 'Cookies: Statistics Off' : 'Cookies: Marketing Off');
    default:
      return `${page}&c5=${i % 3 ? 'web' : 'developer'}&events=event1,event3&${mid}`;
  }
}

function send(port: number, q: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: `/b/ss/nhsukprod/1/TW-0.1.0/s1?AQB=1&ndh=1&cc=GBP&${q}&AQE=1`, headers: { host: `metrics.health.localhost:${port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });
}

it('after SIGKILL mid-load, the aggregates equal a full recount from the raw hits', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagwell-aggregates-kill-'));
  dirs.push(dataDir);
  const { child, port } = await startServerProcess(dataDir);
  let acknowledged = 0;
  let rejected = 0;
  let killed = false;
  const clients = Array.from({ length: 8 }, async (_, c) => {
    for (let i = 0; !killed; i++) {
      const status = await send(port, query(c, i));
      if (status === 200) acknowledged++;
      else if (status !== 0) rejected++;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  killed = true;
  await Promise.all([exited, ...clients]);
  expect(rejected).toBe(0);
  expect(acknowledged).toBeGreaterThan(100);

  // Opened again, as a restarted server would (SQLite recovers the WAL).
  const storage = await openStorage({ dataDir });
  const pageViews = (await storage.pageViewsByDay({})).reduce((sum, day) => sum + day.pageViews, 0);
  await storage.close();

  const db = new SqliteDatabase(path.join(dataDir, 'tagwell.sqlite'), { readonly: true });
  const raw = new SqliteDatabase(':memory:');
  try {
    type Row = { received_at: string; host: string; report_suites: string; hit_type: 'page' | 'link'; link_name: string | null; page_name: string | null; site_section: string | null; event_names: string; variables: string };
    // The stored hits decoded (storage/hit-record.ts) into a table of plain columns, for the recounts below.
    const stored = db.prepare('select h.received_at, s.host, s.report_suites, h.record from hits h join hit_sources s on s.id = h.source').all() as Array<{ received_at: number; host: string; report_suites: string; record: Buffer }>;
    const hits: Row[] = stored.map((row) => {
      const hit = decodeHitRecord(row.record);
      const names = hit.events != null ? eventNames(hit.events) : (hit.variables.events ?? []);
      return { received_at: new Date(row.received_at).toISOString(), host: row.host, report_suites: row.report_suites, hit_type: hit.hitType, link_name: hit.linkName, page_name: hit.pageName, site_section: hit.siteSection, event_names: eventNamesColumn(names), variables: JSON.stringify(hit.variables) };
    });
    raw.exec('create table hits (received_at text, host text, report_suites text, hit_type text, link_name text, page_name text, site_section text, event_names text, variables text)');
    const insert = raw.prepare('insert into hits values (@received_at, @host, @report_suites, @hit_type, @link_name, @page_name, @site_section, @event_names, @variables)');
    for (const hit of hits) insert.run(hit);
    expect(hits.length).toBeGreaterThanOrEqual(acknowledged);

    // The full recount, with the same rules the writer uses.
    const recount = new Aggregates();
    for (const hit of hits) recount.add(hit, JSON.parse(hit.variables) as HitVariables);
    const expected = recount.rows();
    const counts = db.prepare('select key, dimension, hour, host, report_suites, value, has_value, hits from hit_counts').all();
    const byKey = <T extends { key: string }>(rows: T[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(byKey(counts as Array<{ key: string }>)).toEqual(byKey(expected.counts));
    const dayCounts = db.prepare('select dimension, day, key, host, report_suites, value, has_value, hits from day_counts').all();
    expect(byKey(dayCounts as Array<{ key: string }>)).toEqual(byKey(expected.dayCounts));
    const sketches = (db.prepare('select key, day, host, report_suites, dimension, value, has_value, registers from visitor_sketches').all() as Array<{ key: string; registers: Buffer }>).map((row) => ({
      ...row,
      registers: new Uint8Array(row.registers),
    }));
    expect(byKey(sketches)).toEqual(byKey(expected.sketches));
    expect(expected.sketches.length).toBeGreaterThan(0);

    // And a recount in SQL straight from the hits, which shares no code with the writer.
    const pages = raw.prepare("select count(*) as n from hits where hit_type = 'page'").get() as { n: number };
    expect(pageViews).toBe(pages.n);
    const byPage = raw
      .prepare("select substr(received_at, 1, 10) as day, host, report_suites, page_name as value, count(*) as hits from hits where hit_type = 'page' group by 1, 2, 3, 4 order by 1, 2, 3, 4")
      .all();
    const pageCounts = db.prepare("select day, host, report_suites, value, hits from day_counts where dimension = 'page' order by 1, 2, 3, 4").all();
    expect(pageCounts).toEqual(byPage);
    const bySection = raw
      .prepare("select substr(received_at, 1, 13) as hour, coalesce(site_section, '') as value, count(*) as hits from hits where hit_type = 'page' group by 1, 2 order by 1, 2")
      .all();
    expect(db.prepare("select hour, value, sum(hits) as hits from hit_counts where dimension = 'section' group by 1, 2 order by 1, 2").all()).toEqual(bySection);
    const byEvent = raw
      .prepare(
        `select count(*) filter (where instr(event_names, ',event2,') or instr(event_names, ',event3,')) as searches,
                count(*) filter (where instr(event_names, ',event5,')) as zero,
                count(*) filter (where instr(event_names, ',event14,') and variables ->> 'eVar20' is not null) as starts,
                count(*) filter (where lower(variables ->> 'eVar35') = 'yes') as yes
         from hits`,
      )
      .get();
    const aggregated = db
      .prepare(
        `select coalesce(sum(hits) filter (where dimension = 'search' and value = 'searches'), 0) as searches,
                coalesce(sum(hits) filter (where dimension = 'search' and value = 'zero_results'), 0) as zero,
                coalesce(sum(hits) filter (where dimension = 'tool_start'), 0) as starts,
                (select coalesce(sum(hits), 0) from day_counts where dimension = 'feedback_yes') as yes
         from hit_counts`,
      )
      .get();
    expect(aggregated).toEqual(byEvent);
    expect(Object.values(byEvent as Record<string, number>).every((n) => n > 0)).toBe(true);
  } finally {
    db.close();
    raw.close();
  }
}, 120_000);
