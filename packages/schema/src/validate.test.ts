import { describe, it, expect } from 'vitest';
import { DEFAULT_RULE_ORDER, ENVIRONMENTS, propertySchema } from './property';
import { assertProperty, formatPath, parseProperty, TOKEN, validateAll } from './validate';
import { errorsOf, parsed } from './test-documents';

type Json = Record<string, unknown>;

const environments = () => ({
  development: { hosts: ['health.localhost:5173'], reportSuites: ['tw-dev'] },
  staging: { reportSuites: ['tw-stg'] },
  production: { hosts: ['www.health.example'], reportSuites: ['tw-prod', 'tw-global'] },
});

const doc = (extra: Json = {}): Json => ({
  name: 'health-site',
  settings: { trackingServer: 'metrics.example.com' },
  environments: environments(),
  ...extra,
});

const rule = (name: string, extra: Json = {}): Json => ({
  name,
  events: [{ type: 'dom-ready' }],
  actions: [{ type: 'send-beacon', settings: { type: 'page' } }],
  ...extra,
});

const setVariables = (settings: Json): Json => ({ type: 'set-variables', settings });



describe('a minimal document', () => {
  it('parses with every default applied', () => {
    const result = parseProperty(doc({ rules: [rule('page view')] }));
    expect(result).toEqual({
      ok: true,
      property: {
        name: 'health-site',
        version: 1,
        settings: {
          trackingServer: 'metrics.example.com',
          currency: 'GBP',
          nonceMeta: 'csp-nonce',
          privacy: { postcodeFields: [], deniedQueryParams: ['useremail'] },
        },
        environments: {
          development: { hosts: ['health.localhost:5173'], reportSuites: ['tw-dev'] },
          staging: { hosts: [], reportSuites: ['tw-stg'] },
          production: { hosts: ['www.health.example'], reportSuites: ['tw-prod', 'tw-global'] },
        },
        dataElements: [],
        rules: [
          {
            name: 'page view',
            order: 50,
            enabled: true,
            events: [{ type: 'dom-ready' }],
            conditions: [],
            exceptions: [],
            actions: [{ type: 'send-beacon', settings: { type: 'page' } }],
          },
        ],
        sdr: {},
      },
    });
  });

  it('parses without any rules or data elements', () => {
    const property = parsed(doc());
    expect(property.rules).toEqual([]);
    expect(property.dataElements).toEqual([]);
    expect(property.sdr).toEqual({});
  });

  it('exports the default rule order and the environment names', () => {
    expect(DEFAULT_RULE_ORDER).toBe(50);
    expect(ENVIRONMENTS).toEqual(['development', 'staging', 'production']);
  });

  it('keeps explicit values instead of the defaults', () => {
    const property = parsed(
      doc({
        $schema: '../schema.json',
        title: 'Health site',
        version: 3,
        settings: {
          trackingServer: 'metrics.example.com:8443',
          trackingServerSecure: 'smetrics.example.com',
          currency: 'EUR',
          cookieDomain: '.health.localhost',
          nonceMeta: 'nonce',
          privacy: { postcodeFields: ['eVar12', 'prop3'], deniedQueryParams: ['email', 'nhsno'] },
        },
        rules: [rule('late', { order: 0, enabled: false, description: 'off' })],
        sdr: { eVar12: 'postcode district' },
      }),
    );
    expect(property.settings).toEqual({
      trackingServer: 'metrics.example.com:8443',
      trackingServerSecure: 'smetrics.example.com',
      currency: 'EUR',
      cookieDomain: '.health.localhost',
      nonceMeta: 'nonce',
      privacy: { postcodeFields: ['eVar12', 'prop3'], deniedQueryParams: ['email', 'nhsno'] },
    });
    expect(property.version).toBe(3);
    expect(property.title).toBe('Health site');
    expect(property.rules[0]).toMatchObject({ order: 0, enabled: false, description: 'off' });
    expect(property.sdr).toEqual({ eVar12: 'postcode district' });
  });

  it('fills in the privacy defaults that a partial privacy object leaves out', () => {
    expect(parsed(doc({ settings: { trackingServer: 'm.example.com', privacy: { postcodeFields: ['eVar1'] } } })).settings.privacy).toEqual({
      postcodeFields: ['eVar1'],
      deniedQueryParams: ['useremail'],
    });
  });

  it('does not share default arrays between parsed documents', () => {
    const a = parsed(doc());
    a.settings.privacy.deniedQueryParams.push('email');
    a.settings.privacy.postcodeFields.push('eVar1');
    const b = parsed(doc());
    expect(b.settings.privacy).toEqual({ postcodeFields: [], deniedQueryParams: ['useremail'] });
    expect(propertySchema.parse(doc()).settings.privacy).toEqual({ postcodeFields: [], deniedQueryParams: ['useremail'] });
  });
});

