import { describe, it, expect } from 'vitest';
import { isNhsNumber, markNhsNumbers } from './nhs-number';
import { scrubText } from './scrub-text';

/** The numbers removed, as scrubText removes its marks. */
const dropNhsNumbers = (text: string) => markNhsNumbers(text).replace(/\0/g, '');

describe('NHS numbers', () => {
  it('applies the modulus-11 check', () => {
    expect(isNhsNumber('9434765919')).toBe(true);
    expect(isNhsNumber('4010232137')).toBe(true);
    // Check value 11 becomes 0.
    expect(isNhsNumber('0000000000')).toBe(true);
    expect(isNhsNumber('9434765918')).toBe(false);
    // Check value 10 is never valid, whatever the last digit.
    for (let d = 0; d < 10; d++) expect(isNhsNumber('000000006' + d)).toBe(false);
    // The published rule (weights 10..2, check digit 11 - sum mod 11), over every last digit of many numbers.
    const wrong: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const nine = String((n * 48_271) % 1e9).padStart(9, '0');
      const sum = [...nine].reduce((total, d, i) => total + +d * (10 - i), 0);
      const check = (11 - (sum % 11)) % 11;
      for (let d = 0; d < 10; d++) if (isNhsNumber(nine + d) !== (check === d)) wrong.push(nine + d);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    '9434765919', '943 476 5919', '943-476-5919', '943+476+5919', '401 023 2137',
    // Issue 11 item 7: dots, slashes, underscores, dashes, non-breaking spaces, two separators.
    '943.476.5919', '943/476/5919', '943_476_5919', '943\u2013476\u20135919', '943\u2014476\u20105919', '943\u00a0476\u00a05919', '943 476-5919', '943  476  5919', '943 - 476 - 5919'.replace(/ /g, ''),
  ])('removes valid %j', (nhs) => {
    expect(dropNhsNumbers(nhs)).toBe('');
    expect(dropNhsNumbers(`patient ${nhs}, seen`)).toBe('patient , seen');
    expect(dropNhsNumbers(`id=${nhs}&x`)).toBe('id=&x');
  });

  it('finds one written in fullwidth digits, with zero-width characters or non-breaking spaces, or percent-encoded (scrubText reads it so)', () => {
    for (const text of ['９４３ ４７６ ５９１９', '９４３４７６５９１９', '943\u200b476\u200b5919', '9\u200d43 476 5919', '943\u202f476\u202f5919', '943\u3000476\u30005919', '943%20476%205919', '943%2520476%25205919', '%EF%BC%99434765919']) {
      expect(scrubText(text)).toBe('');
    }
  });

  it.each(['9434765918', '943 476 5918', '943-476-5918', '943.476.5918', '1234567890', '0123456788'])('leaves invalid %s alone', (text) => {
    expect(dropNhsNumbers(text)).toBe(text);
  });

  it('needs the 3-3-4 grouping, at most two separators a gap, and no adjacent digit', () => {
    for (const text of ['94347659190', '19434765919', '9434 765 919', '94 34 76 59 19', '943476591', '943 - 476 - 5919', '943,476,5919']) {
      expect(dropNhsNumbers(text)).toBe(text);
    }
  });

  it('finds a valid number overlapping an invalid candidate', () => {
    expect(dropNhsNumbers('123-943-476-5919')).toBe('123-');
    expect(dropNhsNumbers('123 943 476 5919 ok')).toBe('123  ok');
    expect(dropNhsNumbers('9434765918 9434765919')).toBe('9434765918 ');
  });

  it('runs in linear time on multi-megabyte input', { timeout: 60_000 }, () => {
    for (const text of ['1'.repeat(4_000_000), '123 '.repeat(1_000_000), '943-'.repeat(1_000_000), '943..'.repeat(800_000), '1 '.repeat(2_000_000)]) {
      expect(dropNhsNumbers(text)).toBe(text);
    }
  });
});
