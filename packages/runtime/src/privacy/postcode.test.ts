import { describe, it, expect } from 'vitest';
import { hasPostcode, replacePostcodes } from './postcode';
import { scrubText } from './scrub-text';

const POSTCODES = ['EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA', 'SW1A 2AA', 'LS1 4AP', 'BT7 1NN', 'E1 2ND', 'B12 1UG'];

describe('postcodes', () => {
  it.each(POSTCODES)('finds %s in one case, with any gap', (code) => {
    const [outward, inward] = code.split(' ');
    for (const gap of ['', ' ', '   ', '\t', ' \t ', '+', '-', '_', '.', '/', '\u2013', '\u2014', '\u2010', ' - ', '\u00a0']) {
      for (const text of [outward + gap + inward, (outward + gap + inward).toLowerCase()]) {
        expect(hasPostcode(text)).toBe(true);
        expect(replacePostcodes(text)).toBe('postcode');
      }
    }
  });

  it('finds one written fullwidth, with zero-width characters, or percent-encoded (scrubText reads it so)', () => {
    for (const text of ['ＳＷ１Ａ　１ＡＡ', 'ｓｗ１ａ－１ａａ', 'SW1A\u200b1AA', 'S\u200bW1A\u200d 1A\u2060A', 'SW1A\u00ad1AA', 'SW1A%201AA', 'SW1A%25201AA', 'sw1a%2D1aa', 'SW1A%E2%80%8B1AA']) {
      expect(scrubText(text)).toBe('postcode');
    }
  });

  it('replaces each postcode inside sentences', () => {
    expect(replacePostcodes('pharmacies near ls1 4ap and M1 1AE.')).toBe('pharmacies near postcode and postcode.');
    expect(replacePostcodes('(EC1A1BB), "W1A 0AX"; B33 8TH!')).toBe('(postcode), "postcode"; postcode!');
    expect(replacePostcodes('search?q=LS1+4AP&x=1')).toBe('search?q=postcode&x=1');
    // The demo's own service search (issue 11 item 7).
    expect(replacePostcodes('service-search:pharmacy:sw1a-1aa')).toBe('service-search:pharmacy:postcode');
    expect(replacePostcodes('/service-search/pharmacy/sw1a/1aa')).toBe('/service-search/pharmacy/postcode');
    expect(scrubText('/find/LS1%204AP/')).toBe('/find/postcode/');
  });

  it.each([
    'A1', 'M1', 'B2B', 'M25', 'SW1', 'SW1A', '2024', '12:30', '£12.99', 'COVID-19', 'A1 road', 'M25 J10',
    'Q1 1AA', 'V1 1AA', 'X1 1AA', 'AI1 1AA', 'AJ1 1AA', 'AZ1 1AA', 'A1 1CA', 'A1 1AI', 'A1 1KA', 'A1 1AM', 'A1 1OA', 'A1 1AV',
    'A1I 1AA', 'AB1C 1AA', 'AB123 1AA', '1LS1 4AP', 'XLS1 4AP', 'LS1 4AP1', 'LS1 4APX', 'LS1 44AP', 'LS1 x 4AP',
    // Issue 11 item 10: a code in capitals before a small ordinal or dose is no postcode.
    'Y12 2nd term', 'E1 2nd floor', 'Vitamin B12 1ug', 'room G12 4th', 'SW1A 1st', 'M1-3rd', 'E1 0th',
  ])('leaves %s alone', (text) => {
    expect(hasPostcode(text)).toBe(false);
    expect(replacePostcodes(text)).toBe(text);
  });

  it('keeps only a capital code before a small ordinal or dose: a postcode is written in one case', () => {
    // In one case, or with a small letter in the outward code, the same letters are a postcode.
    for (const text of ['E1 2ND', 'e1 2nd', 'Se1 2nd', 'E1 2Nd', 'E1 2nD', 'B12 1UG', 'b12 1ug', 'G12 4TH', 'Y12 2ND TERM']) {
      expect(hasPostcode(text)).toBe(true);
    }
    // Only st, nd, rd, th and ug: any other inward part is a postcode whatever its case.
    for (const text of ['E1 2na', 'B12 1ua', 'G12 4tx', 'E1 2dn']) expect(hasPostcode(text)).toBe(true);
  });

  it('is not fooled by its own state between calls', () => {
    expect(hasPostcode('M1 1AE')).toBe(true);
    expect(hasPostcode('M1 1AE')).toBe(true);
    expect(replacePostcodes('x M1 1AE')).toBe('x postcode');
    expect(replacePostcodes('x M1 1AE')).toBe('x postcode');
  });

  it('runs in linear time on multi-megabyte input', { timeout: 60_000 }, () => {
    const n = 4_000_000;
    for (const text of [
      'A1' + ' '.repeat(n) + 'x', 'A1'.repeat(n / 2), 'A1 '.repeat(n / 3), 'AB1A'.repeat(n / 4), 'a'.repeat(n), '1'.repeat(n), '%20'.repeat(n / 3),
      'A1' + '-./_'.repeat(n / 4) + 'x', 'A1-'.repeat(n / 3), 'E1 2nd '.repeat(n / 7),
    ]) {
      expect(replacePostcodes(text)).toBe(text);
    }
    expect(replacePostcodes('A1 1AA '.repeat(500_000))).toBe('postcode '.repeat(500_000));
  });
});
