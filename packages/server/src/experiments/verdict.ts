/**
 * The plain-language verdict an analyst reads beside the figures (issue 14 item 3): what happened,
 * how sure we are, and what would change it. British English, percentages as the console shows them.
 */
import { MIN_CONVERSIONS, MIN_VISITORS_PER_EXPERIENCE, type Shortfall } from './minimum-sample';
import type { Comparison, Interval } from './model';

const whole = new Intl.NumberFormat('en-GB');

/** 0.0412 -> "4.12%"; two decimals below 10%, one above, so small rates stay readable. */
export function percent(fraction: number): string {
  const value = fraction * 100;
  return `${value.toFixed(Math.abs(value) < 10 ? 2 : 1)}%`;
}

/** A change: "+26.8%", "−12.0%" (a real minus sign). */
function signedPercent(fraction: number): string {
  const text = percent(Math.abs(fraction));
  return fraction > 0 ? `+${text}` : fraction < 0 ? `\u2212${text}` : text;
}

function signedPoints(fraction: number): string {
  const value = Math.abs(fraction * 100).toFixed(2);
  return fraction > 0 ? `+${value}` : fraction < 0 ? `\u2212${value}` : value;
}

/** "p = 0.034", "p < 0.001": three places, more when rounding would carry p across the 5% level. */
export function pText(p: number, alpha: number): string {
  if (p < 0.001) return 'p < 0.001';
  let places = 3;
  while (places < 8 && Number(p.toFixed(places)) < alpha !== p < alpha) places++;
  return `p = ${p.toFixed(places)}`;
}

function changeRange(c: Comparison): string {
  if (c.liftInterval) return `a lift from ${signedPercent(c.liftInterval.lower)} to ${signedPercent(c.liftInterval.upper)}`;
  return `a difference from ${signedPoints(c.differenceInterval.lower)} to ${signedPoints(c.differenceInterval.upper)} percentage points`;
}

function observed(c: Comparison): string {
  if (c.lift !== null && c.liftInterval) return `a lift of ${signedPercent(c.lift)}`;
  return `a difference of ${signedPoints(c.difference)} percentage points`;
}

export function controlVerdict(visitors: number, conversions: number, rate: number | null, interval: Interval | null): string {
  if (rate === null || !interval) return 'Control: no visitors yet.';
  return `Control: ${whole.format(conversions)} of ${whole.format(visitors)} visitors converted, ${percent(rate)} (95% interval ${percent(interval.lower)} to ${percent(interval.upper)}).`;
}

export function notEnoughDataVerdict(name: string, controlName: string, s: Shortfall): string {
  const needs: string[] = [];
  if (s.fewVisitors.length) {
    const have = s.fewVisitors.map((f) => `${f.name} has ${whole.format(f.visitors)}`).join(', ');
    needs.push(`at least ${MIN_VISITORS_PER_EXPERIENCE} visitors in each experience (${have})`);
  }
  if (s.fewConversions !== null) needs.push(`at least ${MIN_CONVERSIONS} converting visitors between them (they have ${whole.format(s.fewConversions)})`);
  if (s.fewNonConversions !== null) needs.push(`at least ${MIN_CONVERSIONS} visitors who did not convert (they have ${whole.format(s.fewNonConversions)})`);
  return `Not enough data yet to compare ${name} with control ${controlName}: the comparison needs ${needs.join(' and ')}.`;
}

export function comparisonVerdict(name: string, controlName: string, rate: number, controlRate: number, c: Comparison, comparisons: number, alpha: number): string {
  const test = c.test!;
  const adjusted = comparisons > 1 ? `, adjusted for ${comparisons} comparisons with control` : '';
  const level = comparisons > 1 ? '95% simultaneous interval' : '95% interval';
  const rates = `${percent(rate)} against ${percent(controlRate)}`;
  if (c.outcome === 'better' || c.outcome === 'worse') {
    const word = c.outcome === 'better' ? 'better' : 'worse';
    return (
      `${name} converts ${word} than control ${controlName}: ${rates}, ${observed(c)} (${level}: ${changeRange(c)}). ` +
      `The difference is statistically significant (${pText(test.adjustedPValue, alpha)}${adjusted}).`
    );
  }
  return (
    `No significant difference between ${name} and control ${controlName} yet: ${rates} (${pText(test.adjustedPValue, alpha)}${adjusted}). ` +
    `The data are consistent with ${changeRange(c)} (${level}); more visitors narrow this.`
  );
}
