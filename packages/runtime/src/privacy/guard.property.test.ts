import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { guardValue } from './guard';
import type { GuardOptions } from './guard';
import { inwardCode, nhsDigits, outwardCode } from './test-spellings';

const opts: GuardOptions = { postcodeMarked: ['c2', 'v10', 'v11'], deniedParams: ['token'] };
const KEYS = ['pageName', 'g', 'r', 'pev1', 'c1', 'c2', 'v10', 'v11', 'v17', 'pev2', 'ch', 'events', 'a.b.c'];
const URL_KEYS = ['g', 'r', 'pev1'];

const pick = (chars: string) => fc.constantFrom(...chars.split(''));
const randomCase = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((flags) =>
    text.replace(/./g, (c, i: number) => (flags[i] ? c.toLowerCase() : c.toUpperCase())),
  );

// Left out: what the guard keeps by design, a capital outward code before a small ordinal or dose (`E1 2nd`).
const postcode = fc
  .tuple(outwardCode, fc.constantFrom('', ' ', '   ', '\t', ' \t'), fc.oneof(inwardCode, fc.constant('0AA')))
  .chain(([o, gap, i]) => randomCase(o + gap + i))
  .filter((code) => !/^[^a-z]*\d(st|nd|rd|th|ug)$/.test(code));

const nhsNumber = nhsDigits.chain((all) =>
  fc.constantFrom(all, `${all.slice(0, 3)} ${all.slice(3, 6)} ${all.slice(6)}`, `${all.slice(0, 3)}-${all.slice(3, 6)}-${all.slice(6)}`),
);

