import { describe, it, expect } from 'vitest';
import { dropNhsNumbers, isNhsNumber } from './nhs-number';

describe('NHS numbers', () => {
  it('applies the modulus-11 check', () => {
    expect(isNhsNumber('9434765919')).toBe(true);
    expect(isNhsNumber('4010232137')).toBe(true);
    // Check value 11 becomes 0.
    expect(isNhsNumber('0000000000')).toBe(true);
    expect(isNhsNumber('9434765918')).toBe(false);
    // Check value 10 is never valid, whatever the last digit.
    for (let d = 0; d < 10; d++) expect(isNhsNumber('000000006' + d)).toBe(false);
  });

  it.each(['9434765919', '943 476 5919', '943-476-5919', '943+476+5919', '401 023 2137'])('removes valid %s', (nhs) => {
    expect(dropNhsNumbers(nhs)).toBe('');
    expect(dropNhsNumbers(`patient ${nhs}, seen`)).toBe('patient , seen');
    expect(dropNhsNumbers(`id=${nhs}&x`)).toBe('id=&x');
  });

  it.each(['9434765918', '943 476 5918', '943-476-5918', '1234567890', '0123456788'])('leaves invalid %s alone', (text) => {
    expect(dropNhsNumbers(text)).toBe(text);
  });

  it('needs the 3-3-4 grouping and no adjacent digit', () => {
    for (const text of ['94347659190', '19434765919', '9434 765 919', '94 34 76 59 19', '943.476.5919', '943476591']) {
      expect(dropNhsNumbers(text)).toBe(text);
    }
  });

  it('finds a valid number overlapping an invalid candidate', () => {
    expect(dropNhsNumbers('123-943-476-5919')).toBe('123-');
    expect(dropNhsNumbers('123 943 476 5919 ok')).toBe('123  ok');
  });

  it('runs in linear time on multi-megabyte input', { timeout: 60_000 }, () => {
    for (const text of ['1'.repeat(4_000_000), '123 '.repeat(1_000_000), '943-'.repeat(1_000_000)]) {
      expect(dropNhsNumbers(text)).toBe(text);
    }
  });
});
