/**
 * The compact stored form of a hit (storage/hit-record.ts, issue 18): lossless for any hit the
 * collector or a caller may store, and small for the hits a health site sends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHitRecord, decodeQuery, encodeHitRecord, encodeQuery, type HitContent } from '../src/storage/hit-record';
import { eventNames } from '../src/storage/text';
import { generateHits } from './support/generate-hits';

const content = ({ receivedAt: _r, host: _h, reportSuites: _s, ...rest }: ReturnType<typeof generateHits>[number]): HitContent =>
  JSON.parse(JSON.stringify(rest)) as HitContent;

// Text of every kind a query or a value may hold: the separators the record uses included.
const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('', '%', '%3A', 'a=b&c', '\u0001', '\u0002', 'ŵ %E2%82%AC', 'event1'));
const names = fc.constantFrom('pageName', 'pageURL', 'prop5', 'linkName', 'eVar20', 'eVar35', 'channel', 'marketingCloudVisitorID', 'events');
const hit: fc.Arbitrary<HitContent> = fc
  .record({
    hitType: fc.constantFrom('page' as const, 'link' as const),
    linkType: fc.constantFrom(null, 'o' as const, 'd' as const, 'e' as const),
    linkName: fc.option(text),
    pageName: fc.option(text),
    pageUrl: fc.option(text),
    siteSection: fc.option(text),
    events: fc.option(fc.oneof(text, fc.constantFrom('event1,event5=3,event9:abc', 'event2'))),
    variables: fc.dictionary(names, fc.oneof(text, fc.array(text, { maxLength: 3 }))),
    contextData: fc.dictionary(fc.string(), text),
    queryParts: fc.array(fc.tuple(fc.oneof(names, fc.string()), fc.oneof(text, fc.constant('REF'))), { maxLength: 8 }),
    clientIp: fc.option(text),
    userAgent: fc.option(text),
    deriveEvents: fc.boolean(),
  })
  .map(({ queryParts, deriveEvents, ...h }) => {
    const values = [h.pageName, h.pageUrl, ...Object.values(h.variables)].filter((v): v is string => typeof v === 'string');
    const query = queryParts.map(([k, v]) => `${k}=${v === 'REF' && values.length ? encodeURIComponent(values[0]!) : v}`).join('&');
    const variables = deriveEvents ? { ...h.variables, events: eventNames(h.events) } : h.variables;
    return { ...h, variables, query };
  });

describe('the hit record', () => {
  it('gives back exactly what it was given, for any hit', () => {
    fc.assert(
      fc.property(hit, (h) => {
        const back = decodeHitRecord(encodeHitRecord(h));
        expect(back).toEqual(h);
        expect(JSON.stringify(back.variables)).toBe(JSON.stringify(h.variables));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a health-site hit under 130 bytes, a quarter of its JSON', () => {
    const hits = generateHits({ count: 2000, seed: 3 }).map(content);
    let json = 0;
    let stored = 0;
    for (const h of hits) {
      json += JSON.stringify(h).length;
      const bytes = encodeHitRecord(h);
      stored += bytes.length;
      expect(decodeHitRecord(bytes)).toEqual(h);
    }
    expect(stored / hits.length).toBeLessThan(130);
    expect(stored / json).toBeLessThan(0.25);
  });
});

describe('the query in a record', () => {
  it('reads back a value that decodes to a control character the record uses as a mark (`%02`, `%01`)', () => {
    const [one] = generateHits({ count: 1, seed: 5 });
    const hit = { ...content(one!), query: 'AQB=1&v1=%02x&v2=a%01&v3=%02&AQE=1' };
    // Stored before this was read right, `v1=%02x` came back as a reference to the record's first value.
    expect(decodeHitRecord(encodeHitRecord(hit)).query).toBe(hit.query);
  });

  /** What each `key=value` must become, from the definition: a reference, decoded text, or as it came. */
  const expected = (segment: string, values: readonly string[]): string => {
    const eq = segment.indexOf('=');
    if (eq < 0) return segment;
    const value = segment.slice(eq + 1);
    const ref = values.findIndex((v) => encodeURIComponent(v) === value);
    if (ref >= 0) return `${segment.slice(0, eq)}\u0002${ref}`;
    let text: string;
    try {
      text = decodeURIComponent(value);
    } catch {
      return segment;
    }
    return value.includes('%') && encodeURIComponent(text) === value && !text.includes('\u0000') && !text.includes('\u0001') ? `${segment.slice(0, eq)}\u0001${text}` : segment;
  };

  it("refers to the first value of the record a value encodes, holds other encoded text decoded, and keeps the rest as it came", () => {
    const plain = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('', 'a', 'x y', 'ŵ €', '100%', 'a&b', 'conditions:chickenpox', "it's (ok)!~*-_."));
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 6 }), fc.array(fc.tuple(fc.string(), fc.nat(9), plain, fc.nat(3)), { maxLength: 8 }), (values, parts) => {
        const segments = parts.map(([key, pick, other, how]) => {
          const k = [...key].filter((c) => !'=&%\u0000\u0001\u0002'.includes(c)).join('');
          // A value's encoding, other text's encoding, other text raw, or a key alone.
          if (how === 0 && values.length) return `${k}=${encodeURIComponent(values[pick % values.length]!)}`;
          if (how === 1) return `${k}=${encodeURIComponent(other)}`;
          if (how === 2) return `${k}=${[...other].filter((c) => !'&\u0000\u0001\u0002'.includes(c)).join('')}`;
          return k;
        });
        const query = segments.join('&');
        const stored = encodeQuery(query, values);
        expect(stored).toBe(query.split('&').map((segment) => expected(segment, values)).join('\u0000'));
        expect(decodeQuery(stored!, values)).toBe(query);
      }),
      { numRuns: 3000 },
    );
  });
});