const label = fc.string({ unit: pick('abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 8 });
const email = fc
  .tuple(
    fc.array(fc.string({ unit: pick('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-'), minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'net', 'uk', 'org', 'io'),
  )
  .map(([local, domain, tld]) => `${local.join('.')}@${domain.join('.')}.${tld}`);

const secret = fc.oneof(postcode, nhsNumber, email);
// Digits and address characters next to the secret are where overlaps hide.
const around = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: pick('0123456789 -'), maxLength: 8 }),
  fc.string({ unit: pick('aZ1@.-_+%'), maxLength: 8 }),
);
const separator = fc.constantFrom(' ', ',', '.', ';', ':', '(', ')', '!', '?', '"', "'", '-', '/', '\n');

// Read back the way a report viewer would: '+' and %XX as characters, undecodable runs left raw.
const decoded = (text: string) =>
  text.replace(/\+/g, ' ').replace(/(?:%[\da-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
const encodeQuery = (text: string, plus: boolean) => {
  try {
    const encoded = encodeURIComponent(text);
    return plus ? encoded.replace(/%20/g, '+') : encoded;
  } catch {
    return text;
  }
};

describe('guardValue properties', () => {
  it('lets no postcode, e-mail address or valid NHS number through, for any key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), around, separator, secret, separator, around, (key, before, sep1, token, sep2, after) => {
        // Raw text under a URL key may fall into a query or hash, where '+' is a space.
        fc.pre(!(URL_KEYS.includes(key) && token.includes('+')));
        const text = before + sep1 + token + sep2 + after;
        const out = guardValue(key, text, opts);
        expect(squash(out)).not.toContain(squash(token));
      }),
      { numRuns: 3000 },
    );
  });

  it('lets none through a URL, in the path, the query or the hash, raw or encoded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...URL_KEYS),
        fc.constantFrom('path', 'query', 'hash'),
        fc.boolean(),
        around,
        separator,
        secret,
        separator,
        around,
        (key, where, plus, before, sep1, token, sep2, after) => {
          const text = encodeQuery(before + sep1 + token + sep2 + after, plus && where !== 'path');
          const url =
            where === 'path'
              ? `https://www.nhs.uk/search/${text}/results?a=1`
              : where === 'query'
                ? `https://www.nhs.uk/search?a=1&q=${text}&b=2#top`
                : `https://www.nhs.uk/search?a=1#q=${text}`;
          const out = guardValue(key, url, opts);
          expect(squash(out)).not.toContain(squash(token));
          expect(squash(decoded(out))).not.toContain(squash(token));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves no fragment of a secret behind', () => {
    // Secrets in capitals and digits inside text with neither, not even once decoded or folded
    // (`%bc` is `¼`, which reads `1⁄4`): whatever survives of a secret, even one character,
    // shows up as a capital or a digit.
    const plain = fc
      .string({ maxLength: 20 })
      .map((text) => text.toLowerCase().replace(/[\d%]/g, ''))
      .filter((text) => !/[A-Z\d]/.test(text.normalize('NFKC')));
    const upperEmail = email.map((address) => address.toUpperCase());
    const upperPostcode = postcode.map((code) => code.toUpperCase());
    fc.assert(
      fc.property(
        fc.constantFrom(...KEYS),
        fc.boolean(),
        plain,
        separator,
        fc.oneof(upperPostcode, nhsNumber, upperEmail),
        separator,
        plain,
        (key, plus, before, sep1, token, sep2, after) => {
          const text = before + sep1 + token + sep2 + after;
          const isUrl = URL_KEYS.includes(key);
          const value = isUrl ? `https://www.nhs.uk/search?a=b&q=${encodeQuery(text, plus)}#top` : text;
          const out = guardValue(key, value, opts);
          expect(isUrl ? decoded(out) : out).not.toMatch(/[A-Z\d]/);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finds valid NHS numbers among other digits', () => {
    const digits = fc.string({ unit: pick('0123456789 -'), maxLength: 12 });
    fc.assert(
      fc.property(fc.constantFrom('c1', 'v10', 'g'), digits, fc.constantFrom(' ', '-'), nhsNumber, fc.constantFrom(' ', '-'), digits, (key, before, sep1, token, sep2, after) => {
        const out = guardValue(key, before + sep1 + token + sep2 + after, opts);
        expect(decoded(out)).not.toContain(token);
      }),
      { numRuns: 3000 },
    );
  });

  it('passes ordinary text through unchanged', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const ordinary = fc.oneof(
      fc.constantFrom('A1', 'M1', 'B2B', 'M25', 'SW1', 'SW1A', 'COVID-19', 'NHS', 'A&E', 'BMI', 'x@', '@home'),
      fc.integer({ min: 1900, max: 2100 }).map(String),
      fc.tuple(two(23), two(59)).map(([h, m]) => `${h}:${m}`),
      fc.tuple(fc.integer({ min: 0, max: 9999 }), two(99)).map(([p, m]) => `£${p}.${m}`),
      fc.string({ unit: pick('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 1, maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.constantFrom('pageName', 'c1', 'v20', 'pev2', 'ch'), fc.array(ordinary, { maxLength: 12 }), (key, words) => {
        const text = words.join(' ');
        expect(guardValue(key, text, opts)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws, whatever the input', { timeout: 120_000 }, () => {
    const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    const fragment = fc.constantFrom('a', 'Z', '1', '9', ' ', '\t', '@', '.', '-', '+', '%', '%20', '%40', '%E9', '&', '=', '?', '#', '/', 'M1', '1AE', '943', '\ud800', '\udc00', '😀');
    const input = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), surrogate) }),
      fc.array(fragment, { maxLength: 400 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.constantFrom(...KEYS, 'unknown'), input, (key, value) => {
        expect(typeof guardValue(key, value, opts)).toBe('string');
      }),
      { numRuns: 5000 },
    );
  });

  it('never throws on huge input', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom('g', 'pageName', 'v10'),
        fc.constantFrom('a', 'A1', '@', 'a@', 'a.', ' ', '+', '%20', '1', '943 ', '&', 'a=1&', '/', '#', '\ud800', 'M1 1AE '),
        fc.integer({ min: 100_000, max: 4_000_000 }),
        (key, unit, size) => {
          expect(typeof guardValue(key, unit.repeat(Math.ceil(size / unit.length)), opts)).toBe('string');
        },
      ),
      { numRuns: 8 },
    );
  });
});
