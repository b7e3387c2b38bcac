/**
 * Experiment counts on known hits, on both engines (issue 14 item 3): exposures and goal hits go
 * into the experiment tables (migration 007), the counts come back exact, and the results computed
 * from them match an independent reference (src/experiments/reference/reference-values.py).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCountsSchema, computeResults } from '../src/experiments';
import { expectClose } from '../src/experiments/reference/close';
import { hitConversions, readActivityCounts, recordConversions, recordExposures, visitorKey, type GoalHit } from '../src/experiments/store';
import type { Engine } from '../src/storage/engine';
import { openPostgres } from '../src/storage/engines/postgres';
import { openSqlite } from '../src/storage/engines/sqlite';
import { migrate } from '../src/storage/migrations/index';
import { createDatabase, dropDatabase } from './support/postgres';

const activity = {
  id: 4242,
  experiences: [{ name: 'Current hero' }, { name: 'Symptom checker hero' }],
  goals: [
    { type: 'page-view' as const, name: 'Conditions page', path: '/conditions/' },
    { type: 'analytics-event' as const, name: 'Tool completed', event: 'event15' },
    { type: 'click' as const, name: 'Hero click' },
  ],
};
const other = { id: 7, experiences: [{ name: 'A' }, { name: 'B' }], goals: [{ type: 'page-view' as const, name: 'Conditions', path: '/conditions' }] };

const T0 = new Date('2026-03-02T09:00:00Z');
/** The property of the activities; OTHER_PROPERTY numbers one of its own activities 4242 too. */
const P = 'health-site';
const OTHER_PROPERTY = 'other-site';
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

function page(visitorId: string | null, url: string, at: Date, events = 'event1'): GoalHit {
  return { visitorId, hitType: 'page', pageUrl: url, events, receivedAt: at };
}

/** The known traffic: 41 of 1,000 convert in control, 62 of 1,000 in the challenger, with noise that must not count. */
async function play(engine: Engine): Promise<void> {
  const control = ids('c', 1000);
  const challenger = ids('t', 1000);
  await recordExposures(engine, [
    // Another property's activity of the same number, shown first to some of the same visitors, stays in that property.
    ...control.slice(0, 200).map((visitorId) => ({ property: OTHER_PROPERTY, activity: 4242, experience: 1, visitorId, at: T0 })),
    ...control.map((visitorId) => ({ property: P, activity: 4242, experience: 0, visitorId, at: T0 })),
    ...challenger.map((visitorId) => ({ property: P, activity: 4242, experience: 1, visitorId, at: T0 })),
    // Another activity's exposures of the same visitors stay in that activity.
    ...control.slice(0, 300).map((visitorId) => ({ property: P, activity: 7, experience: 1, visitorId, at: T0 })),
  ]);
  // Shown again, even as another experience: counted once, in the first.
  await recordExposures(engine, [{ property: P, activity: 4242, experience: 1, visitorId: 'c0', at: later(5) }]);

  const hits: GoalHit[] = [
    ...control.slice(0, 41).map((v) => page(v, 'https://www.health.localhost/conditions/', later(10))),
    // Ten of them come back: more conversion events, the same converting visitors.
    ...control.slice(0, 10).map((v) => page(v, 'https://www.health.localhost/conditions', later(20))),
    ...challenger.slice(0, 62).map((v) => page(v, 'https://www.health.localhost/conditions/?q=1', later(10))),
    ...challenger.slice(100, 105).map((v) => ({ visitorId: v, hitType: 'link', pageUrl: 'https://www.health.localhost/bmi', events: 'event15=1,event17', receivedAt: later(15) })),
    // Before the visitor's exposure, by a visitor never exposed, without consent (no id), another page.
    page('t999', 'https://www.health.localhost/conditions/', later(-1)),
    page('stranger', 'https://www.health.localhost/conditions/', later(10)),
    page(null, 'https://www.health.localhost/conditions/', later(10)),
    page('t998', 'https://www.health.localhost/conditions/asthma/', later(10)),
  ];
  await recordConversions(engine, hits.flatMap((hit) => hitConversions([activity, other], hit).map((c) => ({ ...c, property: P }))));
}

