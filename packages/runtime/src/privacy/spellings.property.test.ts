import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardValue, type GuardOptions } from './guard';
import { FALSE_POSITIVES, inText, inUrl, ordinary, ordinaryUrl, settings, survivor } from './test-spellings';

// The page's guard against postcodes, NHS numbers and e-mail addresses in every spelling a page
// can hold them: separators, fullwidth forms, zero-width characters, non-breaking spaces,
// dashes, percent-encoding once or twice, in URL paths, query values, hashes and encoded URLs
// nested in a query parameter, and in text. The collector runs the same guard
// (packages/server/test/collector-spellings.test.ts).

const opts: GuardOptions = { postcodeMarked: ['c2', 'v10', 'v11'], deniedParams: ['stitchid'] };
const URL_KEYS = ['g', 'r', 'pev1'];
const TEXT_KEYS = ['pageName', 'c1', 'c2', 'v10', 'v11', 'v18', 'pev2', 'ch', 'c.tool.name'];

describe('the guard in the page', () => {
  it('lets no spelling of a postcode, NHS number or e-mail address through a URL', { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...URL_KEYS), inUrl, (key, { kind, token, value }) => {
        const out = guardValue(key, value, opts);
        expect(survivor(kind, token, out), `${kind} ${JSON.stringify(token)} in ${JSON.stringify(value)}`).toBe('');
      }),
      settings(1500),
    );
  });

  it('lets none through text, or a URL in text, in any field', { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEXT_KEYS), fc.oneof(inText, inUrl), (key, { kind, token, value }) => {
        const out = guardValue(key, value, opts);
        expect(survivor(kind, token, out), `${kind} ${JSON.stringify(token)} in ${JSON.stringify(value)}`).toBe('');
      }),
      settings(1500),
    );
  });

  it('leaves ordinary text alone, byte for byte: words, numbers, prices, versions and the known false positives', { timeout: 600_000 }, () => {
    for (const text of FALSE_POSITIVES) for (const key of TEXT_KEYS) expect(guardValue(key, text, opts)).toBe(text);
    fc.assert(
      fc.property(fc.constantFrom(...TEXT_KEYS), ordinary, (key, text) => {
        expect(guardValue(key, text, opts)).toBe(text);
      }),
      settings(1500),
    );
    fc.assert(
      fc.property(fc.constantFrom(...URL_KEYS), ordinaryUrl, (key, url) => {
        expect(guardValue(key, url, opts)).toBe(url);
      }),
      settings(500),
    );
  });

  it('is done in one pass: guarding a guarded value changes nothing', { timeout: 600_000 }, () => {
    const value = fc.oneof(
      fc.oneof(inText, inUrl).map(({ value }) => value),
      ordinary,
      // Halves of numbers and postcodes around what the guard removes (issue 11 item 8: `943 476 jane@x.org 5919`).
      fc.string({ unit: fc.constantFrom('943 476 ', '5919', 'LS1 ', '4AP', 'jo@x.org ', '\0', ' ', '9', '@', 'a.b', '%', '%40', '%2540', '\u200b', '\uff10', '\u00a0', '-', '/', '&', '='), maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...URL_KEYS, ...TEXT_KEYS), value, (key, v) => {
        const once = guardValue(key, v, opts);
        expect(guardValue(key, once, opts)).toBe(once);
      }),
      settings(1000),
    );
  });
});
