import type { Activity } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import type { StoredHit } from '../storage';
import { createConversionRecorder, eventsOfHits } from './conversion-recorder';
import type { PublishedEnvironment } from './published';
import type { Conversion } from './store';

const activity = (id: number, state: 'active' | 'paused', event: string) =>
  ({ id, state, experiences: [{ name: 'A' }, { name: 'B' }], goals: [{ type: 'analytics-event', name: 'Goal', event }] }) as unknown as Activity;
const environment = (name: PublishedEnvironment['environment'], hosts: string[], reportSuites: string[], activities: Activity[]): PublishedEnvironment => ({
  property: 'health-site',
  environment: name,
  version: 1,
  publishedAt: '2026-11-01T00:00:00.000Z',
  personalisation: undefined,
  hosts,
  reportSuites,
  activities,
});
const ENVIRONMENTS = [
  environment('development', ['dev.health.localhost'], ['nhsukdev'], [activity(1, 'active', 'event15')]),
  environment('production', ['www.health.localhost'], ['nhsukprod'], [activity(2, 'active', 'event15'), activity(3, 'paused', 'event15')]),
];
const hit = (fields: Partial<StoredHit>): StoredHit =>
  ({ id: 1, receivedAt: '2026-11-25T10:00:00.000Z', hitType: 'page', pageUrl: null, reportSuites: 'nhsukprod', events: 'event15', query: '', variables: { marketingCloudVisitorID: 'v' }, ...fields }) as StoredHit;
const activities = (h: StoredHit) => eventsOfHits(ENVIRONMENTS, [h]).conversions.map((c) => c.activity);

describe('the conversions of stored hits', () => {
  it('count for the active activities of the environment of the page host, paused ones not', () => {
    expect(activities(hit({ pageUrl: 'https://www.health.localhost/tools/bmi' }))).toEqual([2]);
    expect(activities(hit({ pageUrl: 'https://DEV.health.localhost/', reportSuites: 'nhsukprod' }))).toEqual([1]);
  });
  it('fall back on the report suite when the page host is unknown or missing', () => {
    expect(activities(hit({ pageUrl: 'https://elsewhere.example/', reportSuites: 'nhsukdev' }))).toEqual([1]);
    expect(activities(hit({ pageUrl: 'not a url', reportSuites: 'other,nhsukdev' }))).toEqual([1]);
    expect(activities(hit({ reportSuites: 'unknown' }))).toEqual([]);
  });
  it('need a visitor id (Statistics consent) and the goal', () => {
    expect(activities(hit({ variables: {} }))).toEqual([]);
    expect(activities(hit({ events: 'event17' }))).toEqual([]);
  });
});

describe('the exposures of stored hits (tnta)', () => {
  const shown = (fields: Partial<StoredHit>) => eventsOfHits(ENVIRONMENTS, [hit({ events: null, query: 'AQB=1&tnta=2%3A1%3A0%7C2%2C3%3A0%3A0%7C2&AQE=1', ...fields })]);
  it('expose the visitor to the experiences of active activities of the environment, before the conversions of the same hit', () => {
    expect(shown({ pageUrl: 'https://www.health.localhost/' })).toEqual({
      exposures: [{ property: 'health-site', environment: 'production', activity: 2, experience: 1, visitorId: 'v', at: '2026-11-25T10:00:00.000Z' }],
      conversions: [],
    });
    expect(shown({ events: 'event15' }).conversions.map((c) => c.activity)).toEqual([2]);
    expect(shown({ pageUrl: 'https://dev.health.localhost/', query: 'tnta=1%3A0%3A0%7C2' }).exposures.map((e) => [e.environment, e.activity, e.experience])).toEqual([['development', 1, 0]]);
  });
  it('need a visitor id (Statistics consent)', () => {
    expect(shown({ variables: {} })).toEqual({ exposures: [], conversions: [] });
  });
});

describe('the recorder', () => {
  it('stores batches in order and logs a failure without passing it on', async () => {
    const stored: Conversion[][] = [];
    const logged: string[] = [];
    let calls = 0;
    const recorder = createConversionRecorder({
      published: async () => ENVIRONMENTS,
      store: async (found) => {
        if (++calls === 1) throw new Error('unavailable');
        stored.push([...found.conversions]);
      },
      log: (error, message) => logged.push(`${message}: ${(error as Error).message}`),
    });
    recorder.record([hit({ id: 1 })]);
    recorder.record([hit({ id: 2, pageUrl: 'https://dev.health.localhost/' })]);
    recorder.record([hit({ id: 3, variables: {} })]);
    await recorder.drain();
    expect(logged).toEqual(['experiment conversions of a stored batch were not recorded: unavailable']);
    expect(stored.map((batch) => batch.map((c) => c.activity))).toEqual([[1]]);
  });
});
