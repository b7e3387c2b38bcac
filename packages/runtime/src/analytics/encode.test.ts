import { afterEach, describe, expect, it } from 'vitest';
import { encode, type Pair } from './encode';
import { timestamp } from './timestamp';

const keysOf = (query: string) => query.split('&').map((part) => part.split('=')[0]);

describe('encode', () => {
  it("writes AppMeasurement's order, AQB first and AQE last, whatever order the pairs come in", () => {
    const pairs: Pair[] = [
      ['bh', '768'], ['bw', '1024'], ['k', 'Y'], ['c', '24'], ['s', '1920x1080'], ['c.b', '1'],
      ['pev2', 'n'], ['pev1', 'u'], ['pe', 'lnk_o'], ['l1', 'x'], ['h2', 'x'], ['h1', 'x'],
      ['v250', 'x'], ['v10', 'x'], ['v2', 'x'], ['v0', 'x'], ['c75', 'x'], ['c10', 'x'], ['c2', 'x'], ['c1', 'x'],
      ['products', 'p'], ['events', 'event1'], ['server', 's'], ['ch', 'c'], ['cc', 'GBP'], ['r', 'r'], ['g', 'g'],
      ['pageName', 'p'], ['mid', '1'],
    ];
    expect(keysOf(encode(pairs))).toEqual([
      'AQB', 'ndh', 't', 'mid', 'ce', 'pageName', 'g', 'r', 'cc', 'ch', 'server', 'events', 'products',
      'c1', 'c2', 'c10', 'c75', 'v0', 'v2', 'v10', 'v250', 'h1', 'h2', 'l1', 'pe', 'pev1', 'pev2',
      'c.', 'b', '.c', 's', 'c', 'k', 'bw', 'bh', 'AQE',
    ]);
  });

  it('sends only non-empty values and fixes the technical ones', () => {
    const q = encode([['pageName', ''], ['ch', 'conditions'], ['c.x', '']], new Date(2026, 0, 1));
    expect(q).toMatch(/^AQB=1&ndh=1&t=[^&]+&ce=UTF-8&ch=conditions&AQE=1$/);
  });

  it('nests context data on dots, sorted, grouped by prefix', () => {
    const q = encode([['c.tool.stage', '2'], ['c.tool.name', 'bmi'], ['c.a', 'x']]);
    expect(q.slice(q.indexOf('&c.&'))).toBe('&c.&a=x&tool.&name=bmi&stage=2&.tool&.c&AQE=1');
  });

  it('nests deeper levels and a key that is both a value and a group', () => {
    const q = encode([['c.a.b.c', '3'], ['c.a.b', '2'], ['c.a.bz', '4'], ['c.z', '5'], ['c.a..d.', '6']]);
    expect(q.slice(q.indexOf('&c.&') + 1, q.indexOf('&AQE'))).toBe('c.&a.&b=2&b.&c=3&.b&bz=4&d=6&.a&z=5&.c');
  });

  it('is deterministic: the same variables in any order give the same query', () => {
    const a: Pair[] = [['c.x.y', '1'], ['c.b', '2'], ['v1', 'a'], ['c1', 'b']];
    const now = new Date(2026, 5, 1);
    expect(encode([...a].reverse(), now)).toBe(encode(a, now));
  });

  it('encodes reserved characters and keys with encodeURIComponent', () => {
    const q = encode([['v1', `& = ? # % + / : ; , "'`], ['c.k&=', 'v']]);
    expect(q).toContain('&v1=%26%20%3D%20%3F%20%23%20%25%20%2B%20%2F%20%3A%20%3B%20%2C%20%22\'&');
    expect(q).toContain('&c.&k%26%3D=v&.c&');
  });
});

describe('timestamp', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it('is d/m/yyyy h:m:s weekday offset, with the zero-based month and unpadded numbers', () => {
    process.env.TZ = 'Europe/London';
    // 22 October 2026 13:03:05 UTC is a Thursday, 14:03:05 in London summer time (UTC+1).
    expect(timestamp(new Date(Date.UTC(2026, 9, 22, 13, 3, 5)))).toBe('22/9/2026 14:3:5 4 -60');
    // Winter: GMT, offset 0. 1 January 2026 was a Thursday.
    expect(timestamp(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)))).toBe('1/0/2026 0:0:0 4 0');
    process.env.TZ = 'Europe/Paris';
    // 22 November 2026 is a Sunday; Paris is UTC+1 in winter.
    expect(timestamp(new Date(Date.UTC(2026, 10, 22, 13, 3, 5)))).toBe('22/10/2026 14:3:5 0 -60');
    process.env.TZ = 'America/Los_Angeles';
    expect(timestamp(new Date(Date.UTC(2026, 6, 4, 19, 30, 9)))).toBe('4/6/2026 12:30:9 6 420');
  });

  it('is sent encoded as the third parameter', () => {
    process.env.TZ = 'Europe/London';
    expect(encode([], new Date(Date.UTC(2026, 9, 22, 13, 3, 5)))).toBe('AQB=1&ndh=1&t=22%2F9%2F2026%2014%3A3%3A5%204%20-60&ce=UTF-8&AQE=1');
  });
});
