import { describe, expect, it } from 'vitest';
import { addDays, daysOf, isDay, lastDays, rangeFromQuery, rangeProblem } from './date-range';

const now = new Date('2026-11-22T23:30:00Z');

describe('date ranges', () => {
  it('knows real days', () => {
    expect(['2026-11-01', '2024-02-29'].map(isDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '', '22/11/2026'].map(isDay)).toEqual([false, false, false, false, false]);
  });

  it('counts the presets back from today (UTC), today included', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastDays(30, now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('says what is wrong with a range', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('The From date must be on or before the To date.');
    expect(rangeProblem({ from: '', to: '2026-11-01' })).toBe('Enter the From date as a date, for example 2026-11-01.');
    expect(rangeProblem({ from: '2026-11-01', to: 'soon' })).toBe('Enter the To date as a date, for example 2026-11-30.');
  });

  it('reads the range from the query, filling a missing end with the last 30 days', () => {
    expect(rangeFromQuery(new URLSearchParams('from=2026-11-01&to=2026-11-03'), now)).toEqual({ range: { from: '2026-11-01', to: '2026-11-03' }, complete: true });
    expect(rangeFromQuery(new URLSearchParams('to=2026-11-03'), now)).toEqual({ range: { from: '2026-10-24', to: '2026-11-03' }, complete: false });
    expect(rangeFromQuery(new URLSearchParams(''), now)).toEqual({ range: { from: '2026-10-24', to: '2026-11-22' }, complete: false });
  });

  it('lists every day of a range, and gives up on a very long one', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysOf({ from: '2020-01-01', to: '2026-01-01' })).toBeUndefined();
  });
});
