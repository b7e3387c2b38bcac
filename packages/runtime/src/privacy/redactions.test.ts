import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardValue, type GuardOptions } from './guard';
import { redactions } from './redactions';
import { inText, inUrl, settings } from './test-spellings';

const opts: GuardOptions = { postcodeMarked: ['c2', 'v10', 'v11'], deniedParams: ['token'] };
const kinds = (key: string, value: string) => redactions(key, value, opts);

describe('redactions', () => {
  it('names nothing when the guard keeps the value', () => {
    expect(kinds('pageName', 'nhs:conditions:flu')).toEqual([]);
    expect(kinds('g', 'https://www.nhs.uk/search?q=flu')).toEqual([]);
    expect(kinds('v10', 'M25 jam')).toEqual([]);
  });

  it('names each kind of text the guard removes from a field', () => {
    expect(kinds('v12', 'contact jo@nhs.net now')).toEqual([{ kind: 'email' }]);
    expect(kinds('pageName', 'pharmacy near LS1 4AP')).toEqual([{ kind: 'postcode' }]);
    expect(kinds('c1', 'number 943 476 5919')).toEqual([{ kind: 'nhs-number' }]);
    expect(kinds('c1', '9434765919 jo@nhs.net LS1 4AP')).toEqual([{ kind: 'nhs-number' }, { kind: 'postcode' }, { kind: 'email' }]);
  });

  it('says postcode for a marked field, which loses its whole value (SPEC §5)', () => {
    expect(kinds('v10', 'jo@nhs.net near LS1 4AP')).toEqual([{ kind: 'postcode' }]);
    expect(kinds('v10', 'jo@nhs.net')).toEqual([{ kind: 'email' }]);
  });

  it('names the denied query parameters of a URL, once each, and the text removed from the rest', () => {
    expect(kinds('g', 'https://www.nhs.uk/s?useremail=jo%40nhs.net&q=flu&TOKEN=1')).toEqual([
      { kind: 'query-parameter', parameter: 'useremail' },
      { kind: 'query-parameter', parameter: 'TOKEN' },
    ]);
    expect(kinds('r', 'https://www.nhs.uk/s?q=LS1+4AP&near=ls14ap#jo%40nhs.net')).toEqual([{ kind: 'postcode' }, { kind: 'email' }]);
    expect(kinds('pev1', 'https://www.nhs.uk/patients/9434765919/')).toEqual([{ kind: 'nhs-number' }]);
    // Not a URL key: a parameter name is text like any other.
    expect(kinds('v18', 'https://www.nhs.uk/s?token=1')).toEqual([]);
  });

  it('names what the guard finds in every spelling, decoded, and what comes up only in a later round', () => {
    expect(kinds('c1', 'nhs ９４３ ４７６ ５９１９')).toEqual([{ kind: 'nhs-number' }]);
    expect(kinds('v18', 'https://x.org/?email=jo%40nhs.net')).toEqual([{ kind: 'email' }]);
    expect(kinds('pageName', 'service-search:pharmacy:sw1a-1aa')).toEqual([{ kind: 'postcode' }]);
    expect(kinds('g', 'https://www.nhs.uk/patients/943/476/5919/x')).toEqual([{ kind: 'nhs-number' }]);
    // The number is whole only once the address between its halves has gone.
    expect(kinds('c1', '943 476 jo@x.org 5919')).toEqual([{ kind: 'nhs-number' }, { kind: 'email' }]);
    // A denied parameter that only decoding brings to the top level.
    expect(kinds('g', '/s?a=1%26useremail%3Dfoo&q=M1%201AE')).toEqual([{ kind: 'query-parameter', parameter: 'useremail' }, { kind: 'postcode' }]);
    expect(kinds('c1', 'E1 2nd floor')).toEqual([]);
  });

  it('names a reason whenever the guard changes a value in any spelling', { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom('pageName', 'g', 'r', 'pev1', 'c1', 'c2', 'v10', 'v18'), fc.oneof(inText, inUrl), (key, { value }) => {
        expect(kinds(key, value).length > 0).toBe(guardValue(key, value, opts) !== value);
      }),
      settings(300),
    );
  });

  it('never carries the removed text, and names a reason whenever the guard changes a value', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('jo@nhs.net', 'LS1 4AP', 'ls14ap', '943 476 5919', 'useremail=a%40b.co', 'token=x', '?', '&', '=', '/', '#', '+', '%20', '%40'),
    );
    fc.assert(
      fc.property(fc.constantFrom('pageName', 'g', 'r', 'pev1', 'c1', 'c2', 'v10', 'events'), fc.array(piece, { maxLength: 8 }), (key, pieces) => {
        const value = pieces.join('');
        const found = kinds(key, value);
        expect(found.length > 0).toBe(guardValue(key, value, opts) !== value);
        for (const redaction of found) {
          const { kind, parameter } = redaction;
          expect(Object.keys(redaction).every((k) => k === 'kind' || k === 'parameter')).toBe(true);
          expect(['postcode', 'email', 'nhs-number', 'query-parameter']).toContain(kind);
          if (parameter !== undefined) expect(kind).toBe('query-parameter');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws', () => {
    expect(redactions('g', 'https://x/?%E0%A4%A=1&useremail', opts)).toEqual([{ kind: 'query-parameter', parameter: 'useremail' }]);
    expect(redactions('c2', 'LS1 4AP', { postcodeMarked: null } as unknown as GuardOptions)).toEqual([]);
  });
});
