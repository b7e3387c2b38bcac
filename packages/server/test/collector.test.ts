import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectHit, cutQuery, DEFAULT_MAX_DEPTH, DEFAULT_MAX_KEY_LENGTH, DEFAULT_MAX_KEYS, DEFAULT_MAX_QUERY_LENGTH, keptQuery, parseHit, privacyForProperties,
  rulesForProperties, SCHEMA_MISMATCH, scrubHeader, validateHit, type HitInput, type Rejection, type ValidationRules,
} from '../src/collector';
import { routedUrl } from '../src/routes/collector';
import { fixture, get, HOST, LINK_HIT, PAGE_VIEW, parsed, PATH, post, repoProperty, withPair } from './collector-helpers';

const rules = rulesForProperties([fixture]);

/** The rejection of a hit that must be refused, by parseHit or by validateHit. */
function rejection(input: HitInput, with_: ValidationRules = rules): Rejection {
  const hit = parseHit(input, { maxQueryLength: with_.maxQueryLength });
  const verdict = hit.ok ? validateHit(hit, with_) : hit;
  if (verdict.ok) throw new Error('expected a rejection');
  expect(verdict.reason).toBe(SCHEMA_MISMATCH);
  return verdict;
}

describe('parseHit: an AppMeasurement page view', () => {
  const hit = parsed(get(PAGE_VIEW));

  it('reads the path', () => {
    expect(hit.reportSuites).toEqual(['nhsukprod', 'nhsukglobal']);
    expect(hit.codeVersion).toBe('JS-2.22.0');
    expect(hit.method).toBe('GET');
    expect(hit.host).toBe(HOST);
    expect(hit.query).toBe(PAGE_VIEW);
  });

  it('names variables with AppMeasurement long names', () => {
    expect(hit.hitType).toBe('page');
    expect(hit.linkType).toBeNull();
    expect(hit.linkName).toBeNull();
    expect(hit.linkUrl).toBeNull();
    expect(hit.variables).toEqual({
      pageName: 'nhs:conditions:hives',
      pageURL: 'https://www.nhs.uk/conditions/hives/?utm_source=newsletter',
      referrer: 'https://www.google.com/',
      currencyCode: 'GBP',
      channel: 'conditions',
      server: 'www.nhs.uk',
      campaign: 'spring-campaign',
      events: ['event1', 'event5', 'event12', 'event20'],
      products: ';paracetamol;1;2.99',
      prop1: 'conditions',
      prop2: 'hives',
      prop3: 'skin',
      prop4: 'en',
      prop5: 'article page',
      eVar10: 'hives treatment',
      eVar88: 'vaccination booking',
      hier1: 'conditions|hives',
      marketingCloudVisitorID: '12345678901234567890123456789012345678',
    });
  });

  it('keeps events with their serials and values', () => {
    expect(hit.events).toEqual([{ name: 'event1' }, { name: 'event5', value: '3' }, { name: 'event12', id: 'ab12cd' }, { name: 'event20', id: 'x9', value: '2.50' }]);
    expect(hit.eventsRaw).toBe('event1,event5=3,event12:ab12cd,event20:x9=2.50');
  });

  it('rebuilds nested context data on its dots', () => {
    expect(hit.contextData).toEqual({ 'a.Launches': '1', 'tool.step.name': 'start', 'tool.id': 'bmi' });
  });

  it('keeps protocol and browser fields apart', () => {
    expect(hit.timestamp).toBe('22/9/2025 14:5:12 3 -60');
    expect(hit.technical).toEqual({
      AQB: '1', ndh: '1', pf: '1', t: '22/9/2025 14:5:12 3 -60', fid: '2F5D3A1B8C7E9F01-0A1B2C3D4E5F6A7B', ce: 'UTF-8', ns: 'nhs',
      s: '1920x1080', c: '24', j: '1.6', v: 'N', k: 'Y', bw: '1280', bh: '720', mcorgid: 'ABC123@AdobeOrg', AQE: '1',
    });
    expect(hit.unknown).toEqual({});
    expect(hit.keys[0]).toBe('AQB');
    expect(hit.keys.at(-1)).toBe('AQE');
    expect(hit.keys.filter((k) => k === 'c.')).toHaveLength(1);
    expect(hit.duplicates).toEqual([]);
  });

  it('passes the SDR of the property that sets those variables', () => {
    expect(validateHit(hit, rules)).toEqual({ ok: true });
  });

  it('reads the same hit POSTed as a form body, with any charset and case', () => {
    for (const type of ['application/x-www-form-urlencoded', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8', 'text/plain;charset=UTF-8']) {
      const viaPost = parsed(post(PAGE_VIEW, type));
      expect({ ...viaPost, method: 'GET' }).toEqual(hit);
      expect(validateHit(viaPost, rules)).toEqual({ ok: true });
    }
  });
});

describe('parseHit: a link hit', () => {
  const hit = parsed(get(LINK_HIT));

  it('reads pe, pev1 and pev2', () => {
    expect(hit.hitType).toBe('link');
    expect(hit.linkType).toBe('o');
    expect(hit.linkName).toBe('Header:account link');
    expect(hit.linkUrl).toBe('https://www.nhs.uk/account/');
    expect(hit.variables).toMatchObject({ linkType: 'o', linkName: 'Header:account link', linkURL: 'https://www.nhs.uk/account/', events: ['event2'] });
    expect(hit.contextData).toEqual({ 'tool.name': 'bmi' });
    expect(validateHit(hit, rules)).toEqual({ ok: true });
  });

  it.each([['lnk_d', 'd'], ['lnk_e', 'e']])('reads %s', (pe, type) => {
    const other = parsed(get(withPair(LINK_HIT, 'pe', pe)));
    expect(other.linkType).toBe(type);
    expect(other.hitType).toBe('link');
  });

  it('reads it POSTed as text/plain (sendBeacon with a string body)', () => {
    expect({ ...parsed(post(LINK_HIT, 'text/plain;charset=UTF-8')), method: 'GET' }).toEqual(hit);
  });
});

describe('parseHit: decoding', () => {
  it('keeps a + as a +, in queries and bodies alike (neither sender writes + for a space)', () => {
    const q = withPair(PAGE_VIEW, 'pageName', 'a+b%2Bc%20d');
    expect(parsed(get(q)).variables.pageName).toBe('a+b+c d');
    expect(parsed(post(q)).variables.pageName).toBe('a+b+c d');
  });

  it('reads a value holding = and non-ASCII text', () => {
    expect(parsed(get(withPair(PAGE_VIEW, 'c3', 'x=y%3Dz%20%E2%9C%93%20%F0%9F%98%80'))).variables.prop3).toBe('x=y=z ✓ 😀');
  });

  it('decodes the code version', () => {
    expect(parsed(get(PAGE_VIEW, '/b/ss/nhsukprod/1/TW%200.1.0/s1')).codeVersion).toBe('TW 0.1.0');
  });

  it('reads a bodiless POST from its URL query, with or without a Content-Type (sendBeacon(url))', () => {
    const hit = parsed(get(PAGE_VIEW));
    expect({ ...parsed({ method: 'POST', path: PATH, query: PAGE_VIEW, host: HOST }), method: 'GET' }).toEqual(hit);
    expect({ ...parsed({ method: 'POST', path: PATH, query: PAGE_VIEW, body: '', contentType: 'text/plain;charset=UTF-8', host: HOST }), method: 'GET' }).toEqual(hit);
  });

  it('takes the query from a path that carries it', () => {
    expect(parsed(get('', `${PATH}?${PAGE_VIEW}`)).variables.pageName).toBe('nhs:conditions:hives');
  });

  it('reads a context-data key that repeats a group name, and a leaf beside a group of its name', () => {
    const hit = parsed(get('AQB=1&c.&c.&c=1&.c&a=2&a.&b=3&.a&.c&AQE=1'));
    expect(hit.contextData).toEqual({ 'c.c': '1', a: '2', 'a.b': '3' });
  });

  it('keeps the first of a repeated key and says it repeated', () => {
    const hit = parsed(get('AQB=1&pageName=a&pageName=b&c.&x=1&x=2&.c&AQE=1'));
    expect(hit.variables.pageName).toBe('a');
    expect(hit.contextData).toEqual({ x: '1' });
    expect(hit.duplicates).toEqual(['pageName', 'c.x']);
  });

  it('puts keys that are neither variables nor technical fields apart', () => {
    const hit = parsed(get('AQB=1&v999=x&foo=bar&c76=y&AQE=1'));
    expect(hit.unknown).toEqual({ v999: 'x', foo: 'bar', c76: 'y' });
    expect(hit.variables).toEqual({});
  });

  it('reads a __proto__ key, top-level or in context data, as a key of its own, never a prototype', () => {
    const hit = parsed(get('AQB=1&__proto__=x&c.&__proto__=y&a.&__proto__=z&.a&.c&AQE=1'));
    expect(Object.getPrototypeOf(hit.unknown)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(hit.contextData)).toBe(Object.prototype);
    expect(Object.entries(hit.unknown)).toEqual([['__proto__', 'x']]);
    expect(Object.entries(hit.contextData)).toEqual([
      ['__proto__', 'y'],
      ['a.__proto__', 'z'],
    ]);
  });
});

describe('validateHit: every rejection', () => {
  const cases: Array<[what: string, input: HitInput, detail: string | RegExp, status?: number]> = [
    ['an unknown variable', get(withPair(PAGE_VIEW, 'v999', 'x')), 'unknown variable v999'],
    ['a c. that is a pair, not a context-data block', get('AQB=1&c.=x&AQE=1'), 'unknown variable c.'],
    ['a variable the SDR does not set', get(withPair(PAGE_VIEW, 'v5', 'x')), 'unknown variable v5 (eVar5)'],
    ['an unknown context-data key', get(PAGE_VIEW.replace('id=bmi', 'nhs=1')), 'unknown context data tool.nhs'],
    ['bad events syntax', get(withPair(PAGE_VIEW, 'events', 'event1%2C%2Cx%3D')), 'bad events syntax "event1,,x="'],
    ['an event value that is not a number', get(withPair(PAGE_VIEW, 'events', 'event5%3Dthree')), 'bad events syntax "event5=three"'],
    ['an event name outside Adobe\'s', get(withPair(PAGE_VIEW, 'events', 'event1001')), 'bad events syntax "event1001"'],
    ['a serial over 20 characters', get(withPair(PAGE_VIEW, 'events', 'event1%3A' + 'a'.repeat(21))), 'bad events syntax'],
    ['spaces in events', get(withPair(PAGE_VIEW, 'events', 'event1%2C%20event5')), 'bad events syntax "event1, event5"'],
    ['an event the SDR does not set', get(withPair(PAGE_VIEW, 'events', 'event1%2Cevent99')), 'unknown event event99'],
    ['a currency other than GBP', get(withPair(PAGE_VIEW, 'cc', 'USD')), 'currency USD is not GBP'],
    ['a missing AQB', get(withPair(PAGE_VIEW, 'AQB', null)), 'missing AQB'],
    ['AQB not first', get(PAGE_VIEW.replace('AQB=1&ndh=1', 'ndh=1&AQB=1')), 'AQB not first'],
    ['a missing AQE (a hit cut short)', get(PAGE_VIEW.slice(0, PAGE_VIEW.indexOf('&s=1920'))), 'missing AQE'],
    ['AQE not last', get(PAGE_VIEW + '&ch=x'), 'AQE not last'],
    ['a repeated variable', get(withPair(PAGE_VIEW, 'AQE', null) + '&ch=x&AQE=1'), 'repeated variable ch'],
    ['a bad link type', get(withPair(LINK_HIT, 'pe', 'lnk_x')), 'bad link type pe=lnk_x: expected lnk_o, lnk_d or lnk_e'],
    ['a GET over the limit', get(withPair(PAGE_VIEW, 'c3', 'x'.repeat(DEFAULT_MAX_QUERY_LENGTH))), `query over ${DEFAULT_MAX_QUERY_LENGTH} bytes`, 413],
    ['a POST body over the limit, counted in bytes', post(withPair(PAGE_VIEW, 'c3', 'é'.repeat(DEFAULT_MAX_QUERY_LENGTH / 2))), `query over ${DEFAULT_MAX_QUERY_LENGTH} bytes`, 413],
    ['malformed percent-encoding in a value', get(withPair(PAGE_VIEW, 'c3', 'caf%E9')), 'malformed percent-encoding in the value of "c3"'],
    ['a truncated escape', get(withPair(PAGE_VIEW, 'c3', 'x%2')), 'malformed percent-encoding'],
    ['an escaped lone surrogate', get(withPair(PAGE_VIEW, 'c3', '%ED%A0%80')), 'malformed percent-encoding'],
    ['malformed percent-encoding in a key', get('AQB=1&%zz=1&AQE=1'), 'malformed percent-encoding in key "%zz"'],
    ['context data not closed', get('AQB=1&c.&tool.&name=x&.tool&AQE=1'), 'not closed (missing .c)'],
    ['context data closed out of order', get('AQB=1&c.&tool.&name=x&.c&.tool&AQE=1'), 'context data: ".c" closes "tool."'],
    ['a close with nothing open', get('AQB=1&.c&AQE=1'), 'context data: ".c" closes nothing'],
    ['a group outside c.', get('AQB=1&tool.&name=x&.tool&AQE=1'), 'context data: "tool." outside c. … .c'],
    ['a POST in JSON', post(PAGE_VIEW, 'application/json'), 'not urlencoded: Content-Type "application/json"', 415],
    ['a multipart POST', post(PAGE_VIEW, 'multipart/form-data; boundary=x'), 'not urlencoded', 415],
    ['a POST without a type', { ...post(PAGE_VIEW), contentType: undefined }, 'not urlencoded: POST without a Content-Type', 415],
    ['a POST with the query in the URL too', { ...post(PAGE_VIEW), query: 'AQB=1' }, 'POST with a query both in the URL and in the body'],
  ];
  it.each(cases)('refuses %s', (_what, input, detail, status = 400) => {
    const r = rejection(input);
    expect(r).toEqual({ ok: false, reason: 'The event does not match the expected schema.', detail: expect.any(String), status });
    if (typeof detail === 'string') expect(r.detail).toContain(detail);
    else expect(r.detail).toMatch(detail);
  });

  it.each([
    '/b/ss/',
    '/b/ss/nhsukprod',
    '/b/ss/nhsukprod/1/JS-2.22.0',
    '/b/ss/nhsukprod/1/JS-2.22.0/',
    '/b/ss/nhsukprod/1/JS-2.22.0/s',
    '/b/ss/nhsukprod/1/JS-2.22.0/sabc',
    '/b/ss/nhsukprod/1/JS-2.22.0/s123/extra',
    '/b/ss/nhsukprod/1//s123',
    '/b/ss/nhsukprod/2/JS-2.22.0/s123',
    '/b/ss/nhs ukprod/1/JS-2.22.0/s123',
    '/b/ss/nhsukprod,,other/1/JS-2.22.0/s123',
    '/b/ss//1/JS-2.22.0/s123',
    '/B/SS/nhsukprod/1/JS-2.22.0/s123',
    '/b/ss/nhsukprod/1/JS-2.22.0/s123/',
    '/favicon.ico',
    '',
  ])('refuses the path %j', (path) => {
    const r = rejection(get(PAGE_VIEW, path));
    expect(r.status).toBe(400);
    expect(r.detail).toMatch(/^bad path/);
  });

  it('refuses a code version with a malformed escape', () => {
    expect(rejection(get(PAGE_VIEW, '/b/ss/nhsukprod/1/JS%E9/s1')).detail).toBe('bad path: malformed percent-encoding in code version "JS%E9"');
  });

  it('checks the length the rules allow, and parseHit its own limit before decoding', () => {
    const small = { ...rules, maxQueryLength: 2047 };
    expect(rejection(get(withPair(PAGE_VIEW, 'c3', 'x'.repeat(2047))), small)).toMatchObject({ status: 413, detail: 'query over 2047 bytes' });
    const hit = parsed(get(withPair(PAGE_VIEW, 'c3', 'x'.repeat(2047))));
    expect(validateHit(hit, small)).toMatchObject({ status: 413 });
    expect(parseHit(get(PAGE_VIEW), { maxQueryLength: 100 })).toMatchObject({ ok: false, status: 413, detail: 'query over 100 bytes' });
  });

  it('lists every problem of a hit, at most five', () => {
    const r = rejection(get('ndh=1&cc=USD&v1=a&v2=b&v3=c&v4=d&v5=e&v6=f'));
    expect(r.detail).toBe('missing AQB; missing AQE; unknown variable v1 (eVar1); unknown variable v2 (eVar2); unknown variable v3 (eVar3); and 4 more');
  });

  it('does not repeat personal data in the detail', () => {
    const r = rejection(get(withPair(PAGE_VIEW, 'events', 'event1%2Cjo%40nhs.net%20LS1%204AP%209434765919')));
    expect(r.detail).toBe('bad events syntax "event1, postcode"');
    expect(rejection(get(withPair(PAGE_VIEW, '9434765919', 'x'))).detail).toBe('unknown variable ""');
    expect(rejection(get(withPair(PAGE_VIEW, 'c3', 'x'.repeat(20) + '%'))).detail).toBe('malformed percent-encoding in the value of "c3"');
    const long = rejection(get(PAGE_VIEW, '/b/ss/' + 'a'.repeat(200)));
    expect(long.detail.length).toBeLessThan(200);
  });

  it('refuses report suites no property names, when asked to', () => {
    const strict = rulesForProperties([fixture], { checkReportSuites: true });
    expect(validateHit(parsed(get(PAGE_VIEW)), strict)).toEqual({ ok: true });
    expect(rejection(get(PAGE_VIEW, '/b/ss/nhsukprod,other/1/JS/s1'), strict).detail).toBe('unknown report suite other');
    expect(validateHit(parsed(get(PAGE_VIEW, '/b/ss/other/1/JS/s1')), rules)).toEqual({ ok: true });
  });

  it('accepts a hit without cc, and with an empty events', () => {
    expect(validateHit(parsed(get(withPair(PAGE_VIEW, 'cc', null))), rules)).toEqual({ ok: true });
    const empty = parsed(get(withPair(PAGE_VIEW, 'events', '')));
    expect(empty.variables.events).toEqual([]);
    expect(validateHit(empty, rules)).toEqual({ ok: true });
  });
});

/** Context data nested `depth` groups deep (after `c.`), with `leaves` keys at the bottom. */
const nested = (depth: number, leaves: number, group = 'g', leaf = (i: number) => `k${i}=1`) =>
  ['AQB=1', 'c.', ...Array.from({ length: depth }, () => `${group}.`), ...Array.from({ length: leaves }, (_, i) => leaf(i)), ...Array.from({ length: depth }, () => `.${group}`), '.c', 'AQE=1'].join('&');

describe('parseHit: limits, checked before the work they bound (issue 11 item 1)', () => {
  it('refuses context data nested deeper than the limit, at the first group too deep', () => {
    expect(parsed(get(nested(DEFAULT_MAX_DEPTH - 1, 1))).contextData).toEqual({ [`${'g.'.repeat(DEFAULT_MAX_DEPTH - 1)}k0`]: '1' });
    expect(rejection(post(nested(DEFAULT_MAX_DEPTH, 1))).detail).toBe(`context data nested deeper than ${DEFAULT_MAX_DEPTH} levels`);
    expect(rejection(post(nested(300, 300))).detail).toBe(`context data nested deeper than ${DEFAULT_MAX_DEPTH} levels`);
    // A 53 KB body nesting 1,833 groups over 6,800 keys (every key was 7 KB long): too many parts, before the first is read.
    const hostile = nested(1833, 6800, 'x%40y', () => 'k=1');
    expect(hostile.length).toBeLessThan(DEFAULT_MAX_QUERY_LENGTH);
    expect(rejection(post(hostile)).detail).toBe(`over ${DEFAULT_MAX_KEYS} keys`);
    expect(parseHit(get(nested(3, 1)), { maxDepth: 3 })).toMatchObject({ ok: false, detail: 'context data nested deeper than 3 levels' });
  });

  it('refuses a key over the limit before decoding it, and a dotted context-data key over it', () => {
    const long = 'k'.repeat(DEFAULT_MAX_KEY_LENGTH + 1);
    expect(rejection(get(withPair(PAGE_VIEW, long, '1'))).detail).toBe(`key over ${DEFAULT_MAX_KEY_LENGTH} characters`);
    // A bare key is a key too, and a malformed one is refused for its length before its escapes are read.
    expect(rejection(get(`AQB=1&${'%zz'.repeat(100)}&AQE=1`)).detail).toBe(`key over ${DEFAULT_MAX_KEY_LENGTH} characters`);
    const group = 'g'.repeat(100);
    const dotted = ['AQB=1', 'c.', `${group}.`, `${group}.`, `${'k'.repeat(60)}=1`, `.${group}`, `.${group}`, '.c', 'AQE=1'].join('&');
    expect(rejection(get(dotted)).detail).toBe(`context-data key over ${DEFAULT_MAX_KEY_LENGTH} characters`);
    const groups = ['AQB=1', 'c.', `${group}.`, `${group}.`, `${group}.`, 'k=1', `.${group}`, `.${group}`, `.${group}`, '.c', 'AQE=1'].join('&');
    expect(rejection(get(groups)).detail).toBe(`context-data key over ${DEFAULT_MAX_KEY_LENGTH} characters`);
    expect(parsed(get(withPair(PAGE_VIEW, 'k'.repeat(DEFAULT_MAX_KEY_LENGTH), '1'))).unknown).toHaveProperty('k'.repeat(DEFAULT_MAX_KEY_LENGTH));
  });

  it('refuses more keys than the limit, counted before any is read', () => {
    const many = ['AQB=1', ...Array.from({ length: DEFAULT_MAX_KEYS }, (_, i) => `x${i}=1`), 'AQE=1'].join('&');
    expect(rejection(post(many)).detail).toBe(`over ${DEFAULT_MAX_KEYS} keys`);
    // Counted first: a malformed escape near the start is not what the refusal names.
    expect(rejection(post('AQB=1&%zz=1&' + many)).detail).toBe(`over ${DEFAULT_MAX_KEYS} keys`);
    expect(parseHit(get(PAGE_VIEW), { maxKeys: 10 })).toMatchObject({ ok: false, detail: 'over 10 keys' });
  });

  it('collectHit passes the limits through', () => {
    const privacy = privacyForProperties([fixture]);
    expect(collectHit(get(nested(3, 1)), rules, privacy, { maxDepth: 2 })).toMatchObject({ ok: false, detail: 'context data nested deeper than 2 levels' });
  });
});

describe('what a rejected hit keeps', () => {
  const privacy = privacyForProperties([fixture]);
  it('cuts a query to its first bytes at a character boundary', () => {
    expect(cutQuery('abcdef', 4)).toBe('abcd');
    expect(cutQuery('ab', 4)).toBe('ab');
    expect(cutQuery('aé😀b', 4)).toBe('aé');
    expect(cutQuery('a😀b', 5)).toBe('a😀');
    expect(cutQuery('x'.repeat(1024 * 1024), 2048)).toHaveLength(2048);
  });

  it('keeps the first bytes, scrubbed', () => {
    const kept = keptQuery(`AQB=1&v1=jo%40nhs.net&c2=LS1%204AP&v3=${'x'.repeat(100_000)}`, 2048, privacy);
    expect(kept.length).toBeLessThanOrEqual(2048);
    expect(kept).not.toMatch(/nhs\.net|LS1/i);
    expect(keptQuery('AQB=1', 0, privacy)).toBe('');
  });

  it('scrubs a header and bounds its length', () => {
    expect(scrubHeader('Mozilla/5.0 (contact jo@nhs.net, LS1 4AP)', 512)).not.toMatch(/jo@nhs\.net|LS1 4AP/);
    expect(scrubHeader('x'.repeat(10_000), 512)).toHaveLength(512);
    expect(scrubHeader(undefined, 512)).toBe('');
  });
});

describe('rulesForProperties', () => {
  it('is the union of the SDRs and the technical keys', () => {
    const health = repoProperty('health-site');
    const minimal = repoProperty('minimal');
    const union = rulesForProperties([health, minimal]);
    expect(union.currency).toBe('GBP');
    expect(union.maxQueryLength).toBe(DEFAULT_MAX_QUERY_LENGTH);
    for (const key of ['AQB', 'AQE', 't', 'ndh', 'ce', 'mid', 'pageName', 'g', 'r', 'cc', 'pe', 'pev1', 'pev2', 's', 'c', 'k', 'bw', 'bh', 'events', 'ch', 'c1', 'v88', 'fid', 'pf'])
      expect(union.allowedKeys.has(key), key).toBe(true);
    for (const key of ['v999', 'v5', 'vid', 'D', 'c.']) expect(union.allowedKeys.has(key), key).toBe(false);
    expect(union.allowedEvents.has('event1')).toBe(true);
    expect(union.allowedEvents.has('event4')).toBe(false);
    expect(union.allowedContextData?.has('tool.bpReadingProvided')).toBe(true);
    expect(union.allowedReportSuites).toBeUndefined();
    expect(rulesForProperties([health], { checkReportSuites: true }).allowedReportSuites).toEqual(new Set(['nhsukdev', 'nhsukstaging', 'nhsukprod']));
  });

  it('accepts what either property sends', () => {
    const union = rulesForProperties([fixture, repoProperty('minimal')]);
    expect(validateHit(parsed(get(PAGE_VIEW)), union)).toEqual({ ok: true });
    expect(validateHit(parsed(get('AQB=1&ch=x&c1=y&events=event1&AQE=1')), union)).toEqual({ ok: true });
  });

  it('normalises context-data keys as the encoder sends them', () => {
    const p = { ...fixture, rules: [{ ...fixture.rules[0]!, actions: [{ type: 'set-variables' as const, settings: { contextData: { 'a..b.': 'x' } } }] }] };
    expect(rulesForProperties([p]).allowedContextData).toEqual(new Set(['a.b']));
  });

  it('takes the currency the properties agree on, else GBP', () => {
    const eur = { ...fixture, settings: { ...fixture.settings, currency: 'EUR' } };
    expect(rulesForProperties([eur]).currency).toBe('EUR');
    expect(rulesForProperties([eur, fixture]).currency).toBe('GBP');
    expect(rulesForProperties([]).currency).toBe('GBP');
  });
});

describe('collectHit', () => {
  const privacy = privacyForProperties([fixture]);
  it('parses, validates and scrubs', () => {
    const out = collectHit(get(withPair(PAGE_VIEW, 'c2', 'LS1%204AP')), rules, privacy);
    expect(out.ok && out.hit.variables.prop2).toBe('postcode na');
    expect(out.ok && out.hit.query).toContain('c2=postcode%20na');
  });
  it('passes rejections through', () => {
    expect(collectHit(get(withPair(PAGE_VIEW, 'cc', 'USD')), rules, privacy)).toMatchObject({ ok: false, status: 400, detail: 'currency USD is not GBP' });
    expect(collectHit(post(PAGE_VIEW, 'application/json'), rules, privacy)).toMatchObject({ ok: false, status: 415 });
    expect(collectHit(get(PAGE_VIEW, '/b/ss/x'), rules, privacy)).toMatchObject({ ok: false, status: 400 });
  });
});

// ---- Nothing a client sends makes the collector throw ----

// Text heavy in what query strings, context data and events are made of.
const piece = fc.oneof(
  fc.constantFrom('&', '=', '%', '%2', '%zz', '%E9', '%ED%A0%80', '%20', '+', '.', 'c.', '.c', 'a.', '.a', 'AQB=1', 'AQE=1', 'events=', 'event1', ',', ':', 'pe=lnk_o', 'cc=', 'v1=', '?', '/', '#', '\u0000', 'é', '😀', '\ud800'),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const noisy = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), noisy);

