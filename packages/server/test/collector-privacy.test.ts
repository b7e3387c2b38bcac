import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode, type Pair } from '@tagwell/runtime/analytics/encode';
import { parseHit, privacyForProperties, scrubParsed, scrubQuery, truncateIp, type PrivacyOptions } from '../src/collector';
import { readBack } from '@tagwell/runtime/privacy/test-spellings';
import { fixture, get, LINK_HIT, PAGE_VIEW, parsed, repoProperty, withPair } from './collector-helpers';

const privacy = privacyForProperties([fixture]);
const e = encodeURIComponent;

describe('privacyForProperties', () => {
  it('maps the postcode fields to query keys and joins the denied parameters', () => {
    expect(privacy).toEqual({ postcodeMarked: ['c2', 'v10', 'v11'], deniedParams: ['stitchid'] });
    const both = privacyForProperties([repoProperty('health-site'), repoProperty('minimal')]);
    expect(both.postcodeMarked).toEqual(['c2', 'v10', 'v11']);
    // The health site's URL-passed visitor id (docs/IDENTITY.md) too: never an id in a stored URL.
    expect(both.deniedParams).toEqual(['useremail', 'stitchid', 'tw_mc']);
  });
});

describe('scrubParsed', () => {
  const dirty = [
    ['pageName', e('nhs:contact:jo@nhs.net')],
    ['g', e('https://www.nhs.uk/find?q=LS1+4AP&useremail=jo%40nhs.net&stitchid=abc123&page=2')],
    ['r', e('https://www.nhs.uk/u/943 476 5919/x')],
    ['c2', e('Leeds LS1 4AP')],
    ['c3', e('skin')],
    ['v10', e('pharmacy near m11ae')],
    ['v11', e('no postcode here')],
    ['v20', e('call 9434765919 now')],
    ['events', e('event1,event12:9434765919,event5=3')],
  ] as const;
  let query = PAGE_VIEW;
  for (const [key, value] of dirty) query = withPair(query, key, value);
  query = query.replace('id=bmi', 'id=' + e('jo@nhs.net')).replace('name=start', 'name=' + e('SW1A 2AA'));
  const hit = parsed(get(query));
  const safe = scrubParsed(hit, privacy);

  it('runs the guard on every variable, as the container would', () => {
    expect(safe.variables).toMatchObject({
      pageName: 'nhs:contact:',
      pageURL: 'https://www.nhs.uk/find?q=postcode&page=2',
      referrer: 'https://www.nhs.uk/u//x',
      prop2: 'postcode na',
      prop3: 'skin',
      eVar10: 'postcode na',
      eVar11: 'no postcode here',
      eVar20: 'call now',
      campaign: 'spring-campaign',
    });
  });

  it('drops an event serial that is an NHS number, keeping the event', () => {
    expect(safe.events).toEqual([{ name: 'event1' }, { name: 'event12' }, { name: 'event5', value: '3' }]);
    expect(safe.eventsRaw).toBe('event1,event12,event5=3');
    expect(safe.variables.events).toEqual(['event1', 'event12', 'event5']);
  });

  it('scrubs context data', () => {
    expect(safe.contextData).toEqual({ 'a.Launches': '1', 'tool.step.name': 'postcode', 'tool.id': '' });
  });

  it('scrubs the raw query, so that it reads as the scrubbed model', () => {
    for (const leak of ['jo%40nhs.net', 'jo@', '9434765919', '943%20476', 'LS1', 'ls1', 'm11ae', 'SW1A', 'useremail', 'stitchid', 'abc123'])
      expect(safe.query).not.toContain(leak);
    const again = parsed(get(safe.query));
    expect(again.variables).toEqual(safe.variables);
    expect(again.contextData).toEqual(safe.contextData);
    expect(again.events).toEqual(safe.events);
    // What had nothing to hide is kept byte for byte.
    for (const part of ['AQB=1', 'c3=skin', 'v11=no%20postcode%20here', 'c.&a.&Launches=1&.a&tool.&step.&name=', 'AQE=1']) expect(safe.query).toContain(part);
  });

  it('scrubs link fields', () => {
    let link = withPair(LINK_HIT, 'pev2', e('Email jo@nhs.net'));
    link = withPair(link, 'pev1', e('https://www.nhs.uk/x?useremail=a%40b.com&stitchid=1&ok=1'));
    const out = scrubParsed(parsed(get(link)), privacy);
    expect(out.linkName).toBe('Email');
    expect(out.variables.linkName).toBe('Email');
    expect(out.linkUrl).toBe('https://www.nhs.uk/x?ok=1');
    expect(out.variables.linkURL).toBe('https://www.nhs.uk/x?ok=1');
  });

  it('leaves a hit with nothing to hide as it is', () => {
    const clean = parsed(get(PAGE_VIEW));
    expect(scrubParsed(clean, privacy)).toEqual(clean);
    expect(scrubParsed(clean, privacy).query).toBe(PAGE_VIEW);
  });

  it('scrubs technical fields, unknown keys and the code version too', () => {
    const odd = parsed(get(`AQB=1&s=${e('jo@nhs.net')}&zz=${e('LS1 4AP')}&AQE=1`, '/b/ss/rs/1/' + e('TW jo@nhs.net') + '/s1'));
    const out = scrubParsed(odd, privacy);
    expect(out.technical.s).toBe('');
    expect(out.unknown.zz).toBe('postcode');
    expect(out.codeVersion).toBe('TW');
  });

  it('keeps a __proto__ key as a key of its own, never a prototype, in every record it scrubs', () => {
    const out = scrubParsed(parsed(get(`AQB=1&__proto__=${e('jo@nhs.net')}&c.&__proto__=${e('LS1 4AP')}&.c&AQE=1`)), privacy);
    for (const record of [out.unknown, out.contextData]) expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.entries(out.unknown)).toEqual([['__proto__', '']]);
    expect(Object.entries(out.contextData)).toEqual([['__proto__', 'postcode']]);
  });

  it('drops a context-data key that holds personal data, leaving no part of it in the query', () => {
    const q = 'AQB=1&c.&jo@nhs.&net=1&.jo@nhs&tool.&name=bmi&.tool&.c&AQE=1';
    const out = scrubParsed(parsed(get(q)), privacy);
    expect(out.contextData).toEqual({ 'tool.name': 'bmi' });
    expect(out.query).toBe('AQB=1&c.&tool.&name=bmi&.tool&.c&AQE=1');
    expect(parsed(get(out.query)).contextData).toEqual(out.contextData);
    // A block left empty goes whole.
    expect(scrubQuery('AQB=1&c.&9434765919=x&.c&AQE=1', privacy)).toBe('AQB=1&AQE=1');
  });
});

