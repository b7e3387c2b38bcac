import { describe, it, expect } from 'vitest';
import { hasPostcode, replacePostcodes } from './postcode';

const POSTCODES = ['EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA', 'SW1A 2AA', 'LS1 4AP', 'BT7 1NN'];

describe('postcodes', () => {
  it.each(POSTCODES)('finds %s in any case and spacing', (code) => {
    const [outward, inward] = code.split(' ');
    for (const gap of ['', ' ', '   ', '\t', ' \t ', '+', '%20']) {
      for (const text of [outward + gap + inward, (outward + gap + inward).toLowerCase()]) {
        expect(hasPostcode(text)).toBe(true);
        expect(replacePostcodes(text)).toBe('postcode');
      }
    }
  });

  it('replaces each postcode inside sentences', () => {
    expect(replacePostcodes('pharmacies near ls1 4ap and M1 1AE.')).toBe('pharmacies near postcode and postcode.');
    expect(replacePostcodes('(EC1A1BB), "W1A 0AX"; B33 8TH!')).toBe('(postcode), "postcode"; postcode!');
    expect(replacePostcodes('search?q=LS1+4AP&x=1')).toBe('search?q=postcode&x=1');
    expect(replacePostcodes('/find/LS1%204AP/')).toBe('/find/postcode/');
  });

  it.each([
    'A1', 'M1', 'B2B', 'M25', 'SW1', 'SW1A', '2024', '12:30', '£12.99', 'COVID-19', 'A1 road', 'M25 J10',
    'Q1 1AA', 'V1 1AA', 'X1 1AA', 'AI1 1AA', 'AJ1 1AA', 'AZ1 1AA', 'A1 1CA', 'A1 1AI', 'A1 1KA', 'A1 1AM', 'A1 1OA', 'A1 1AV',
    'A1I 1AA', 'AB1C 1AA', 'AB123 1AA', '1LS1 4AP', 'XLS1 4AP', 'LS1 4AP1', 'LS1 4APX', 'LS1 44AP',
  ])('leaves %s alone', (text) => {
    expect(hasPostcode(text)).toBe(false);
    expect(replacePostcodes(text)).toBe(text);
  });

  it('is not fooled by its own state between calls', () => {
    expect(hasPostcode('M1 1AE')).toBe(true);
    expect(hasPostcode('M1 1AE')).toBe(true);
    expect(replacePostcodes('x M1 1AE')).toBe('x postcode');
    expect(replacePostcodes('x M1 1AE')).toBe('x postcode');
  });

  it('runs in linear time on multi-megabyte input', { timeout: 60_000 }, () => {
    const n = 4_000_000;
    for (const text of ['A1' + ' '.repeat(n) + 'x', 'A1'.repeat(n / 2), 'A1 '.repeat(n / 3), 'AB1A'.repeat(n / 4), 'a'.repeat(n), '1'.repeat(n), '%20'.repeat(n / 3)]) {
      expect(replacePostcodes(text)).toBe(text);
    }
    expect(replacePostcodes('A1 1AA '.repeat(500_000))).toBe('postcode '.repeat(500_000));
  });
});
