import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { guardHit, guardThenCut, guardValue, rememberedGuard, URL_KEYS } from './guard';
import type { GuardOptions } from './guard';

const opts: GuardOptions = { postcodeMarked: ['c2', 'v10', 'v11'], deniedParams: ['token'] };

describe('guardValue', () => {
  it('treats g, r and pev1 as URLs', () => {
    expect(URL_KEYS).toEqual(['g', 'r', 'pev1']);
    for (const key of URL_KEYS) {
      expect(guardValue(key, 'https://www.nhs.uk/s?useremail=a@b.com&token=1&q=LS1+4AP', opts)).toBe('https://www.nhs.uk/s?q=postcode');
    }
    // Not a URL key: the text rules apply, so the parameter name stays.
    expect(guardValue('v18', 'https://www.nhs.uk/s?token=1', opts)).toBe('https://www.nhs.uk/s?token=1');
  });

  it('turns each postcode in the page name into the word postcode', () => {
    expect(guardValue('pageName', 'nhs:service-search:pharmacy:ls1 4ap', opts)).toBe('nhs:service-search:pharmacy:postcode');
    expect(guardValue('pageName', 'from M1 1AE to B33 8TH', opts)).toBe('from postcode to postcode');
  });

  it('marks the whole value of c2, v10 and v11 when it holds a postcode (SPEC §5)', () => {
    for (const key of opts.postcodeMarked) {
      expect(guardValue(key, 'gp surgery near EC1A 1BB please', opts)).toBe('postcode na');
      expect(guardValue(key, 'ls14ap', opts)).toBe('postcode na');
      expect(guardValue(key, 'LS1+4AP', opts)).toBe('postcode na');
      expect(guardValue(key, 'gp surgery', opts)).toBe('gp surgery');
      expect(guardValue(key, 'M25 jam', opts)).toBe('M25 jam');
    }
  });

  it('replaces postcodes in any other key', () => {
    expect(guardValue('c1', 'near W1A 0AX', opts)).toBe('near postcode');
    expect(guardValue('v12', 'pharmacy', opts)).toBe('pharmacy');
    expect(guardValue('ch', 'conditions', opts)).toBe('conditions');
  });

  it('removes e-mail addresses and valid NHS numbers in every field', () => {
    for (const key of ['pageName', 'c1', 'c2', 'v10', 'pev2', 'events', 'my.context.key']) {
      expect(guardValue(key, 'contact jo@nhs.net now', opts)).toBe('contact now');
      expect(guardValue(key, 'nhs 943 476 5919 ok', opts)).toBe('nhs ok');
      expect(guardValue(key, '943-476-5919', opts)).toBe('');
      expect(guardValue(key, 'ref 943 476 5918', opts)).toBe('ref 943 476 5918');
      expect(guardValue(key, ' a@b.com  9434765919 x ', opts)).toBe('x');
    }
    expect(guardValue('v10', 'jo@nhs.net LS1 4AP', opts)).toBe('postcode na');
    expect(guardValue('g', 'https://x.org/?email=jo%40nhs.net&nhs=9434765919', opts)).toBe('https://x.org/?email=&nhs=');
  });

  it('checks a URL-valued variable as the URL keys are checked, decoded (issue 11 item 6)', () => {
    const link = 'https://www.nhs.uk/book?email=jane.doe%40example.com&nhs=943%20476%205919&q=flu';
    expect(guardValue('v18', link, opts)).toBe('https://www.nhs.uk/book?email=&nhs=&q=flu');
    expect(guardValue('pev1', link, opts)).toBe('https://www.nhs.uk/book?email=&nhs=&q=flu');
    expect(guardValue('c5', 'Link: ' + link, opts)).toBe('Link: https://www.nhs.uk/book?email=&nhs=&q=flu');
  });

  it('finds the demo service search postcode, and other spellings (issue 11 item 7)', () => {
    // /service-search/pharmacy/sw1a-1aa
    expect(guardValue('pageName', 'service-search:pharmacy:sw1a-1aa', opts)).toBe('service-search:pharmacy:postcode');
    expect(guardValue('c2', 'sw1a-1aa', opts)).toBe('postcode na');
    expect(guardValue('g', 'https://www.nhs.uk/service-search/pharmacy/sw1a-1aa', opts)).toBe('https://www.nhs.uk/service-search/pharmacy/postcode');
    for (const code of ['sw1a_1aa', 'SW1A.1AA', 'SW1A/1AA', 'SW1A\u200b1AA', 'ＳＷ１Ａ １ＡＡ', 'ｓｗ１ａ－１ａａ']) {
      expect(guardValue('c1', `near ${code}`, opts)).toBe('near postcode');
      expect(guardValue('v11', code, opts)).toBe('postcode na');
    }
    for (const nhs of ['943.476.5919', '943/476/5919', '943\u2013476\u20135919', '943\u00a0476\u00a05919', '９４３ ４７６ ５９１９']) {
      expect(guardValue('v20', `nhs ${nhs}`, opts)).toBe('nhs');
    }
    const nested = 'https://www.nhs.uk/login?next=' + encodeURIComponent('https://www.nhs.uk/account?email=' + encodeURIComponent('jo@nhs.net'));
    expect(guardValue('g', nested, opts)).toBe('https://www.nhs.uk/login?next=https://www.nhs.uk/account?email=');
  });

  it('keeps what only looks like a postcode or an address (issue 11 item 10)', () => {
    for (const key of ['pageName', 'c1', 'c2', 'v10', 'v11', 'v20']) {
      for (const text of ['Y12 2nd term', 'E1 2nd floor', 'Vitamin B12 1ug', 'room G12 4th', '3 for 2@£1.50', 'node@20.19']) {
        expect(guardValue(key, text, opts)).toBe(text);
      }
    }
    expect(guardValue('g', 'https://www.nhs.uk/search?q=Vitamin+B12+1ug', opts)).toBe('https://www.nhs.uk/search?q=Vitamin+B12+1ug');
  });

  it('keeps spaces where nothing was removed', () => {
    expect(guardValue('v20', '  BMI  calculator ', opts)).toBe('  BMI  calculator ');
  });

  it('never throws', () => {
    expect(guardValue('pageName', '\ud800 M1 1AE \udc00', opts)).toBe('\ud800 postcode \udc00');
    // A URL with something to hide and a lone surrogate cannot be re-encoded: nothing goes.
    expect(guardValue('g', '/?q=M1+1AE\udc00', opts)).toBe('');
    expect(guardValue('g', 'http://%E0%A4%A/?%', opts)).toBe('http://%E0%A4%A/?%');
    expect(guardValue('v1', undefined as unknown as string, opts)).toBe('');
    expect(guardValue('v1', 'x', null as unknown as GuardOptions)).toBe('');
  });
});