describe('document-level errors', () => {
  it('rejects a currency that is not 3 upper-case letters', () => {
    for (const currency of ['gbp', 'GB', 'GBPX', 'G8P', '']) {
      expect(errorsOf(doc({ settings: { trackingServer: 'm.example.com', currency } }))).toEqual(['settings.currency: an ISO 4217 code such as GBP']);
    }
  });

  it('takes console origins for the debug bridge, a port wildcard included, and nothing else', () => {
    const settings = (debugOrigins: unknown) => doc({ settings: { trackingServer: 'm.example.com', debugOrigins } });
    expect(parseProperty(settings(['https://tagwell.example.org', 'http://localhost:*', 'http://10.0.0.1:8080'])).ok).toBe(true);
    expect(errorsOf(settings(['*', 'https://tagwell.example.org/', 'javascript:alert(1)']))).toEqual([
      'settings.debugOrigins[0]: an origin such as https://tagwell.example.org or http://localhost:*',
      'settings.debugOrigins[1]: an origin such as https://tagwell.example.org or http://localhost:*',
      'settings.debugOrigins[2]: an origin such as https://tagwell.example.org or http://localhost:*',
    ]);
  });

  it('rejects an invalid report suite id and an empty report suite list', () => {
    expect(
      errorsOf(doc({ environments: { ...environments(), production: { reportSuites: ['tw-prod', 'tw prod!'] }, staging: { reportSuites: [] } } })),
    ).toEqual(['environments.staging.reportSuites: at least one report suite', 'environments.production.reportSuites[1]: a report suite id']);
  });

  it('requires every environment', () => {
    const { staging: _staging, ...rest } = environments();
    expect(errorsOf(doc({ environments: rest }))).toEqual(['environments.staging: required']);
  });

  it('rejects unknown environments and unknown settings', () => {
    expect(errorsOf(doc({ environments: { ...environments(), test: { reportSuites: ['x'] } } }))).toEqual(['environments: unknown option "test"']);
    expect(errorsOf(doc({ settings: { trackingServer: 'm.example.com', currencyCode: 'GBP' } }))).toEqual(['settings: unknown option "currencyCode"']);
    expect(errorsOf(doc({ extra: true }))).toEqual(['(document): unknown option "extra"']);
  });

  it('checks host names, the cookie domain and the property name', () => {
    expect(
      errorsOf(
        doc({
          name: 'Health Site',
          settings: { trackingServer: 'https://metrics.example.com', trackingServerSecure: 'a/b', cookieDomain: 'health localhost' },
          environments: { ...environments(), development: { hosts: ['localhost:abc'], reportSuites: ['d'] } },
        }),
      ),
    ).toEqual([
      'name: lower-case letters, digits and hyphens',
      'settings.trackingServer: a host name, optionally with :port',
      'settings.trackingServerSecure: a host name, optionally with :port',
      'settings.cookieDomain: a domain such as health.localhost',
      'environments.development.hosts[0]: a host name, optionally with :port',
    ]);
  });

  it('checks the privacy settings', () => {
    expect(errorsOf(doc({ settings: { trackingServer: 'm.example.com', privacy: { postcodeFields: ['eVar1', 'postcode'], deniedQueryParams: [''] } } }))).toEqual([
      'settings.privacy.postcodeFields[1]: not an analytics variable',
      'settings.privacy.deniedQueryParams[0]: must not be empty',
    ]);
  });

  it('says "required" only for a missing value, and names the type of a wrong one', () => {
    expect(errorsOf({ name: 'x' })).toEqual(['settings: required', 'environments: required']);
    expect(errorsOf(doc({ rules: [rule('a', { order: 'first', enabled: 'yes' })] }))).toEqual([
      'rules[0].order: Invalid input: expected number, received string',
      'rules[0].enabled: Invalid input: expected boolean, received string',
    ]);
    expect(errorsOf(doc({ rules: {} }))).toEqual(['rules: Invalid input: expected array, received object']);
    expect(errorsOf('health-site')).toEqual(['(document): Invalid input: expected object, received string']);
    expect(errorsOf(undefined)).toEqual(['(document): required']);
  });

  it('checks the rule order and the event and action counts', () => {
    expect(errorsOf(doc({ rules: [rule('a', { order: 10_001 }), rule('b', { order: -1 }), rule('c', { order: 1.5 })] }))).toEqual([
      'rules[0].order: Too big: expected number to be <=10000',
      'rules[1].order: Too small: expected number to be >=0',
      'rules[2].order: Invalid input: expected int, received number',
    ]);
    expect(errorsOf(doc({ rules: [rule('a', { events: [], actions: [] })] }))).toEqual([
      'rules[0].events: a rule needs at least one event',
      'rules[0].actions: a rule needs at least one action',
    ]);
    expect(errorsOf(doc({ rules: [rule('')] }))).toEqual(['rules[0].name: must not be empty']);
  });

  it('reports the errors of several parts together, in document order', () => {
    expect(
      errorsOf(
        doc({
          settings: { trackingServer: 'm.example.com', currency: 'pounds' },
          rules: [
            rule('a'),
            rule('b'),
            rule('c'),
            rule('d', { conditions: [{ type: 'path', settings: { pattern: '(' } }], actions: [{ type: 'send-beacon', settings: { type: 'link' } }] }),
          ],
        }),
      ),
    ).toEqual([
      'settings.currency: an ISO 4217 code such as GBP',
      'rules[3].conditions[0].settings.pattern: invalid regular expression at position 1: unterminated group',
      'rules[3].actions[0].settings.linkName: required',
    ]);
  });
});

