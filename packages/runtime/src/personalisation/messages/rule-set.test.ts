// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { resetPage, setUrl } from '../../core/test-helpers';
import type { Context } from '../../core/types';
import { ruleSetHolds } from './rule-set';

// SPEC §3 rule set, evaluated in the page: the address, the data elements, the event history and the
// message's own events (issue 16 item 2).

const env = (history: Record<string, number> = {}, pageName = 'Vaccinations:Flu') => {
  // Only the data elements are read of the container's context.
  const ctx = { getVar: (name: string) => (name === 'Page Name' ? pageName : undefined) } as Context;
  const asked: Array<[string, number]> = [];
  return { ctx, activity: 1003, asked, count: (name: string, days: number) => (asked.push([name, days]), history[`${name}/${days}`] ?? 0) };
};
const holds = (conditions: unknown[], e = env(), match?: string) => ruleSetHolds({ match, conditions }, e);

afterEach(() => resetPage());

describe('a rule set', () => {
  it('holds without conditions, or without a rule set at all', () => {
    expect(ruleSetHolds(undefined, env())).toBe(true);
    expect(holds([])).toBe(true);
  });

  it('reads the page: host, path (lower-cased) and query parameters (case-insensitively)', () => {
    setUrl('http://www.health.localhost/Vaccinations/flu-vaccine/?UTM_Campaign=Flu');
    expect(holds([{ type: 'host', values: ['www.health.localhost'] }])).toBe(true);
    expect(holds([{ type: 'host', values: ['111.wales.health.localhost'] }])).toBe(false);
    expect(holds([{ type: 'path', operator: 'startsWith', values: ['/vaccinations/'] }])).toBe(true);
    expect(holds([{ type: 'path', values: ['/vaccinations/'] }])).toBe(true);
    expect(holds([{ type: 'path', operator: 'equals', values: ['/vaccinations/'] }])).toBe(false);
    expect(holds([{ type: 'path', operator: 'contains', values: ['flu'] }])).toBe(true);
    expect(holds([{ type: 'query', name: 'utm_campaign' }])).toBe(true);
    expect(holds([{ type: 'query', name: 'utm_campaign', operator: 'equals', value: 'flu' }])).toBe(true);
    expect(holds([{ type: 'query', name: 'utm_source' }])).toBe(false);
  });

  it('reads data elements, lower-cased', () => {
    expect(holds([{ type: 'data-element', name: 'Page Name', operator: 'equals', value: 'vaccinations:flu' }])).toBe(true);
    expect(holds([{ type: 'data-element', name: 'Page Name', operator: 'contains', value: 'flu' }])).toBe(true);
    expect(holds([{ type: 'data-element', name: 'Page Name', operator: 'exists' }])).toBe(true);
    expect(holds([{ type: 'data-element', name: 'Page Name', operator: 'exists' }], env({}, ''))).toBe(false);
  });

  it('counts the event history and the message\'s own events within their days', () => {
    const e = env({ 'event1/30': 3, 'message-1003-display/7': 1 });
    expect(holds([{ type: 'event-history', event: 'event1', atLeast: 3, withinDays: 30 }], e)).toBe(true);
    expect(holds([{ type: 'event-history', event: 'event1', atLeast: 4, withinDays: 30 }], e)).toBe(false);
    // "has not seen this message in 7 days"
    expect(holds([{ type: 'message', event: 'display', withinDays: 7, negate: true }], e)).toBe(false);
    expect(holds([{ type: 'message', event: 'dismiss', withinDays: 7, negate: true }], e)).toBe(true);
    // Defaults: at least once, in 30 days, the display.
    expect(holds([{ type: 'message' }], e)).toBe(false);
    expect(e.asked).toContainEqual(['message-1003-display', 30]);
  });

  it('needs all conditions, or any of them with match any; negate turns one round', () => {
    setUrl('http://www.health.localhost/vaccinations/');
    const yes = { type: 'path', values: ['/vaccinations/'] };
    const no = { type: 'host', values: ['elsewhere.localhost'] };
    expect(holds([yes, no])).toBe(false);
    expect(holds([yes, no], env(), 'any')).toBe(true);
    expect(holds([yes, { ...no, negate: true }])).toBe(true);
  });

  it('a condition that is unknown or throws does not hold, negated or not', () => {
    const broken = { ...env(), count: () => { throw new Error('storage'); } };
    expect(holds([{ type: 'geo', values: ['uk'] }])).toBe(false);
    expect(holds([{ type: 'event-history', event: 'event1', negate: true }], broken)).toBe(false);
    expect(holds([{ type: 'path', values: 'not a list' }])).toBe(false);
  });
});
