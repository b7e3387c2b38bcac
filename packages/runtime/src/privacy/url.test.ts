import { describe, it, expect } from 'vitest';
import { scrubUrl } from './url';

describe('URL scrubbing', () => {
  it('drops denied parameters, names compared case-insensitively', () => {
    expect(scrubUrl('https://www.nhs.uk/s?useremail=a@b.com&q=x')).toBe('https://www.nhs.uk/s?q=x');
    expect(scrubUrl('https://www.nhs.uk/s?q=x&UserEmail=jo&z=1')).toBe('https://www.nhs.uk/s?q=x&z=1');
    expect(scrubUrl('https://www.nhs.uk/s?user%45mail=jo&q=x')).toBe('https://www.nhs.uk/s?q=x');
    expect(scrubUrl('/s?token=abc&q=x&Token', ['TOKEN'])).toBe('/s?q=x');
    expect(scrubUrl('/s?useremail=x#top')).toBe('/s#top');
    // The debugger's marker, whatever the environment.
    expect(scrubUrl('https://www.health.localhost/conditions/flu/?tw_debug=http%3A%2F%2Flocalhost%3A8080&x=1')).toBe('https://www.health.localhost/conditions/flu/?x=1');
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
    expect(scrubUrl('/search?q=pharmacy+near+M1+1AE')).toBe('/search?q=pharmacy+near+postcode');
    expect(scrubUrl('/s?mail=jo%40nhs.net&n=943+476+5919&m=9434765918')).toBe('/s?mail=&n=&m=9434765918');
    expect(scrubUrl('/s?q=call+9434765919+now')).toBe('/s?q=call++now');
  });

  it('scrubs decoded path segments and the hash', () => {
    expect(scrubUrl('https://www.nhs.uk/service-search/pharmacy/LS1%204AP/results')).toBe(
      'https://www.nhs.uk/service-search/pharmacy/postcode/results',
    );
    expect(scrubUrl('/u/jo@nhs.net/x')).toBe('/u//x');
    expect(scrubUrl('/p#q=EC1A+1BB&r=jo%40nhs.net')).toBe('/p#q=postcode&r=');
  });

  it('sees a postcode or a number written across path segments, with slashes (issue 11 item 7)', () => {
    expect(scrubUrl('https://www.nhs.uk/service-search/pharmacy/sw1a-1aa')).toBe('https://www.nhs.uk/service-search/pharmacy/postcode');
    expect(scrubUrl('https://www.nhs.uk/service-search/pharmacy/sw1a/1aa?x=y')).toBe('https://www.nhs.uk/service-search/pharmacy/postcode?x=y');
    expect(scrubUrl('https://www.nhs.uk/patients/943/476/5919/notes')).toBe('https://www.nhs.uk/patients//notes');
    expect(scrubUrl('/s?n=943.476.5919&m=%EF%BC%99%EF%BC%94%EF%BC%93%20476%205919')).toBe('/s?n=&m=');
  });

  it('reads an encoded URL nested in a query parameter, and drops a denied parameter that decoding brings up', () => {
    const nested = 'https://y.org/find?email=' + encodeURIComponent('jo@nhs.net') + '&near=' + encodeURIComponent('LS1 4AP');
    expect(scrubUrl('https://x.org/login?next=' + encodeURIComponent(nested) + '&z=1')).toBe('https://x.org/login?next=https://y.org/find?email=&near=postcode&z=1');
    expect(scrubUrl('https://x.org/login?next=' + encodeURIComponent(encodeURIComponent(nested)))).toBe('https://x.org/login?next=https://y.org/find?email=&near=postcode');
    expect(scrubUrl('/s?a=1%26useremail%3Djo%2540x.org%26b%3D2&q=M1%201AE')).toBe('/s?a=1&b=2&q=postcode');
    // Nothing to hide, nested or not: byte for byte.
    const clean = 'https://x.org/login?next=' + encodeURIComponent('https://y.org/find?q=' + encodeURIComponent('flu jab'));
    expect(scrubUrl(clean)).toBe(clean);
  });

  it('scrubs malformed percent-encoding without throwing', () => {
    expect(scrubUrl('/s?q=LS1%204AP%')).toBe('/s?q=postcode%25');
    expect(scrubUrl('/s?q=caf%E9%40nhs.net')).toBe('/s?q=');
    // A stray byte is read as Latin-1, and written back as UTF-8.
    expect(scrubUrl('/s?q=%E9%20M1%201AE')).toBe('/s?q=%C3%A9%20postcode');
    expect(scrubUrl('/s?q=x%20%E9jo%EF%BC%A0nhs.net')).toBe('/s?q=x');
    // A lone surrogate cannot be re-encoded: a URL that held something to hide goes out empty.
    expect(() => scrubUrl('/s?q=M1+1AE\ud800')).toThrow(URIError);
    expect(scrubUrl('/s?q=\udc00\ud800')).toBe('/s?q=\udc00\ud800');
  });

  it('runs in linear time on multi-megabyte input', { timeout: 60_000 }, () => {
    const n = 4_000_000;
    for (const url of ['/?' + 'a=1&'.repeat(n / 4), '/' + 'a/'.repeat(n / 2), '/?q=' + '%20'.repeat(n / 3), '#'.repeat(n), '/?q=A1' + '+'.repeat(n), '/?' + '?'.repeat(n), '/' + '%2525'.repeat(n / 5)]) {
      expect(scrubUrl(url)).toBe(url);
    }
  });
});
