// Generators for the privacy guard's property tests, in the page (spellings.property.test.ts) and
// at the collector (packages/server/test/collector-spellings.test.ts). Test support only: no
// container imports it.
import fc from 'fast-check';

/**
 * fast-check settings: a fixed seed and a few seconds' worth of runs in `npm test`;
 * PRIVACY_RUNS=<n> (npm run test:privacy-nightly) runs n of each with a new seed, printed, and
 * PRIVACY_SEED=<seed> replays one.
 */
export const NIGHTLY_RUNS = Number(process.env.PRIVACY_RUNS) || 0;
const SEED = Number(process.env.PRIVACY_SEED) || (NIGHTLY_RUNS ? Date.now() % 2 ** 31 : 20_251_125);
if (NIGHTLY_RUNS) console.log(`privacy properties: ${NIGHTLY_RUNS} runs each, PRIVACY_SEED=${SEED}`);
export const settings = (numRuns: number): fc.Parameters<unknown> => ({ numRuns: NIGHTLY_RUNS || numRuns, seed: SEED });

const chars = (text: string) => fc.constantFrom(...text);
const digit = chars('0123456789');
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff\xad';
const SPACES = '\u00a0\u202f\u2007\u3000\t';
const DASHES = '\u2010\u2011\u2012\u2013\u2014\u2015';
const fullwidth = (c: string) => (c > ' ' && c < '\x7f' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c);

/** Each character as it is, in its fullwidth form, or after a zero-width character: how copied and pasted text hides. */
const disguise = (token: string) =>
  fc
    .array(fc.tuple(fc.boolean(), fc.option(chars(ZERO_WIDTH), { freq: 3 })), { minLength: token.length, maxLength: token.length })
    .map((how) => [...token].map((c, i) => (how[i]![1] ?? '') + (how[i]![0] ? fullwidth(c) : c)).join(''));
const maybeDisguised = (token: string) => fc.oneof({ weight: 2, arbitrary: fc.constant(token) }, { weight: 1, arbitrary: disguise(token) });

// Postcodes from the published format: first letter not Q V X, second not I J Z, the A9A third
// letter from ABCDEFGHJKPSTUW, the AA9A fourth from ABEHMNPRVWXY, inward letters not CIKMOV.
const first = chars('ABCDEFGHIJKLMNOPRSTUWYZ');
const second = chars('ABCDEFGHKLMNOPQRSTUVWXY');
/** An outward code in capitals (GIR included). */
export const outwardCode = fc
  .oneof(
    fc.tuple(first, digit),
    fc.tuple(first, digit, digit),
    fc.tuple(first, digit, chars('ABCDEFGHJKPSTUW')),
    fc.tuple(first, second, digit),
    fc.tuple(first, second, digit, digit),
    fc.tuple(first, second, digit, chars('ABEHMNPRVWXY')),
    fc.constant(['GIR']),
  )
  .map((parts) => parts.join(''));
/** An inward code in capitals. */
export const inwardCode = fc.tuple(digit, chars('ABDEFGHJLNPQRSTUWXYZ'), chars('ABDEFGHJLNPQRSTUWXYZ')).map((parts) => parts.join(''));
const postcodeGap = fc
  .array(fc.constantFrom(' ', '+', '-', '_', '.', '/', ...SPACES, ...DASHES, ...ZERO_WIDTH), { maxLength: 3 })
  .map((gap) => gap.join(''));
const caseOf = (text: string) =>
  fc.oneof(
    fc.constant(text),
    fc.constant(text.toLowerCase()),
    fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((upper) => [...text].map((c, i) => (upper[i] ? c : c.toLowerCase())).join('')),
  );
/**
 * A postcode in any case, with any gap. Left out: what the guard keeps by design
 * (docs/OPERATING.md), a capital outward code before a small ordinal or dose (`E1 2nd`, `B12 1ug`).
 */
export const postcode = fc
  .tuple(outwardCode, postcodeGap, inwardCode)
  .chain(([o, gap, i]) => caseOf(o + '\n' + i).map((code) => code.replace('\n', gap)))
  .filter((code) => !/^[^a-z]*\d(st|nd|rd|th|ug)$/.test(code))
  .chain(maybeDisguised);

