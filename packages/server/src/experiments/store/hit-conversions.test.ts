import { describe, expect, it } from 'vitest';
import { hitConversions, type ActivityGoals, type GoalHit } from './hit-conversions';

const activities: ActivityGoals[] = [
  { id: 1, goals: [{ type: 'page-view', path: '/conditions/' }, { type: 'analytics-event', event: 'event15' }, { type: 'click' }] },
  { id: 2, goals: [{ type: 'analytics-event', event: 'event17' }] },
];
const at = '2026-03-02T09:00:00.000Z';
const hit = (fields: Partial<GoalHit>): GoalHit => ({ visitorId: 'v1', hitType: 'page', pageUrl: null, events: null, receivedAt: at, ...fields });
const goals = (h: GoalHit) => hitConversions(activities, h).map((c) => `${c.activity}:${c.goal}`);

describe('the goals a hit reaches', () => {
  it('a page view of the goal path, with or without its trailing slash, whatever the query', () => {
    expect(goals(hit({ pageUrl: 'https://www.health.localhost/conditions/?q=x#top' }))).toEqual(['1:0']);
    expect(goals(hit({ pageUrl: 'https://www.health.localhost/conditions' }))).toEqual(['1:0']);
    expect(goals(hit({ pageUrl: '/conditions/' }))).toEqual(['1:0']);
    expect(goals(hit({ pageUrl: 'https://www.health.localhost/conditions/asthma/' }))).toEqual([]);
  });

  it('not a link hit on that page', () => {
    expect(goals(hit({ hitType: 'link', pageUrl: 'https://www.health.localhost/conditions/' }))).toEqual([]);
  });

  it('an analytics event by name, with a value or a serial, never by prefix', () => {
    expect(goals(hit({ hitType: 'link', events: 'event1,event15=2,event17:abc' }))).toEqual(['1:1', '2:0']);
    expect(goals(hit({ events: 'event150,event1' }))).toEqual([]);
  });

  it('nothing without a visitor id (no Statistics consent)', () => {
    expect(goals(hit({ visitorId: null, events: 'event15', pageUrl: '/conditions/' }))).toEqual([]);
    expect(goals(hit({ visitorId: '', events: 'event15' }))).toEqual([]);
  });

  it('carries the visitor and the time', () => {
    expect(hitConversions(activities, hit({ events: 'event17' }))).toEqual([{ activity: 2, goal: 0, visitorId: 'v1', at }]);
  });
});
