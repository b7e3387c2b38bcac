import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode, type Pair } from '@tagwell/runtime/analytics/encode';
import { inText, inUrl, ordinary, ordinaryUrl, settings, survivor } from '@tagwell/runtime/privacy/test-spellings';
import { parseHit, privacyForProperties, scrubParsed, scrubQuery, type ParsedHit } from '../src/collector';
import { fixture, get } from './collector-helpers';

// The collector's scrub path (scrubParsed for the stored hit, scrubQuery for a rejected one) against
// the same spellings the page's guard is tested with (packages/runtime/src/privacy/spellings.property.test.ts):
// a hit that left a page without the guard, or was made by hand, is stored without them.

const privacy = privacyForProperties([fixture]);
const TECHNICAL = ['AQB', 'ndh', 't', 'ce', 'AQE'];
// Where a value can arrive: variables (c2 and v10 marked for postcodes), URLs, link fields, context data, an unknown key.
const TEXT_SLOTS = ['pageName', 'c1', 'c2', 'v10', 'v18', 'pev2', 'c.tool.name', 'zz'];
const URL_SLOTS = ['g', 'r', 'pev1'];

/** A link hit whose other values hold no digit, '@' or capital, with `value` at `key`. */
const hitWith = (key: string, value: string): string => {
  const pairs = new Map<string, string>([
    ['pageName', 'nhs:search'],
    ['g', 'https://www.nhs.uk/search'],
    ['pe', 'lnk_o'],
    ['pev1', 'https://www.nhs.uk/find'],
    ['pev2', 'find a service'],
  ]);
  pairs.set(key, value);
  return encode([...pairs] as Pair[]);
};

/** Every stored value (not the keys: `v18` has digits): the model's fields and the stored query's values, technical fields aside. */
const storedValues = (hit: ParsedHit): string[] => [
  ...Object.values(hit.variables).flat(),
  ...Object.values(hit.contextData),
  ...Object.values(hit.unknown),
  hit.linkName ?? '',
  hit.linkUrl ?? '',
  ...queryValues(hit.query),
];
const queryValues = (query: string): string[] =>
  query
    .split('&')
    .filter((pair) => !TECHNICAL.includes(pair.split('=')[0]!))
    .map((pair) => pair.slice(pair.indexOf('=') + 1));

describe('the guard at the collector', () => {
  it('stores no spelling of a postcode, NHS number or e-mail address, in any field', { timeout: 600_000 }, () => {
    const slotted = fc.oneof(
      fc.tuple(fc.constantFrom(...URL_SLOTS), inUrl),
      fc.tuple(fc.constantFrom(...TEXT_SLOTS), fc.oneof(inText, inUrl)),
    );
    fc.assert(
      fc.property(slotted, ([key, { kind, token, value }]) => {
        const query = hitWith(key, value);
        const hit = parseHit(get(query));
        if (!hit.ok) throw new Error(hit.detail);
        const stored = scrubParsed(hit, privacy);
        const rejected = scrubQuery(query, privacy);
        for (const text of [...storedValues(stored), ...queryValues(rejected)]) {
          expect(survivor(kind, token, text), `${kind} ${JSON.stringify(token)} at ${key}: ${JSON.stringify(value)}`).toBe('');
        }
      }),
      settings(1000),
    );
  });

  it('stores ordinary text as it came', { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(fc.constantFrom(...TEXT_SLOTS), ordinary), fc.tuple(fc.constantFrom(...URL_SLOTS), ordinaryUrl)), ([key, value]) => {
        const hit = parseHit(get(hitWith(key, value)));
        if (!hit.ok) throw new Error(hit.detail);
        expect(scrubParsed(hit, privacy)).toEqual(hit);
      }),
      settings(500),
    );
  });
});
