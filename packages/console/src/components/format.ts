/** Dates and sizes as the console shows them: UTC, so every reader sees the same time. */

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** `12 Nov 2026, 10:04 UTC`; the text itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UTC`;
}

/** `12,345 bytes` */
export const formatBytes = (bytes: number): string => `${bytes.toLocaleString('en-GB')} byte${bytes === 1 ? '' : 's'}`;

/** `1 rule`, `41 rules` */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