describe('guardThenCut', () => {
  const guard = (text: string) => guardValue('pageName', text, opts);
  const cutAt = (max: number) => (text: string) => text.slice(0, max);

  it('guards once and cuts nothing where the text is within the limit', () => {
    const calls: string[] = [];
    const out = guardThenCut('nhs:conditions:chickenpox', (text) => (calls.push(text), guard(text)), cutAt(100));
    expect(out).toBe('nhs:conditions:chickenpox');
    expect(calls).toEqual(['nhs:conditions:chickenpox']);
  });

  it('guards the cut again: a cut can leave a new match at its end, and the word put in can need cutting again', () => {
    // `M1 1AEX` holds no postcode; cut after `1AE` it does, and `postcode` is longer than `M1 1AE`.
    const text = 'x'.repeat(93) + ' M1 1AEX';
    const calls: string[] = [];
    const out = guardThenCut(text, (text) => (calls.push(text), guard(text)), cutAt(100));
    expect(out).toBe('x'.repeat(93) + ' postco');
    expect(out).toHaveLength(100);
    expect(calls).toEqual([text, 'x'.repeat(93) + ' M1 1AE', 'x'.repeat(93) + ' postco']);
    // Within the limit from the start: guarded once.
    expect(guardThenCut('near M1 1AEX', guard, cutAt(100))).toBe('near M1 1AEX');
  });

  it('sends nothing for text still cut after five rounds', () => {
    let rounds = 0;
    const growing = (text: string) => (rounds++, text + 'xx');
    expect(guardThenCut('abc', growing, (text) => text.slice(0, text.length - 1))).toBe('');
    expect(rounds).toBe(5);
  });
});