const engines = [
  {
    name: 'sqlite',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-experiments-'));
      const engine = openSqlite(dir, { threads: 1, timeoutMs: 30_000 }, () => undefined);
      return { engines: [engine], drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    open: async () => {
      const url = await createDatabase();
      // Two server processes' worth of pools on one database.
      const engines = [openPostgres(url, { connections: 2, timeoutMs: 30_000 }, () => undefined), openPostgres(url, { connections: 2, timeoutMs: 30_000 }, () => undefined)];
      return { engines, drop: () => dropDatabase(url) };
    },
  },
] as const;

describe.each(engines)('experiment counts on $name', ({ open }) => {
  let all: Engine[];
  let engine: Engine;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await open();
    all = opened.engines;
    engine = all[0]!;
    drop = opened.drop;
    await migrate(engine, () => undefined);
    await play(engine);
  });

  afterAll(async () => {
    await Promise.all((all ?? []).map((e) => e.close()));
    await drop?.();
  });

  it('counts each exposed visitor once and each converting visitor once per goal', async () => {
    const counts = await readActivityCounts(engine, P, activity);
    expect(counts).toEqual({
      activity: '4242',
      control: '0',
      goals: [
        { id: '0', name: 'Conditions page' },
        { id: '1', name: 'Tool completed' },
        { id: '2', name: 'Hero click' },
      ],
      experiences: [
        { id: '0', name: 'Current hero', visitors: 1000, goals: { '0': { conversions: 41, total: 51 } } },
        { id: '1', name: 'Symptom checker hero', visitors: 1000, goals: { '0': { conversions: 62, total: 62 }, '1': { conversions: 5, total: 5 } } },
      ],
    });
    // The other property's activity 4242: its own visitors and no conversions of this property's hits.
    const elsewhere = await readActivityCounts(engine, OTHER_PROPERTY, activity);
    expect(elsewhere.experiences.map((e) => [e.visitors, e.goals])).toEqual([
      [0, {}],
      [200, {}],
    ]);
    const separate = await readActivityCounts(engine, P, other);
    expect(separate.experiences.map((e) => e.visitors)).toEqual([0, 300]);
    expect(separate.experiences[1]!.goals).toEqual({ '0': { conversions: 41, total: 51 } });
  });

  it('gives the reference results from those counts', async () => {
    const results = computeResults(activityCountsSchema.parse(await readActivityCounts(engine, P, activity)));
    const challenger = results.goals[0]!.experiences[1]!.comparison!;
    expectClose(challenger.test?.pValue, 0.0336180274934405, 'p');
    expectClose(challenger.liftInterval?.lower, 0.0293148149134861, 'lift lower');
    expect(challenger.outcome).toBe('better');
    expect(results.goals[1]!.experiences[1]!.comparison!.outcome).toBe('not-enough-data');
  });

  it('keeps no visitor id, only its key', async () => {
    const rows = await engine.db.withTables<{ experiment_visitors: { visitor: string } }>().selectFrom('experiment_visitors').select('visitor').execute();
    expect(rows.some((r) => /^[ct]\d+$/.test(r.visitor))).toBe(false);
    expect(rows.map((r) => r.visitor)).toContain(visitorKey('c0'));
  });

  it('counts a visitor once when servers record its exposure at the same time', async () => {
    const visitors = ids('race', 200);
    await Promise.all(all.flatMap((e, n) => [0, 1].map((experience) => recordExposures(e, visitors.map((visitorId) => ({ property: P, activity: 99, experience: (experience + n) % 2, visitorId, at: T0 }))))));
    const counts = await readActivityCounts(engine, P, { id: 99, experiences: [{ name: 'A' }, { name: 'B' }], goals: [{ name: 'g' }] });
    expect(counts.experiences[0]!.visitors + counts.experiences[1]!.visitors).toBe(200);
  });
});
