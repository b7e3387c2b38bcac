import { describe, expect, it } from 'vitest';
import type { EnvironmentName, Publication } from '../../lib/types';
import { runsOf, versionLabel } from './version-history';

/** Publications oldest first as [environment, version, day of November]; ids in that order. */
const history = (...rows: Array<[EnvironmentName, number, number | string]>): Publication[] =>
  rows
    .map(([environment, version, d], i) => ({ id: i + 1, environment, version, publishedBy: 'pat', publishedAt: `${typeof d === 'string' ? d : `2026-11-${String(d).padStart(2, '0')}`}T10:00:00.000Z`, note: null }))
    .reverse();

describe('version labels from the publication history', () => {
  // 5 went everywhere on 1-3 Nov; 6 followed on 3 Nov; production went back to 5 on 5 Nov.
  const publications = history(
    ['development', 5, 1],
    ['staging', 5, 2],
    ['production', 5, 2],
    ['development', 6, 3],
    ['staging', 6, 3],
    ['production', 6, 3],
    ['production', 5, 5],
    ['development', 7, 20],
  );

  it('says what ran where and when: a version that ran everywhere and was rolled back is not a draft', () => {
    expect(versionLabel(6, publications)).toBe('runs on staging since 3 Nov; ran on development 3–20 Nov, replaced by version 7; ran on production 3–5 Nov, rolled back');
    expect(versionLabel(5, publications)).toBe('runs on production since 5 Nov; ran on development 1–3 Nov, replaced by version 6; ran on staging and production 2–3 Nov, replaced by version 6');
    expect(versionLabel(7, publications)).toBe('runs on development since 20 Nov');
    expect(versionLabel(8, publications)).toBe('draft: never published');
    expect(versionLabel(4, publications)).toBe('never published');
  });

  it('names environments with the same story together and spans months', () => {
    const together = history(['development', 1, 30], ['staging', 1, 30], ['development', 2, '2026-12-01'], ['staging', 2, '2026-12-01']);
    expect(versionLabel(1, together)).toBe('ran on development and staging 30 Nov – 1 Dec, replaced by version 2');
    expect(versionLabel(2, together)).toBe('runs on development and staging since 1 Dec');
  });

  it('treats publishing the running version again as the same run', () => {
    const again = history(['production', 3, 1], ['production', 3, 4], ['production', 2, 6]);
    expect(runsOf(again).map((r) => [r.version, r.from.slice(8, 10), r.to?.slice(8, 10), r.ended?.how])).toEqual([
      [3, '01', '06', 'rolled back'],
      [2, '06', undefined, undefined],
    ]);
  });
});
