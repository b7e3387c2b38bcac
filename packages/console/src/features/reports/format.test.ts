import { describe, expect, it } from 'vitest';
import { count, duration, longDay, rate, share, shortLabel } from './format';

describe('report formats', () => {
  it('writes counts, rates and days the British way', () => {
    expect([count(0), count(1234567)]).toEqual(['0', '1,234,567']);
    expect([rate(0.2), rate(2 / 3), rate(1)]).toEqual(['20%', '66.7%', '100%']);
    expect([share(3, 4), share(1, 0)]).toEqual(['75%', '—']);
    expect(longDay('2026-11-21')).toMatch(/^Sat,? 21 Nov 2026$/);
  });

  it('writes a time played in hours, minutes and seconds', () => {
    expect([duration(0), duration(20), duration(60), duration(245), duration(3600), duration(7380), duration(360_000)]).toEqual(['0 s', '20 s', '1 min', '4 min 5 s', '1 h', '2 h 3 min', '100 h']);
  });

  it('shortens axis labels, keeping the end of page names', () => {
    expect(shortLabel('bmi-calculator')).toBe('bmi-calculator');
    expect(shortLabel('nhs:conditions:asthma-in-adults')).toBe('…:asthma-in-adults');
    expect(shortLabel('nhs:conditions:asthma-in-adults')).toHaveLength(18);
    expect(shortLabel('a-very-long-section-name')).toBe('a-very-long-secti…');
  });
});
