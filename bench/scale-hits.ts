// The hits `npm run bench:scale` stores: the generator's health-site hits (test/support/generate-hits.ts)
// in the order a collector receives them, and the same hits as the collector's requests.
import type { NewHit } from '../packages/server/src/storage';
import { generateHits } from '../packages/server/test/support/generate-hits';

export const FIRST_DAY = '2026-10-01';
export const DAYS = 30;
const START = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
const SPAN = DAYS * 86_400_000;

/**
 * Hits `from` to `from + count` of `total` spread evenly over the 30 days in arrival order: a
 * collector stores hits as they come, so a batch holds minutes of traffic, not hits of any day.
 */
export function hitsInArrivalOrder(from: number, count: number, total: number, visitors: number): NewHit[] {
  return generateHits({ count, seed: from + 1, visitors, firstDay: FIRST_DAY, days: DAYS }).map((hit, i) => ({
    ...hit,
    receivedAt: new Date(START + Math.floor(((from + i) / total) * SPAN)).toISOString(),
  }));
}

/** The collector request that stores `hit` (its time is the server's: now), as AppMeasurement sends it. */
export function collectorPath(hit: NewHit): string {
  const v = hit.variables;
  const params: Array<[string, string | undefined]> = [
    ['AQB', '1'],
    ['ndh', '1'],
    ['pageName', hit.pageName ?? undefined],
    ['g', hit.pageUrl ?? undefined],
    ['cc', 'GBP'],
    ['c5', hit.siteSection ?? undefined],
    ['events', hit.events ?? undefined],
    ['mid', typeof v.marketingCloudVisitorID === 'string' ? v.marketingCloudVisitorID : undefined],
    ['pe', hit.hitType === 'link' ? `lnk_${hit.linkType ?? 'o'}` : undefined],
    ['pev2', hit.linkName ?? undefined],
    ['v10', typeof v.eVar10 === 'string' ? v.eVar10 : undefined],
    ['v20', typeof v.eVar20 === 'string' ? v.eVar20 : undefined],
    ['v35', typeof v.eVar35 === 'string' ? v.eVar35 : undefined],
    ['AQE', '1'],
  ];
  const query = params.flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${encodeURIComponent(value)}`])).join('&');
  return `/b/ss/nhsukprod/1/TW-0.1.0/s1?${query}`;
}