describe('what the collector skips', () => {
  it('guards what has no ASCII digit or @ but holds personal data: fullwidth forms, the small commercial at, encoded forms', () => {
    const hidden = {
      pageName: 'contact jo＠nhs.net',
      c1: 'near ＳＷ１Ａ　１ＡＡ',
      c2: 'ｌｓ１ ４ａｐ',
      v20: 'nhs ９４３ ４７６ ５９１９',
      v21: 'mail jo﹫nhs.net',
      v22: 'mail jo%EF%B9%ABnhs.net',
    };
    let query = PAGE_VIEW;
    for (const [key, value] of Object.entries(hidden)) query = withPair(query, key, e(value));
    const safe = scrubParsed(parsed(get(query)), privacy);
    expect(safe.variables).toMatchObject({ pageName: 'contact', prop1: 'near postcode', prop2: 'postcode na', eVar20: 'nhs', eVar21: 'mail', eVar22: 'mail' });
    expect(readBack(safe.query)).not.toMatch(/[＠﹫]|nhs\.net|[０-９]|943|5919|ＳＷ|sw1a|ｌｓ|ls1/i);
  });

  it('a repeated key or an empty group in the raw query is scrubbed, though the model does not hold it', () => {
    const repeated = scrubParsed(parsed(get('AQB=1&pageName=a&pageName=jo%40nhs.net&AQE=1')), privacy);
    expect(repeated.query).toBe('AQB=1&pageName=a&pageName=&AQE=1');
    const empty = scrubParsed(parsed(get('AQB=1&c.&9434765919.&.9434765919&x=1&.c&AQE=1')), privacy);
    expect(empty.contextData).toEqual({ x: '1' });
    expect(empty.query).toBe('AQB=1&c.&x=1&.c&AQE=1');
  });
});

describe('scrubQuery on queries the collector refused', () => {
  it('scrubs what it can read and what it cannot', () => {
    expect(scrubQuery('AQB=1&v1=jo%40nhs.net%E9&c2=LS1%204AP&AQE=1', privacy)).toBe('AQB=1&v1=&c2=postcode%20na&AQE=1');
    expect(scrubQuery('%zz=jo@nhs.net&x=M1%201AE', privacy)).toBe('%zz=&x=postcode');
    expect(scrubQuery('c.&a.&b=LS1%204AP&.c', privacy)).toBe('c.&a.&b=postcode&.c');
  });

  it('never throws, and leaves no postcode, address or NHS number it planted', () => {
    // Each apart from its neighbours, as the guard finds them (`LS1 4APX` is no postcode).
    const pii = fc.constantFrom(' jo@nhs.net ', ' LS1 4AP ', ' 9434765919 ', ' 943 476 5919 ', ' sw1a2aa ');
    const junk = fc.constantFrom('&', '=', '%', '%E9', 'c.', '.c', 'a.', '.a', 'v1=', 'g=', 'events=', '%20', '+', '😀', '\ud800');
    fc.assert(
      fc.property(fc.array(fc.oneof(pii, junk, fc.string({ maxLength: 3 })), { maxLength: 30 }), (parts) => {
        const query = parts.join('');
        const out = scrubQuery(query, privacy);
        expect(typeof out).toBe('string');
        const readable = out.replace(/%[0-9a-f]{2}/gi, (h) => {
          try {
            return decodeURIComponent(h);
          } catch {
            return h;
          }
        });
        expect(readable).not.toMatch(/jo@nhs\.net/);
        expect(readable.replace(/\+/g, ' ')).not.toMatch(/LS1 4AP|sw1a2aa/i);
        expect(readable).not.toMatch(/9434765919|943 476 5919/);
      }),
      { numRuns: 500 },
    );
  });
});