describe('parseHit and validateHit never throw', () => {
  it('on arbitrary input', () => {
    const paths = fc.oneof(anyText, anyText.map((s) => PATH + s), anyText.map((s) => `/b/ss/${s}/1/${s}/s1`));
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT'),
        paths,
        anyText,
        fc.option(anyText, { nil: undefined }),
        fc.option(fc.oneof(anyText, fc.constantFrom('application/x-www-form-urlencoded', 'text/plain')), { nil: undefined }),
        anyText,
        (method, path, query, body, contentType, host) => {
          const input = { method, path, query, body, contentType, host } as HitInput;
          const hit = parseHit(input);
          const verdict = hit.ok ? validateHit(hit, rules) : hit;
          if (!verdict.ok) {
            expect(verdict.reason).toBe(SCHEMA_MISMATCH);
            expect([400, 413, 415]).toContain(verdict.status);
            expect(typeof verdict.detail).toBe('string');
          }
          collectHit(input, rules, privacyForProperties([fixture]));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('on queries that are almost right', () => {
    fc.assert(
      fc.property(noisy, noisy, (a, b) => {
        for (const query of [`AQB=1&${a}&AQE=1`, `AQB=1&c.&${a}&.c&${b}&AQE=1`, withPair(PAGE_VIEW, 'events', a), PAGE_VIEW.replace('tool.', a)]) {
          const hit = parseHit(get(query));
          const verdict = hit.ok ? validateHit(hit, rules) : hit;
          expect(verdict.ok || verdict.reason === SCHEMA_MISMATCH).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('on garbage where a parsed hit is expected', () => {
    const broken = { ...parsed(get(PAGE_VIEW)), keys: null } as unknown as Parameters<typeof validateHit>[0];
    expect(validateHit(broken, rules)).toMatchObject({ ok: false, reason: SCHEMA_MISMATCH, status: 400 });
    expect(parseHit(null as unknown as HitInput)).toMatchObject({ ok: false, reason: SCHEMA_MISMATCH, status: 400 });
  });
});

describe('routedUrl: what the router sees of a request URL (app/server.ts rewriteUrl)', () => {
  it('a collector URL without its query, which the collector reads from originalUrl; any other URL as it came', () => {
    expect(routedUrl({ url: `/b/ss/nhsukprod/1/JS-2.22.0/s1?${PAGE_VIEW}` })).toBe('/b/ss/nhsukprod/1/JS-2.22.0/s1');
    expect(routedUrl({ url: '/b/ss/nhsukprod/1/JS-2.22.0/s1' })).toBe('/b/ss/nhsukprod/1/JS-2.22.0/s1');
    expect(routedUrl({ url: '/b/ss/x?' })).toBe('/b/ss/x');
    expect(routedUrl({ url: '/api/audit?limit=5' })).toBe('/api/audit?limit=5');
    expect(routedUrl({ url: '/b/s?x=1' })).toBe('/b/s?x=1');
    expect(routedUrl({})).toBe('');
  });
});
