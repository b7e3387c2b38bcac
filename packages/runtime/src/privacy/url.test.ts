import { describe, it, expect } from 'vitest';
import { scrubUrl } from './url';

describe('URL scrubbing', () => {
  it('drops denied parameters, names compared case-insensitively', () => {
    expect(scrubUrl('https://www.nhs.uk/s?useremail=a@b.com&q=x')).toBe('https://www.nhs.uk/s?q=x');
    expect(scrubUrl('https://www.nhs.uk/s?q=x&UserEmail=jo&z=1')).toBe('https://www.nhs.uk/s?q=x&z=1');
    expect(scrubUrl('https://www.nhs.uk/s?user%45mail=jo&q=x')).toBe('https://www.nhs.uk/s?q=x');
    expect(scrubUrl('/s?token=abc&q=x&Token', ['TOKEN'])).toBe('/s?q=x');
    expect(scrubUrl('/s?useremail=x#top')).toBe('/s#top');
  });

  it('leaves a URL with nothing to hide byte for byte', () => {
    for (const url of [
      'https://www.nhs.uk/conditions/hives/?a=1&b=%7Bx%7D&c=caf%C3%A9+au+lait&&d==#section-2',
      'https://www.nhs.uk/service-search/pharmacy/leeds?x=%E9%ZZ%',
      'https://www.nhs.uk/s?',
      '/s?a?b=c#d#e',
      '',
      'not a url at all',
      'http://[::1',
      '%',
    ]) {
      expect(scrubUrl(url)).toBe(url);
    }
  });

  it('scrubs decoded query values', () => {
    expect(scrubUrl('/search?q=LS1+4AP&page=2')).toBe('/search?q=postcode&page=2');
    expect(scrubUrl('/search?q=LS1%204AP')).toBe('/search?q=postcode');
    expect(scrubUrl('/search?q=ls14ap')).toBe('/search?q=postcode');
    expect(scrubUrl('/search?q=pharmacy+near+M1+1AE')).toBe('/search?q=pharmacy%20near%20postcode');
    expect(scrubUrl('/s?mail=jo%40nhs.net&n=943+476+5919&m=9434765918')).toBe('/s?mail=&n=&m=9434765918');
    expect(scrubUrl('/s?q=call+9434765919+now')).toBe('/s?q=call%20now');
  });

  it('scrubs decoded path segments and the hash', () => {
    expect(scrubUrl('https://www.nhs.uk/service-search/pharmacy/LS1%204AP/results')).toBe(
      'https://www.nhs.uk/service-search/pharmacy/postcode/results',
    );
    expect(scrubUrl('/u/jo@nhs.net/x')).toBe('/u//x');
    expect(scrubUrl('/p#q=EC1A+1BB&r=jo%40nhs.net')).toBe('/p#q=postcode&r=');
  });

  it('scrubs malformed percent-encoding without throwing', () => {
    expect(scrubUrl('/s?q=LS1%204AP%')).toBe('/s?q=postcode%25');
    expect(scrubUrl('/s?q=caf%E9%40nhs.net')).toBe('/s?q=');
    expect(scrubUrl('/s?q=%E9%20M1%201AE')).toBe('/s?q=%25E9%20postcode');
    expect(scrubUrl('/s?q=M1+1AE\ud800')).toBe('/s?q=');
    expect(scrubUrl('/s?q=\udc00\ud800')).toBe('/s?q=\udc00\ud800');
  });

  it('runs in linear time on multi-megabyte input', { timeout: 60_000 }, () => {
    const n = 4_000_000;
    for (const url of ['/?' + 'a=1&'.repeat(n / 4), '/' + 'a/'.repeat(n / 2), '/?q=' + '%20'.repeat(n / 3), '#'.repeat(n), '/?q=A1' + '+'.repeat(n)]) {
      expect(scrubUrl(url)).toBe(url);
    }
  });
});
