import { describe, expect, it } from 'vitest';
import { count, longDay, rate, share, shortLabel } from './format';

describe('report formats', () => {
  it('writes counts, rates and days the British way', () => {
    expect([count(0), count(1234567)]).toEqual(['0', '1,234,567']);
    expect([rate(0.2), rate(2 / 3), rate(1)]).toEqual(['20%', '66.7%', '100%']);
    expect([share(3, 4), share(1, 0)]).toEqual(['75%', '—']);
    expect(longDay('2026-11-21')).toMatch(/^Sat,? 21 Nov 2026$/);
  });

  it('shortens axis labels, keeping the end of page names', () => {
    expect(shortLabel('bmi-calculator')).toBe('bmi-calculator');
    expect(shortLabel('nhs:conditions:asthma-in-adults')).toBe('…:asthma-in-adults');
    expect(shortLabel('nhs:conditions:asthma-in-adults')).toHaveLength(18);
    expect(shortLabel('a-very-long-section-name')).toBe('a-very-long-secti…');
  });
});