// Text with personal data among the characters that break query strings.
const unit = fc.oneof(
  fc.constantFrom('jo@nhs.net', ' LS1 4AP ', '9434765919', ' 943-476-5919 ', 'm1 1ae', '&', '=', '%', '+', '.', '/', '?', '#', ' ', 'é', '😀'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const text = fc.string({ unit, maxLength: 12 });
const segment = fc.string({ unit, minLength: 1, maxLength: 4 }).filter((s) => !s.includes('.'));
const ctxKey = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segs) => segs.join('.'));
const wellFormed = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed();

describe('scrubParsed and scrubQuery agree', () => {
  it('on arbitrary hits from our encoder: the scrubbed query reads as the scrubbed model', () => {
    const options: PrivacyOptions = { postcodeMarked: ['c2', 'v10'], deniedParams: ['stitchid'] };
    fc.assert(
      fc.property(
        fc.record({ pageName: text, g: text, r: text, c2: text, c3: text, v10: text, v88: text, pev1: text, pev2: text }),
        fc.uniqueArray(fc.tuple(ctxKey, text), { maxLength: 5, selector: ([k]) => wellFormed(k) }),
        fc.constantFrom('event1', 'event1:9434765919,event2=3', 'event3:abc,event4'),
        (vars, ctx, events) => {
          const pairs: Pair[] = [...Object.entries(vars), ['events', events], ...ctx.map(([k, v]): Pair => ['c.' + k, v])];
          const hit = parseHit(get(encode(pairs)));
          if (!hit.ok) throw new Error(hit.detail);
          const safe = scrubParsed(hit, options);
          const again = parseHit(get(safe.query));
          if (!again.ok) throw new Error(again.detail);
          expect(again.variables).toEqual(safe.variables);
          expect(again.contextData).toEqual(safe.contextData);
          expect(again.events).toEqual(safe.events);
          expect(scrubParsed(safe, options)).toEqual(safe);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('truncateIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0'],
    ['10.0.0.255', '10.0.0.0'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.0'],
    ['010.001.002.003', '10.1.2.0'],
    [' 203.0.113.7 ', '203.0.113.0'],
    ['2001:db8:85a3:1234:5678:8a2e:370:7334', '2001:db8:85a3::'],
    ['2001:0DB8:85A3:0000:0000:8A2E:0370:7334', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8::'],
    ['2001::1', '2001::'],
    ['2001:0:0:1::1', '2001::'],
    ['2001:db8:0:1::', '2001:db8::'],
    ['0:db8:1::', '0:db8:1::'],
    ['::1', '::'],
    ['::', '::'],
    ['fe80::1%eth0', 'fe80::'],
    ['[2001:db8:85a3::7334]', '2001:db8:85a3::'],
    ['::ffff:203.0.113.7', '203.0.113.0'],
    ['::FFFF:203.0.113.7', '203.0.113.0'],
    ['::ffff:cb00:7107', '203.0.113.0'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.0'],
    ['64:ff9b::203.0.113.7', '64:ff9b::'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3::'],
  ])('%s -> %s', (ip, expected) => {
    expect(truncateIp(ip)).toBe(expected);
  });

  it.each([
    '', 'garbage', '256.1.1.1', '1.2.3', '1.2.3.4.5', '1.2.3.-4', '1..2.3', '203.0.113.7:8080', '::ffff:999.0.0.1', '1:2:3:4:5:6:7:8:9', '1::2::3',
    ':1:2:3:4:5:6:7', '1:2:3:4:5:6:7:', '12345::', 'g::1', '1:2:3:4:5:6:7:8::', '1::2:3:4:5:6:7:8', '1.2.3.4::', 'localhost',
    null as unknown as string, undefined as unknown as string, 42 as unknown as string,
  ])('%j -> empty', (ip) => {
    expect(truncateIp(ip)).toBe('');
  });

  it('never keeps more than it should', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)), (o) => {
        expect(truncateIp(o.join('.'))).toBe(`${o[0]}.${o[1]}.${o[2]}.0`);
        expect(truncateIp('::ffff:' + o.join('.'))).toBe(`${o[0]}.${o[1]}.${o[2]}.0`);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }), (g) => {
        const out = truncateIp(g.map((n) => n.toString(16)).join(':'));
        // Mapped addresses come back as IPv4; the rest keep only their first 48 bits.
        if (g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff) expect(out).toMatch(/^\d+\.\d+\.\d+\.0$/);
        else {
          expect(out.endsWith('::') || out === g.slice(0, 3).map((n) => n.toString(16)).join(':') + '::').toBe(true);
          expect(truncateIp(out)).toBe(out);
          const expanded = new URL(`http://[${out}]/`).hostname;
          expect(expanded).toBe(`[${out}]`);
        }
      }),
    );
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => void truncateIp(s)));
  });
});