/** Ten digits with a valid modulus-11 check digit. */
export const nhsDigits = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .map((digits) => ({ digits: digits.join(''), check: (11 - (digits.reduce((sum, d, i) => sum + +d * (10 - i), 0) % 11)) % 11 }))
  .filter(({ check }) => check < 10)
  .map(({ digits, check }) => digits + check);
const nhsGap = fc.constantFrom('', ' ', '-', '+', '_', '.', '/', ...SPACES, ...DASHES);
/** An NHS number, plain or 3-3-4 with one separator (of any kind) in each gap. */
export const nhsNumber = fc
  .tuple(nhsDigits, nhsGap, nhsGap)
  .map(([n, a, b]) => n.slice(0, 3) + a + n.slice(3, 6) + b + n.slice(6))
  .chain(maybeDisguised);

const word = (alphabet: string, max: number) => fc.string({ unit: chars(alphabet), minLength: 1, maxLength: max });
/** An e-mail address in any case; the '@' may be fullwidth (＠) or small (﹫). */
export const email = fc
  .tuple(
    fc.array(word('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-', 8), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('@', '@', '\uff20', '\ufe6b'),
    fc.array(word('abcdefghijklmnopqrstuvwxyz0123456789', 8), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'net', 'uk', 'org', 'io', 'nhs.uk', 'co.uk', 'museum'),
  )
  .chain(([local, at, domain, tld]) => caseOf(`${local.join('.')}${at}${domain.join('.')}.${tld}`))
  .chain(maybeDisguised);

export type Kind = 'postcode' | 'nhs-number' | 'email';
export const secret: fc.Arbitrary<{ kind: Kind; token: string }> = fc.oneof(
  postcode.map((token) => ({ kind: 'postcode' as const, token })),
  nhsNumber.map((token) => ({ kind: 'nhs-number' as const, token })),
  email.map((token) => ({ kind: 'email' as const, token })),
);

/**
 * Text around a secret: never an ASCII digit, '@', capital or '%', nor anything whose Unicode
 * compatibility form holds one (`¼`, `①`, `Ａ`), so whatever of these the guard's output holds,
 * read back, came from the secret.
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyz    .,;:!?()\'"-_/&=#*é€£😀漢';
export const plain = fc
  .string({ unit: fc.oneof({ weight: 5, arbitrary: chars(PLAIN) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) }), maxLength: 16 })
  .filter((text) => !/[\dA-Z@%]/.test(text.normalize('NFKC')));
/** Between the secret and the text around it: it is a secret only apart from its neighbours. */
export const apart = fc.constantFrom(' ', ', ', '. ', ': ', ' (', ') ', '"', '/', '\n', ' - ', '\u00a0', '; ');

const enc = encodeURIComponent;
const encPlus = (text: string) => enc(text).replace(/%20/g, '+');
/** How a token is written into a URL or text: as it is, percent-encoded ('+' or %20 for spaces), twice encoded. */
const written = fc.constantFrom<Array<(text: string) => string>>(
  (t) => t,
  enc,
  encPlus,
  (t) => enc(enc(t)),
  (t) => encPlus(encPlus(t)),
);

/** A secret written into a URL: in the path, a query value, the hash, or a nested, encoded URL inside a query parameter. */
export const inUrl = fc
  .tuple(fc.constantFrom('path', 'query', 'hash', 'nested', 'nested-twice'), written, plain, apart, secret, apart, plain)
  .map(([where, write, before, sep1, { kind, token }, sep2, after]) => {
    const text = write(before + sep1 + token + sep2 + after);
    const nested = `https://www.nhs.uk/find?near=${enc(before + sep1 + token + sep2 + after)}&x=y`;
    const url =
      where === 'path'
        ? `https://www.nhs.uk/search/${text}/results?a=b`
        : where === 'query'
          ? `https://www.nhs.uk/search?a=b&q=${text}&c=d#top`
          : where === 'hash'
            ? `https://www.nhs.uk/search?a=b#q=${text}`
            : where === 'nested'
              ? `https://www.nhs.uk/login?next=${enc(nested)}&c=d`
              : `https://www.nhs.uk/login?next=${enc(enc(nested))}`;
    return { kind, token, value: url };
  });

/** A secret in text: as it is or encoded, or inside a URL inside the text. */
export const inText = fc.oneof(
  fc.tuple(written, plain, apart, secret, apart, plain).map(([write, before, sep1, { kind, token }, sep2, after]) => ({ kind, token, value: before + sep1 + write(token) + sep2 + after })),
  fc.tuple(plain, inUrl, plain).map(([before, { kind, token, value }, after]) => ({ kind, token, value: `${before} ${value} ${after}` })),
);

/** Text read back as hard as a reader could: decoded again and again, compatibility forms folded, zero-width characters dropped. */
export const readBack = (text: string): string => {
  for (let i = 0; i < 12; i++) {
    const next = text.replace(/\+/g, ' ').replace(/%[\da-f]{2}(?:%[89ab][\da-f])*/gi, (bytes) => {
      try {
        return decodeURIComponent(bytes);
      } catch {
        return unescape(bytes);
      }
    });
    if (next === text) break;
    text = next;
  }
  return text.normalize('NFKC').replace(/[\u200b-\u200d\u2060\ufeff\xad]/g, '');
};

/**
 * What of a secret of this kind survives in the guard's output, read back: any digit (postcodes
 * and NHS numbers always have some, the text around never does), any '@', and for an address
 * with capitals, any capital. '' when nothing does.
 */
export const survivor = (kind: Kind, token: string, output: string): string => {
  const seen = readBack(output);
  const found =
    kind === 'email' ? (/[A-Z]/.test(readBack(token)) ? /[@A-Z\d]/.exec(seen) : /[@\d]/.exec(seen)) : /\d/.exec(seen);
  return found ? `${JSON.stringify(found[0])} in ${JSON.stringify(seen)}` : '';
};

// Ordinary text the guard must leave alone, byte for byte.
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
export const FALSE_POSITIVES = ['Y12 2nd term', 'E1 2nd floor', 'Vitamin B12 1ug', 'room G12 4th', '3 for 2@£1.50', 'node@20.19'];
const ordinaryToken = fc.oneof(
  fc.constantFrom(...FALSE_POSITIVES),
  fc.constantFrom('A1', 'M1', 'B2B', 'M25', 'M25 J10', 'SW1', 'SW1A', 'COVID-19', 'NHS', 'A&E', 'BMI', 'x@', '@home', 'H1N1', 'B12', 'Year 12', 'A4 paper'),
  word('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 12),
  fc.integer({ min: 0, max: 99 }).map(String),
  fc.integer({ min: 1900, max: 2100 }).map(String),
  fc.tuple(two(23), two(59)).map(([h, m]) => `${h}:${m}`),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), two(99)).map(([p, m]) => `£${p}.${m}`),
  fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`),
  fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30)).map((v) => `v${v.join('.')}`),
  fc.tuple(fc.constantFrom('node', 'npm', 'python', 'ios', 'chrome'), fc.nat(40), fc.nat(40)).map(([name, a, b]) => `${name}@${a}.${b}`),
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 99 })).map(([a, b, p]) => `${a} for ${b}@£${p}.50`),
  fc.tuple(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1990, max: 2030 })).map((d) => d.join('/')),
  fc.integer({ min: 1, max: 1000 }).map((n) => `${n}mg`),
);
/** Words, numbers, prices, versions, dates and the guard's known false positives, in sentences. */
export const ordinary = fc.array(fc.tuple(ordinaryToken, fc.constantFrom(' ', ', ', '. ', ' - ', '; ', ': ')), { maxLength: 10 }).map((parts) => parts.map(([t, s]) => t + s).join('').trim());
/** Ordinary text as a URL: a path of slugs and a query of ordinary values, encoded as a browser would. */
export const ordinaryUrl = fc
  .tuple(fc.array(ordinary, { maxLength: 4 }), fc.array(fc.tuple(word('abcdefghijklmnopqrstuvwxyz', 8), ordinary), { maxLength: 4 }), fc.boolean())
  .map(([path, query, plus]) => {
    const q = query.map(([k, v]) => `${k}=${plus ? encPlus(v) : enc(v)}`).join('&');
    return `https://www.nhs.uk/${path.map((p) => enc(p.replace(/ /g, '-'))).join('/')}${q ? '?' + q : ''}`;
  });
