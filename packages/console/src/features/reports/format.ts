const whole = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 1234 -> "1,234". */
export const count = (n: number): string => whole.format(n);
/** 0.2 -> "20%", 2/3 -> "66.7%". */
export const rate = (n: number): string => percent.format(n);
/** A part of a whole as a rate, or an em dash when the whole is 0. */
export const share = (part: number, total: number): string => (total > 0 ? rate(part / total) : '—');
/** "2026-11-21" -> "Sat 21 Nov 2026". */
export const longDay = (day: string): string => dayFormat.format(new Date(day + 'T00:00:00Z'));
/** "2026-11-21" -> "21 Nov", for axis ticks. */
export const tickDay = (day: string): string => shortDay.format(new Date(day + 'T00:00:00Z'));
/** Seconds in words: 20 -> "20 s", 245 -> "4 min 5 s", 7380 -> "2 h 3 min". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.floor((s % 3600) / 60);
  return `${count(Math.floor(s / 3600))} h${minutes ? ` ${minutes} min` : ''}`;
}
/** A missing section or page name, said so. */
export const named = (name: string | null, missing: string): string => (name === null || name === '' ? missing : name);
/**
 * An axis label short enough for a phone: page names keep their distinctive end
 * ("…conditions:asthma"), other names their start. The tables hold the full names.
 */
export function shortLabel(text: string, max = 18): string {
  if (text.length <= max) return text;
  return text.includes(':') ? '…' + text.slice(-(max - 1)) : text.slice(0, max - 1) + '…';
}