describe('references between parts', () => {
  const elements = [
    { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } },
    { name: 'Section', type: 'constant', settings: { value: 'health' } },
  ];

  it('rejects duplicate data element names', () => {
    expect(errorsOf(doc({ dataElements: [...elements, { name: 'Section', type: 'cookie', settings: { name: 's' } }, { name: 'Section', type: 'constant', settings: { value: '' } }] }))).toEqual([
      'dataElements[2].name: duplicate data element "Section"',
      'dataElements[3].name: duplicate data element "Section"',
    ]);
  });

  it('rejects duplicate rule names', () => {
    expect(errorsOf(doc({ rules: [rule('page view'), rule('download'), rule('page view')] }))).toEqual(['rules[2].name: duplicate rule "page view"']);
  });

  it('rejects a data-element-change event for an unknown data element', () => {
    expect(
      errorsOf(doc({ dataElements: elements, rules: [rule('a'), rule('b', { events: [{ type: 'dom-ready' }, { type: 'data-element-change', settings: { name: 'Page' } }] })] })),
    ).toEqual(['rules[1].events[1].settings.name: unknown data element "Page"']);
    expect(parsed(doc({ dataElements: elements, rules: [rule('a', { events: [{ type: 'data-element-change', settings: { name: 'Page Name' } }] })] })).rules[0]!.events).toEqual([
      { type: 'data-element-change', settings: { name: 'Page Name' } },
    ]);
  });

  it('accepts %Name% tokens for data elements the document defines, and %event.x% and %this.x%', () => {
    const property = parsed(
      doc({
        dataElements: [...elements, { name: 'Area', type: 'lookup-table', settings: { input: '%Section%', table: [{ in: 'health', out: 'A-Z' }] } }],
        rules: [
          rule('a', {
            conditions: [{ type: 'value-comparison', settings: { left: '%Page Name%', operator: 'contains', right: '%Section%' } }],
            exceptions: [{ type: 'query-parameter', settings: { name: 'q', value: '%event.detail.x%' } }],
            actions: [
              setVariables({ variables: { eVar1: '%Page Name%:%Area%', eVar2: '%event.detail.x%', eVar3: '%this.href%', eVar4: '%event%', eVar5: '100%' } }),
              { type: 'send-beacon', settings: { type: 'link', linkName: '%this.textContent%' } },
            ],
          }),
        ],
      }),
    );
    expect(property.rules[0]!.actions[0]).toEqual(
      setVariables({ variables: { eVar1: '%Page Name%:%Area%', eVar2: '%event.detail.x%', eVar3: '%this.href%', eVar4: '%event%', eVar5: '100%' } }),
    );
  });

  it('rejects a %Name% token for an unknown data element, wherever it is resolved', () => {
    expect(
      errorsOf(
        doc({
          dataElements: [...elements, { name: 'Prev', type: 'previous-value', settings: { input: '%Missing%', cookie: 'p' } }],
          rules: [
            rule('a'),
            rule('b', {
              conditions: [{ type: 'value-comparison', settings: { left: '%page name%', operator: 'equals', right: 'x' } }],
              exceptions: [{ type: 'value-comparison', settings: { left: 'x', operator: 'equals', right: '%Nope%' } }],
              actions: [
                setVariables({ variables: { eVar1: 'a %Section% b %Sectio%' }, events: [{ name: 'event1', value: '%Count%' }, { name: 'purchase', id: '%Order%' }], contextData: { 'tool.name': '%Tool%' } }),
                { type: 'send-beacon', settings: { type: 'link', linkName: '%eventName%', linkUrl: '%thisUrl%' } },
                { type: 'set-cookie', settings: { name: 'a', value: '%Val%' } },
                { type: 'load-script', settings: { url: 'https://x/%Url%.js' } },
              ],
            }),
          ],
        }),
      ),
    ).toEqual([
      'dataElements[2].settings.input: unknown data element "Missing" in %Missing%',
      'rules[1].conditions[0].settings.left: unknown data element "page name" in %page name%',
      'rules[1].exceptions[0].settings.right: unknown data element "Nope" in %Nope%',
      'rules[1].actions[0].settings.variables.eVar1: unknown data element "Sectio" in %Sectio%',
      'rules[1].actions[0].settings.events[0].value: unknown data element "Count" in %Count%',
      'rules[1].actions[0].settings.events[1].id: unknown data element "Order" in %Order%',
      'rules[1].actions[0].settings.contextData["tool.name"]: unknown data element "Tool" in %Tool%',
      'rules[1].actions[1].settings.linkName: unknown data element "eventName" in %eventName%',
      'rules[1].actions[1].settings.linkUrl: unknown data element "thisUrl" in %thisUrl%',
      'rules[1].actions[2].settings.value: unknown data element "Val" in %Val%',
      'rules[1].actions[3].settings.url: unknown data element "Url" in %Url%',
    ]);
  });

  it('checks the every-hit variables: analytics variables, tokens of data elements the document defines, no rule-event tokens', () => {
    const settings = (everyHit: Json) => ({ trackingServer: 'metrics.example.com', everyHit });
    expect(parsed(doc({ dataElements: elements, settings: settings({ pageName: '%Page Name%', prop5: 'web: %Section%' }) })).settings.everyHit).toEqual({
      pageName: '%Page Name%',
      prop5: 'web: %Section%',
    });
    expect(errorsOf(doc({ dataElements: elements, settings: settings({ pagename: 'x' }) }))[0]).toMatch(/^settings\.everyHit\.pagename: not an analytics variable/);
    expect(errorsOf(doc({ dataElements: elements, settings: settings({ eVar1: '%Nope%', eVar2: '%this.href%', eVar3: '%event.detail.id%' }) }))).toEqual([
      'settings.everyHit.eVar1: unknown data element "Nope" in %Nope%',
      "settings.everyHit.eVar2: %this.href% reads a rule's event, and every-hit variables belong to no rule",
      "settings.everyHit.eVar3: %event.detail.id% reads a rule's event, and every-hit variables belong to no rule",
    ]);
  });

  it('checks tokens in record values whatever their key (detail.id, contextData.name)', () => {
    expect(
      errorsOf(
        doc({
          rules: [
            rule('a', {
              actions: [
                { type: 'dispatch-event', settings: { eventType: 'tw:x', detail: { id: '%Nope%', type: '%Kind%' } } },
                setVariables({ contextData: { name: '%Who%' } }),
              ],
            }),
          ],
        }),
      ),
    ).toEqual([
      'rules[0].actions[0].settings.detail.id: unknown data element "Nope" in %Nope%',
      'rules[0].actions[0].settings.detail.type: unknown data element "Kind" in %Kind%',
      'rules[0].actions[1].settings.contextData.name: unknown data element "Who" in %Who%',
    ]);
  });

  it('does not look for tokens in settings that are never resolved', () => {
    expect(
      parsed(
        doc({
          dataElements: [
            { name: 'Code', type: 'custom-code', settings: { source: 'return "%Nope%";' } },
            { name: 'Cookie', type: 'cookie', settings: { name: '%Nope%' } },
          ],
          rules: [
            rule('a', {
              events: [{ type: 'click', settings: { selector: 'a[href$="%Nope%"]' } }, { type: 'direct-call', settings: { id: '%Nope%' } }],
              conditions: [{ type: 'path', settings: { pattern: '%Nope%' } }],
              actions: [
                { type: 'custom-code', settings: { file: '%Nope%.js' } },
                { type: 'dispatch-event', settings: { eventType: '%Nope%', target: '[data-x="%Nope%"]' } },
                { type: 'set-cookie', settings: { name: '%Nope%', value: 'x', path: '/%Nope%' } },
              ],
            }),
          ],
        }),
      ).rules[0]!.conditions,
    ).toEqual([{ type: 'path', settings: { pattern: '%Nope%' } }]);
  });

  it('runs the reference checks only on a document that passed the schema', () => {
    expect(errorsOf(doc({ dataElements: [...elements, elements[0]], rules: [rule('a'), rule('a', { order: 'x' })] }))).toEqual([
      'rules[1].order: Invalid input: expected number, received string',
    ]);
  });
});

