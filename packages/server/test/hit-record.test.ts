/**
 * The compact stored form of a hit (storage/hit-record.ts, issue 18): lossless for any hit the
 * collector or a caller may store, and small for the hits a health site sends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHitRecord, encodeHitRecord, type HitContent } from '../src/storage/hit-record';
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
