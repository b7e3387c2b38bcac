import { describe, expect, it } from 'vitest';
import { allocation, experienceAt, murmur3Chars, splitRanges } from './allocation';
import shared from './allocation-cases.json' with { type: 'json' };

// The shared table (allocation-cases.json): the experience Target's on-device engine chose for
// each visitor and activity. The SDK runs the same table in test/delivery-on-device.test.ts.

describe('the shared allocation cases', () => {
  it.each(shared.cases.map((c) => [c.visitorId.slice(0, 24), c.activityId, c.experience, c] as const))('visitor %s, activity %i: experience %i', (_id, _activity, _experience, c) => {
    expect(experienceAt(c.splits, allocation(shared.client, c.activityId, c.visitorId))).toBe(c.experience);
  });
});

describe('allocation', () => {
  it('is MurmurHash3 x86 32-bit over UTF-16 code units (reference values)', () => {
    // Reference: Guava's Hashing.murmur3_32().hashUnencodedChars, which Target's edge uses.
    expect(murmur3Chars('')).toBe(0);
    expect(murmur3Chars('', 1)).toBe(0x514e28b7);
    expect(murmur3Chars('a')).toBe(murmur3Chars('a', 0));
    expect(murmur3Chars('ab')).not.toBe(murmur3Chars('ba'));
  });

  it('falls in 0 to 99.99 in steps of 0.01, the same on every call', () => {
    for (let i = 0; i < 2_000; i++) {
      const value = allocation('health', 101, `v${i}`);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(100);
      expect(Math.round(value * 100)).toBeCloseTo(value * 100, 6);
      expect(allocation('health', 101, `v${i}`)).toBe(value);
    }
  });

  it('depends on the client, the activity and the visitor', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `visitor-${i}`);
    const base = ids.map((id) => allocation('health', 101, id));
    expect(ids.filter((id, i) => allocation('other', 101, id) !== base[i]).length).toBeGreaterThan(190);
    expect(ids.filter((id, i) => allocation('health', 102, id) !== base[i]).length).toBeGreaterThan(190);
  });

  it('splits 10,000 visitors within 1 percentage point of each split', () => {
    const splits = [20, 30, 50];
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[experienceAt(splits, allocation('health', 202, `visitor-${i}-${(i * 2654435761) % 1_000_003}`))]!++;
    counts.forEach((count, e) => expect(Math.abs(count / 100 - splits[e]!)).toBeLessThanOrEqual(1));
  });

  it('gives each experience the range [from, to) of its split; a zero split gets none', () => {
    expect(splitRanges([20, 0, 80])).toEqual([{ from: 0, to: 20 }, { from: 20, to: 20 }, { from: 20, to: 100 }]);
    expect(experienceAt([20, 0, 80], 19.99)).toBe(0);
    expect(experienceAt([20, 0, 80], 20)).toBe(2);
    expect(experienceAt([20, 0, 80], 99.99)).toBe(2);
    expect(experienceAt([50], 60)).toBe(-1);
  });
});
