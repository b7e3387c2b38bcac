// Report ranges are UTC days, both inclusive (docs/ADMIN-API.md "Reports").

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(text + 'T00:00:00Z');
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day + 'T00:00:00Z') + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The last `days` days up to and including today. */
export const lastDays = (days: number, now: Date = new Date()): DayRange => ({ from: addDays(todayUtc(now), -(days - 1)), to: todayUtc(now) });

export const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
] as const;
export const DEFAULT_DAYS = 30;

/** What is wrong with a range, in words for the form; undefined when it is fine. */
export function rangeProblem(range: { from: string; to: string }): string | undefined {
  if (!isDay(range.from)) return 'Enter the From date as a date, for example 2026-11-01.';
  if (!isDay(range.to)) return 'Enter the To date as a date, for example 2026-11-30.';
  if (range.from > range.to) return 'The From date must be on or before the To date.';
  return undefined;
}

/** The range a link asks for; a missing end is filled from the default (the last 30 days). */
export function rangeFromQuery(params: URLSearchParams, now: Date = new Date()): { range: DayRange; complete: boolean } {
  const fallback = lastDays(DEFAULT_DAYS, now);
  const from = params.get('from');
  const to = params.get('to');
  return { range: { from: from ?? fallback.from, to: to ?? fallback.to }, complete: from !== null && to !== null };
}

/** Every day of the range (at most `limit`), so that a chart shows the days without page views as 0. */
export function daysOf(range: DayRange, limit = 400): string[] | undefined {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    if (days.length === limit) return undefined;
    days.push(day);
  }
  return days;
}