describe('validateAll', () => {
  const elements = [{ name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } }];
  // Issue 19 item 5: an editor shows every problem at once, reference errors beside schema errors.
  it('adds the reference errors of a document the schema refuses, except under a path the schema faults', () => {
    const input = doc({
      dataElements: [...elements, elements[0]],
      rules: [rule('a'), rule('a', { order: 'x' }), rule('', { actions: [setVariables({ variables: { eVar1: '%Nope%' } })] }), 7],
    });
    expect(validateAll(input)).toEqual({
      ok: false,
      errors: [
        'rules[1].order: Invalid input: expected number, received string',
        'rules[2].name: must not be empty',
        'rules[3]: Invalid input: expected object, received number',
        'dataElements[1].name: duplicate data element "Page Name"',
        'rules[1].name: duplicate rule "a"',
        'rules[2].actions[0].settings.variables.eVar1: unknown data element "Nope" in %Nope%',
      ],
    });
  });

  it('gives what parseProperty gives for a document the schema accepts', () => {
    for (const input of [doc({ rules: [rule('a')] }), doc({ dataElements: [...elements, elements[0]] }), doc({ rules: [rule('a', { actions: [setVariables({ variables: { eVar1: '%Nope%' } })] })] })])
      expect(validateAll(input)).toEqual(parseProperty(input));
  });
});

