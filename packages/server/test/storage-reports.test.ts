/**
 * Reports on known data, on both engines (issue 4, item 7): a fixed set of hits over
 * 2024-03-01..03, with hits just outside the range on both sides, and exact expected numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/storage';
import type { NewHit, OpenStorageOptions, Storage } from '../src/storage';
import { createDatabase, dropDatabase } from './support/postgres';

const engines = [
  {
    engine: 'sqlite',
    fresh: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tagwell-reports-'));
      return { options: { dataDir: dir } as OpenStorageOptions, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    engine: 'postgres',
    fresh: async () => {
      const url = await createDatabase();
      return { options: { databaseUrl: url } as OpenStorageOptions, drop: () => dropDatabase(url) };
    },
  },
] as const;

const PROD = 'www.health.localhost';
const STAGING = 'staging.health.localhost';

function page(at: string, pageName: string, siteSection: string | null, events = 'event1', extra: Partial<NewHit> = {}): NewHit {
  return hit(at, { hitType: 'page', pageName, siteSection, events, ...extra });
}

function link(at: string, linkName: string, events: string | null, variables: Record<string, string> = {}, pageName = 'web:home'): NewHit {
  return hit(at, { hitType: 'link', linkType: 'o', linkName, pageName, siteSection: 'web', events, variables });
}

function hit(at: string, fields: Partial<NewHit>): NewHit {
  const events = fields.events ?? null;
  return {
    receivedAt: at,
    host: PROD,
    reportSuites: 'healthprod',
    hitType: 'page',
    linkType: null,
    linkName: null,
    pageName: null,
    pageUrl: null,
    siteSection: null,
    events,
    contextData: {},
    query: 'AQB=1&AQE=1',
    clientIp: null,
    userAgent: null,
    ...fields,
    variables: { pageName: fields.pageName ?? undefined, ...fields.variables, events: events ? events.split(',') : [] },
  };
}

const hits: NewHit[] = [
  // Just before the range.
  page('2024-02-29T23:59:59.999Z', 'web:home', 'web', 'event1,event2'),
  // 2024-03-01
  page('2024-03-01T00:00:00.000Z', 'web:home', 'web'),
  page('2024-03-01T10:00:00.000Z', 'web:conditions:flu', 'web'),
  page('2024-03-01T12:00:00.000Z', 'web:search', 'web', 'event1,event2', { variables: { eVar10: 'flu' } }),
  page('2024-03-01T12:01:00.000Z', 'web:search', 'web', 'event1,event2,event5', { variables: { eVar10: 'zzz' } }),
  link('2024-03-01T13:00:00.000Z', 'Cookies: Statistics Off', null),
  link('2024-03-01T13:05:00.000Z', 'Cookies: Marketing Off', null),
  // 2024-03-02
  page('2024-03-02T08:00:00.000Z', 'developer:home', 'developer'),
  page('2024-03-02T09:00:00.000Z', 'web:home', 'web'),
  page('2024-03-02T09:30:00.000Z', 'web:home', 'web', 'event1', { host: STAGING, reportSuites: 'healthstage,healthglobal' }),
  page('2024-03-02T10:00:00.000Z', 'web:service-search', 'web', 'event1,event3=1'),
  link('2024-03-02T11:00:00.000Z', 'BMI calculator: start', 'event14', { eVar20: 'BMI calculator' }, 'web:tools:bmi'),
  link('2024-03-02T11:01:00.000Z', 'BMI calculator: start', 'event14:ab12', { eVar20: 'BMI calculator' }, 'web:tools:bmi'),
  link('2024-03-02T11:05:00.000Z', 'BMI calculator: result', 'event15', { eVar20: 'BMI calculator' }, 'web:tools:bmi'),
  link('2024-03-02T11:10:00.000Z', 'Heart age: start', 'event14', { eVar20: 'Heart age' }, 'web:tools:heart-age'),
  link('2024-03-02T12:00:00.000Z', 'Feedback: Yes', 'event25', { eVar35: 'yes' }, 'web:home'),
  link('2024-03-02T12:01:00.000Z', 'Feedback: No', 'event25', { eVar35: 'No' }, 'web:home'),
  link('2024-03-02T12:02:00.000Z', 'Feedback: Yes', 'event25', { eVar35: 'yes' }, 'web:conditions:flu'),
  link('2024-03-02T13:00:00.000Z', 'Cookies: Statistics Off', null),
  // 2024-03-03
  page('2024-03-03T07:00:00.000Z', 'web:home', null),
  // event52 and event20 must not count as event5 or event2.
  page('2024-03-03T08:00:00.000Z', 'web:cards', 'web', 'event1,event52,event20'),
  link('2024-03-03T09:00:00.000Z', 'Heart age: result', 'event15', { eVar20: 'Heart age' }, 'web:tools:heart-age'),
  page('2024-03-03T23:59:59.999Z', 'letter:home', 'letter'),
  // Just after the range.
  page('2024-03-04T00:00:00.000Z', 'web:home', 'web', 'event1,event2,event5'),
  link('2024-03-04T00:00:01.000Z', 'Cookies: Marketing Off', null),
  link('2024-03-04T00:00:02.000Z', 'Heart age: start', 'event14', { eVar20: 'Heart age' }),
  link('2024-03-04T00:00:03.000Z', 'Feedback: No', 'event25', { eVar35: 'no' }, 'web:home'),
];

const range = { from: '2024-03-01', to: '2024-03-03' };

describe.each(engines)('reports on $engine', ({ fresh }) => {
  let storage: Storage;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const place = await fresh();
    drop = place.drop;
    storage = await openStorage(place.options);
    await storage.insertHits(hits);
  }, 600_000);
  afterAll(async () => {
    await storage?.close();
    await drop?.();
  });

  it('page views by day: page hits only, whole UTC days, both ends inclusive', async () => {
    expect(await storage.pageViewsByDay(range)).toEqual([
      { day: '2024-03-01', pageViews: 4 },
      { day: '2024-03-02', pageViews: 4 },
      { day: '2024-03-03', pageViews: 3 },
    ]);
    expect(await storage.pageViewsByDay({})).toEqual([
      { day: '2024-02-29', pageViews: 1 },
      { day: '2024-03-01', pageViews: 4 },
      { day: '2024-03-02', pageViews: 4 },
      { day: '2024-03-03', pageViews: 3 },
      { day: '2024-03-04', pageViews: 1 },
    ]);
    expect(await storage.pageViewsByDay({ from: '2024-03-02', to: '2024-03-02' })).toEqual([{ day: '2024-03-02', pageViews: 4 }]);
  });

  it('narrows by host and by report suite (a whole id from the list)', async () => {
    expect(await storage.pageViewsByDay({ ...range, host: STAGING })).toEqual([{ day: '2024-03-02', pageViews: 1 }]);
    expect(await storage.pageViewsByDay({ ...range, reportSuite: 'healthglobal' })).toEqual([{ day: '2024-03-02', pageViews: 1 }]);
    expect(await storage.pageViewsByDay({ ...range, reportSuite: 'health' })).toEqual([]);
  });

  it('page views by site section (prop5), most first, no section last', async () => {
    expect(await storage.pageViewsBySection(range)).toEqual([
      { section: 'web', pageViews: 8 },
      { section: 'developer', pageViews: 1 },
      { section: 'letter', pageViews: 1 },
      { section: null, pageViews: 1 },
    ]);
  });

  it('top pages, ties by name', async () => {
    expect(await storage.topPages(3, range)).toEqual([
      { pageName: 'web:home', pageViews: 4 },
      { pageName: 'web:search', pageViews: 2 },
      { pageName: 'developer:home', pageViews: 1 },
    ]);
    expect(await storage.topPages(100, range)).toHaveLength(7);
  });

  it('searches (event2 or event3) and zero results (event5)', async () => {
    expect(await storage.searches(range)).toEqual({ searches: 3, zeroResults: 1, zeroResultRate: 1 / 3 });
    expect(await storage.searches({ from: '2030-01-01' })).toEqual({ searches: 0, zeroResults: 0, zeroResultRate: 0 });
  });

  it('tool starts (event14) and completions (event15) by tool (eVar20)', async () => {
    expect(await storage.toolFunnel(range)).toEqual([
      { tool: 'BMI calculator', starts: 2, completions: 1 },
      { tool: 'Heart age', starts: 1, completions: 1 },
    ]);
  });

  it('feedback yes and no (eVar35) by page', async () => {
    expect(await storage.feedbackByPage(range)).toEqual([
      { pageName: 'web:conditions:flu', yes: 1, no: 0 },
      { pageName: 'web:home', yes: 1, no: 1 },
    ]);
  });

  it('consent opt-outs: link hits named Cookies: Statistics Off / Marketing Off', async () => {
    expect(await storage.consentOptOuts(range)).toEqual({ statisticsOff: 2, marketingOff: 1 });
    expect(await storage.consentOptOuts({})).toEqual({ statisticsOff: 2, marketingOff: 2 });
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    await expect(storage.pageViewsByDay({ from: '2024-3-1' })).rejects.toThrow(RangeError);
    await expect(storage.searches({ to: '2024-02-30' })).rejects.toThrow(RangeError);
  });
});