describe('guardHit', () => {
  const uncut = (_key: string, value: string) => value;

  it('guards every pair, keeping keys and order', () => {
    const hit: Array<[string, string]> = [
      ['pageName', 'nhs:search:ls1 4ap'],
      ['g', 'https://www.nhs.uk/search?q=LS1+4AP&UserEmail=jo%40nhs.net'],
      ['c2', 'LS1 4AP'],
      ['v10', 'paracetamol'],
      ['v11', 'm1 1ae'],
      ['v17', 'Email jo@nhs.net'],
      ['events', 'event1,event2'],
    ];
    expect(guardHit(hit, opts, uncut)).toEqual([
      ['pageName', 'nhs:search:postcode'],
      ['g', 'https://www.nhs.uk/search?q=postcode'],
      ['c2', 'postcode na'],
      ['v10', 'paracetamol'],
      ['v11', 'postcode na'],
      ['v17', 'Email'],
      ['events', 'event1,event2'],
    ]);
  });

  it("cuts each value to its key's limit after the guard, guards what a cut made, and tells `hear` of every value it guards", () => {
    const heard: Array<[string, string]> = [];
    const cut = (key: string, value: string) => value.slice(0, key == 'pageName' ? 10 : 100);
    const out = guardHit(
      [
        ['pageName', 'abc M1 1AEX'],
        ['v1', 'abc M1 1AEX'],
      ],
      opts,
      cut,
      (key, value) => heard.push([key, value]),
    );
    expect(out).toEqual([
      ['pageName', 'abc postco'],
      ['v1', 'abc M1 1AEX'],
    ]);
    expect(heard).toEqual([
      ['pageName', 'abc M1 1AEX'],
      ['pageName', 'abc M1 1AE'],
      ['pageName', 'abc postco'],
      ['v1', 'abc M1 1AEX'],
    ]);
  });

  it('throws only when given no list of pairs, so the tracker sends nothing', () => {
    expect(() => guardHit(null as unknown as Array<[string, string]>, opts, uncut)).toThrow();
    expect(guardHit([], opts, uncut)).toEqual([]);
    expect(guardHit([['v1', undefined as unknown as string]], opts, uncut)).toEqual([['v1', '']]);
  });
});

describe('rememberedGuard', () => {
  it('gives what guardValue gives, for any key and text, asked once or again', () => {
    const remembered = rememberedGuard();
    const keys = fc.constantFrom('g', 'r', 'pev1', 'pageName', 'c2', 'v10', 'v11', 'ch', 's');
    const text = fc.oneof(fc.string(), fc.constantFrom('LS1 4AP', 'jo@nhs.net', '943 476 5919', 'http://www.health.localhost:8080/x?useremail=a@b.c&q=M1 1AE', '1280x720'));
    fc.assert(
      fc.property(keys, text, (key, value) => {
        expect(remembered(key, value, opts)).toBe(guardValue(key, value, opts));
        expect(remembered(key, value, opts)).toBe(guardValue(key, value, opts));
      }),
      { numRuns: 2000 },
    );
  });

  it('guards each key and text once, and keeps at most 100 of them', () => {
    const asked: string[] = [];
    const remembered = rememberedGuard((key, text, options) => (asked.push(key + '=' + text), guardValue(key, text, options)));
    for (let round = 0; round < 3; round++) for (const [key, text] of [['g', 'http://a.localhost:8080/'], ['c2', 'LS1 4AP'], ['pageName', 'LS1 4AP']]) remembered(key!, text!, opts);
    expect(asked).toEqual(['g=http://a.localhost:8080/', 'c2=LS1 4AP', 'pageName=LS1 4AP']);
    for (let i = 0; i < 100; i++) remembered('c1', 'value ' + i, opts);
    remembered('g', 'http://a.localhost:8080/', opts);
    expect(asked.filter((entry) => entry.startsWith('g='))).toHaveLength(2);
  });
});