describe('TOKEN', () => {
  it('finds every %Name% token in a string', () => {
    expect([...'%A%-%B C%-%event.detail.x%-100% off'.matchAll(TOKEN)].map((m) => m[1])).toEqual(['A', 'B C', 'event.detail.x']);
  });
});

describe('assertProperty', () => {
  it('returns the parsed property when the document is valid', () => {
    expect(assertProperty(doc())).toEqual(parsed(doc()));
    expect(assertProperty(doc()).settings.currency).toBe('GBP');
  });

  it('throws one Error listing every problem', () => {
    const input = doc({
      settings: { trackingServer: 'm.example.com', currency: 'gbp' },
      rules: [rule('a', { events: [{ type: 'bogus' }], actions: [{ type: 'send-beacon', settings: { type: 'link' } }] })],
    });
    let error: unknown;
    try {
      assertProperty(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      [
        'property is invalid:',
        '  settings.currency: an ISO 4217 code such as GBP',
        '  rules[0].events[0].type: unknown type "bogus"; expected one of library-loaded, page-bottom, dom-ready, window-loaded, data-element-change, click, custom-event, direct-call, element-exists',
        '  rules[0].actions[0].settings.linkName: required',
      ].join('\n'),
    );
  });

  it('names the source in the message', () => {
    expect(() => assertProperty(doc({ rules: [rule('a'), rule('a')] }), 'properties/health/property.json')).toThrow(
      new Error('properties/health/property.json is invalid:\n  rules[1].name: duplicate rule "a"'),
    );
  });
});

describe('formatPath', () => {
  it('formats numbers as indexes and identifiers as dotted names', () => {
    expect(formatPath(['rules', 3, 'conditions', 0, 'settings', 'pattern'])).toBe('rules[3].conditions[0].settings.pattern');
    expect(formatPath(['settings', 'privacy', 'deniedQueryParams', 0])).toBe('settings.privacy.deniedQueryParams[0]');
    expect(formatPath(['$schema'])).toBe('$schema');
    expect(formatPath(['_a', 'eVar1', 'b$2'])).toBe('_a.eVar1.b$2');
    expect(formatPath([0, 'a'])).toBe('[0].a');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['sdr', 'my key'])).toBe('sdr["my key"]');
    expect(formatPath(['dataElements', 0, 'settings', 'tool.name'])).toBe('dataElements[0].settings["tool.name"]');
    expect(formatPath(['detail', '1st'])).toBe('detail["1st"]');
    expect(formatPath(['x', 'say "hi"'])).toBe('x["say \\"hi\\""]');
    expect(formatPath(['x', ''])).toBe('x[""]');
    expect(formatPath(['x', Symbol('s')])).toBe('x["Symbol(s)"]');
  });

  it('names the document for an empty path', () => {
    expect(formatPath([])).toBe('(document)');
  });
});
