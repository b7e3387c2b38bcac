/** Figures as the results page shows them (docs/PERSONALISATION-STATISTICS.md "What an analyst sees"). */
import type { Interval } from './types';

const whole = new Intl.NumberFormat('en-GB');
export const count = (n: number): string => whole.format(n);

/** 0.0412 -> "4.12%": two decimals below 10%, one above, so small rates stay readable. */
export function percent(fraction: number): string {
  const value = fraction * 100;
  return `${value.toFixed(Math.abs(value) < 10 ? 2 : 1)}%`;
}

/** A change: "+26.8%", "−12.0%" (a real minus sign). */
export function signedPercent(fraction: number): string {
  const text = percent(Math.abs(fraction));
  return fraction > 0 ? `+${text}` : fraction < 0 ? `\u2212${text}` : text;
}

export const range = (i: Interval, format: (n: number) => string = percent): string => `${format(i.lower)} to ${format(i.upper)}`;

/** "0.034", "< 0.001": three places, as the verdicts say it. */
export const pValue = (p: number): string => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** An experience's name, marked when it is control (unless its name says so already). */
export const experienceName = (row: { name: string; isControl: boolean }): string => (row.isControl && !/control/i.test(row.name) ? `${row.name} (control)` : row.name);
