import { describe, it, expect } from 'vitest';
import { ACTION_TYPES, CONDITION_TYPES, DATA_ELEMENT_TYPES, EVENT_TYPES, isValidRegex } from './components';
import { doc, type Json, errorsOf, parsed } from './test-documents';

// One valid example of every component type, and for each type at least one invalid example
// whose message names the path and the problem exactly.


/** Data elements every example document defines, so that `%Page Name%` tokens resolve. */
const ELEMENTS = [
  { name: 'Page Name', type: 'data-layer', settings: { path: 'page.pageInfo.pageName' } },
  { name: 'Section', type: 'constant', settings: { value: 'health' } },
];

const rule = (name: string, extra: Json = {}): Json => ({
  name,
  events: [{ type: 'dom-ready' }],
  actions: [{ type: 'send-beacon', settings: { type: 'page' } }],
  ...extra,
});

/** A document whose rule at `index` (of index + 1 rules) has `extra`. */
const withRule = (extra: Json, index = 0): Json =>
  doc({
    dataElements: ELEMENTS,
    rules: Array.from({ length: index + 1 }, (_, i) => rule(`rule ${i}`, i === index ? extra : {})),
  });

const withEvent = (event: Json, index = 0) => withRule({ events: [event] }, index);
const withCondition = (condition: Json, index = 0) => withRule({ conditions: [condition] }, index);
/** A personalise action needs the personalisation section and the consent gate (personalisation-page.test.ts). */
const PERSONALISING = {
  settings: { trackingServer: 'metrics.example.com', consent: { status: 'Section', statistics: 'Section', changeEvent: 'consent-changed' } },
  personalisation: { client: 'health', organizationId: 'HEALTH0123456789@AdobeOrg', server: 'decisions.example.com' },
};
const withAction = (action: Json, index = 0) => ({ ...withRule({ actions: [action] }, index), ...(action.type === 'personalise' && PERSONALISING) });
const withElement = (element: Json) => doc({ dataElements: [...ELEMENTS, element] });



describe('component type lists', () => {
  it('lists every event type', () => {
    expect(EVENT_TYPES).toEqual(['library-loaded', 'page-bottom', 'dom-ready', 'window-loaded', 'data-element-change', 'click', 'custom-event', 'direct-call', 'element-exists']);
  });
  it('lists every condition type', () => {
    expect(CONDITION_TYPES).toEqual(['path', 'host', 'query-parameter', 'cookie', 'value-comparison', 'no-hash', 'custom-code']);
  });
  it('lists every action type', () => {
    expect(ACTION_TYPES).toEqual(['set-variables', 'send-beacon', 'clear-variables', 'load-script', 'custom-code', 'load-survey', 'set-cookie', 'remove-query-parameter', 'dispatch-event', 'personalise']);
  });
  it('lists every data element type', () => {
    expect(DATA_ELEMENT_TYPES).toEqual(['data-layer', 'cookie', 'query-parameter', 'meta-tag', 'page-info', 'lookup-table', 'constant', 'custom-code', 'new-repeat', 'previous-value']);
  });
});

describe('isValidRegex', () => {
  it('accepts valid patterns and rejects invalid ones', () => {
    expect(isValidRegex('^/conditions/[a-z-]+$')).toBe(true);
    expect(isValidRegex('')).toBe(true);
    expect(isValidRegex('(')).toBe(false);
    expect(isValidRegex('[')).toBe(false);
    expect(isValidRegex('a{2,1}')).toBe(false);
  });
});

// --- Events -------------------------------------------------------------------

const VALID_EVENTS: Record<string, Json[]> = {
  'library-loaded': [{ type: 'library-loaded' }, { type: 'library-loaded', settings: {} }],
  'page-bottom': [{ type: 'page-bottom' }],
  'dom-ready': [{ type: 'dom-ready' }],
  'window-loaded': [{ type: 'window-loaded', settings: {} }],
  'data-element-change': [{ type: 'data-element-change', settings: { name: 'Page Name' } }],
  click: [{ type: 'click', settings: { selector: 'a.download', anchorDelay: false } }],
  'custom-event': [
    { type: 'custom-event', settings: { eventType: 'tw:search' } },
    { type: 'custom-event', settings: { eventType: 'submit', selector: 'form#search' } },
  ],
  'direct-call': [{ type: 'direct-call', settings: { id: 'video-start' } }],
  'element-exists': [{ type: 'element-exists', settings: { selector: '.cookie-banner' } }],
};

describe('events', () => {
  it('has a valid example for every event type', () => {
    expect(Object.keys(VALID_EVENTS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  for (const [type, examples] of Object.entries(VALID_EVENTS)) {
    it(`accepts a valid ${type} event`, () => {
      for (const example of examples) {
        const property = parsed(withEvent(example));
        expect(property.rules[0]!.events[0]).toEqual(example);
      }
    });
  }

  it('applies the click anchorDelay default (true)', () => {
    const property = parsed(withEvent({ type: 'click', settings: { selector: 'a' } }));
    expect(property.rules[0]!.events[0]).toEqual({ type: 'click', settings: { selector: 'a', anchorDelay: true } });
  });

  const INVALID: Array<[string, Json, string[]]> = [
    ['library-loaded', { type: 'library-loaded', settings: { foo: 1 } }, ['rules[0].events[0].settings: unknown option "foo"']],
    ['page-bottom', { type: 'page-bottom', delay: 100 }, ['rules[0].events[0]: unknown option "delay"']],
    ['dom-ready', { type: 'dom-ready', settings: 'now' }, ['rules[0].events[0].settings: Invalid input: expected object, received string']],
    ['window-loaded', { type: 'window-loaded', settings: { a: 1, b: 2 } }, ['rules[0].events[0].settings: unknown options "a", "b"']],
    ['data-element-change', { type: 'data-element-change', settings: {} }, ['rules[0].events[0].settings.name: required']],
    ['data-element-change', { type: 'data-element-change', settings: { name: 'Nope' } }, ['rules[0].events[0].settings.name: unknown data element "Nope"']],
    ['click', { type: 'click' }, ['rules[0].events[0].settings: required']],
    ['click', { type: 'click', settings: { selector: '' } }, ['rules[0].events[0].settings.selector: must not be empty']],
    ['click', { type: 'click', settings: { selector: 'a', anchorDelay: 'yes' } }, ['rules[0].events[0].settings.anchorDelay: Invalid input: expected boolean, received string']],
    ['custom-event', { type: 'custom-event', settings: { selector: 'form' } }, ['rules[0].events[0].settings.eventType: required']],
    ['direct-call', { type: 'direct-call', settings: { id: '' } }, ['rules[0].events[0].settings.id: must not be empty']],
    ['element-exists', { type: 'element-exists', settings: { selector: 5 } }, ['rules[0].events[0].settings.selector: Invalid input: expected string, received number']],
  ];
  for (const [type, event, expected] of INVALID) {
    it(`rejects an invalid ${type} event: ${expected[0]}`, () => {
      expect(errorsOf(withEvent(event))).toEqual(expected);
    });
  }

  it('has an invalid example for every event type', () => {
    expect(new Set(INVALID.map(([type]) => type))).toEqual(new Set(EVENT_TYPES));
  });

  it('names an unknown event type and lists the known ones', () => {
    expect(errorsOf(withEvent({ type: 'bogus' }))).toEqual([
      'rules[0].events[0].type: unknown type "bogus"; expected one of library-loaded, page-bottom, dom-ready, window-loaded, data-element-change, click, custom-event, direct-call, element-exists',
    ]);
  });

  it('reports the rule index of the failing event', () => {
    expect(errorsOf(withEvent({ type: 'bogus' }, 3))).toEqual([
      'rules[3].events[0].type: unknown type "bogus"; expected one of library-loaded, page-bottom, dom-ready, window-loaded, data-element-change, click, custom-event, direct-call, element-exists',
    ]);
  });
});

// --- Conditions -----------------------------------------------------------------

const VALID_CONDITIONS: Record<string, Json[]> = {
  path: [{ type: 'path', settings: { pattern: '^/conditions/' } }],
  host: [{ type: 'host', negate: true, settings: { pattern: 'health\\.localhost$', caseInsensitive: true } }],
  'query-parameter': [
    { type: 'query-parameter', settings: { name: 'q' } },
    { type: 'query-parameter', settings: { name: 'utm_source', value: 'newsletter' } },
    { type: 'query-parameter', settings: { name: 'cmp', pattern: '^em-', caseInsensitive: true } },
  ],
  cookie: [{ type: 'cookie', settings: { name: 'consent', value: '%Section%' } }],
  'value-comparison': [
    { type: 'value-comparison', settings: { left: '%Page Name%', operator: 'equals', right: 'home' } },
    { type: 'value-comparison', settings: { left: '%Page Name%', operator: 'matchesRegex', pattern: '^conditions:' } },
    { type: 'value-comparison', settings: { left: '%Section%', operator: 'isTruthy' } },
    { type: 'value-comparison', settings: { left: '%Section%', operator: 'isFalsy' } },
    { type: 'value-comparison', settings: { left: '%event.detail.count%', operator: 'greaterThanOrEqual', right: '3' } },
  ],
  'no-hash': [{ type: 'no-hash' }],
  'custom-code': [
    { type: 'custom-code', settings: { source: 'return window.innerWidth > 600;' } },
    { type: 'custom-code', settings: { file: 'conditions/wide.js' } },
  ],
};

describe('conditions', () => {
  it('has a valid example for every condition type', () => {
    expect(Object.keys(VALID_CONDITIONS).sort()).toEqual([...CONDITION_TYPES].sort());
  });

  for (const [type, examples] of Object.entries(VALID_CONDITIONS)) {
    it(`accepts a valid ${type} condition, as a condition and as an exception`, () => {
      for (const example of examples) {
        expect(parsed(withCondition(example)).rules[0]!.conditions).toEqual([example]);
        expect(parsed(withRule({ exceptions: [example] })).rules[0]!.exceptions).toEqual([example]);
      }
    });
  }

  const INVALID: Array<[string, Json, string[]]> = [
    ['path', { type: 'path', settings: { pattern: '(' } }, ['rules[3].conditions[0].settings.pattern: invalid regular expression at position 1: unterminated group']],
    ['path', { type: 'path', settings: {} }, ['rules[3].conditions[0].settings.pattern: required']],
    ['host', { type: 'host', settings: { pattern: '' } }, ['rules[3].conditions[0].settings.pattern: must not be empty']],
    ['host', { type: 'host', settings: { pattern: 'x', foo: true } }, ['rules[3].conditions[0].settings: unknown option "foo"']],
    ['query-parameter', { type: 'query-parameter', settings: { value: 'x' } }, ['rules[3].conditions[0].settings.name: required']],
    ['query-parameter', { type: 'query-parameter', settings: { name: 'q', pattern: '[' } }, ['rules[3].conditions[0].settings.pattern: invalid regular expression at position 1: unterminated character class']],
    ['cookie', { type: 'cookie', settings: { name: 'c', regex: 'x' } }, ['rules[3].conditions[0].settings: unknown option "regex"']],
    ['value-comparison', { type: 'value-comparison', settings: { left: 'a', operator: 'matchesRegex' } }, ['rules[3].conditions[0].settings.pattern: required when operator is matchesRegex']],
    ['value-comparison', { type: 'value-comparison', settings: { left: 'a', operator: 'equals' } }, ['rules[3].conditions[0].settings.right: required when operator is equals']],
    ['value-comparison', { type: 'value-comparison', settings: { left: 'a', operator: 'lessThan', pattern: 'x' } }, ['rules[3].conditions[0].settings.right: required when operator is lessThan']],
    ['value-comparison', { type: 'value-comparison', settings: { left: 'a', operator: 'matchesRegex', pattern: '*' } }, ['rules[3].conditions[0].settings.pattern: invalid regular expression at position 1: nothing to repeat']],
    [
      'value-comparison',
      { type: 'value-comparison', settings: { left: 'a', operator: 'like', right: 'b' } },
      ['rules[3].conditions[0].settings.operator: Invalid option: expected one of "equals"|"contains"|"startsWith"|"endsWith"|"matchesRegex"|"lessThan"|"lessThanOrEqual"|"greaterThan"|"greaterThanOrEqual"|"isTruthy"|"isFalsy"'],
    ],
    ['no-hash', { type: 'no-hash', settings: { hash: '#x' } }, ['rules[3].conditions[0].settings: unknown option "hash"']],
    ['no-hash', { type: 'no-hash', negate: 'no' }, ['rules[3].conditions[0].negate: Invalid input: expected boolean, received string']],
    ['custom-code', { type: 'custom-code', settings: {} }, ['rules[3].conditions[0].settings: give exactly one of source and file']],
    ['custom-code', { type: 'custom-code', settings: { source: 'return true;', file: 'a.js' } }, ['rules[3].conditions[0].settings: give exactly one of source and file']],
    ['custom-code', { type: 'custom-code', settings: { file: '' } }, ['rules[3].conditions[0].settings.file: must not be empty']],
  ];
  for (const [type, condition, expected] of INVALID) {
    it(`rejects an invalid ${type} condition: ${expected[0]}`, () => {
      expect(errorsOf(withCondition(condition, 3))).toEqual(expected);
    });
  }

  it('has an invalid example for every condition type', () => {
    expect(new Set(INVALID.map(([type]) => type))).toEqual(new Set(CONDITION_TYPES));
  });

  it('reports errors in exceptions under exceptions', () => {
    expect(errorsOf(withRule({ exceptions: [{ type: 'path', settings: { pattern: '(' } }] }))).toEqual([
      'rules[0].exceptions[0].settings.pattern: invalid regular expression at position 1: unterminated group',
    ]);
  });

  it('names an unknown condition type', () => {
    expect(errorsOf(withCondition({ type: 'weather', settings: {} }, 1))).toEqual([
      'rules[1].conditions[0].type: unknown type "weather"; expected one of path, host, query-parameter, cookie, value-comparison, no-hash, custom-code',
    ]);
  });
});

// --- Actions ----------------------------------------------------------------------

const VALID_ACTIONS: Record<string, Json[]> = {
  'set-variables': [
    {
      type: 'set-variables',
      settings: {
        variables: { pageName: '%Page Name%', channel: '%Section%', prop1: 'x', eVar250: 'y', hier5: 'a|b', list3: 'a,b', campaign: 'c' },
        events: [{ name: 'event1' }, { name: 'event1000', value: '2' }, { name: 'purchase', id: '%event.detail.orderId%' }],
        contextData: { 'tool.name': 'bmi', search_term: '%this.value%' },
        linkTrackVars: ['eVar1', 'products'],
        linkTrackEvents: ['event1', 'scAdd'],
      },
    },
    { type: 'set-variables', settings: {} },
  ],
  'send-beacon': [
    { type: 'send-beacon', settings: { type: 'page' } },
    { type: 'send-beacon', settings: { type: 'link', linkType: 'd', linkName: 'download: %this.href%', linkUrl: '%this.href%' } },
  ],
  'clear-variables': [{ type: 'clear-variables' }],
  'load-script': [{ type: 'load-script', settings: { url: 'https://cdn.example.com/survey.js' } }],
  'load-survey': [
    { type: 'load-survey', settings: { brand: 'nhs', project: 'ZN_1', scriptUrl: 'https://vendor.localhost/survey/intercept.js', sampleRate: 100, cookieDays: 7 } },
    { type: 'load-survey', settings: { brand: '', project: '', scriptUrl: '/s.js', sampleRate: 50, cookieDays: 1, cookiesAllowed: 'on' } },
  ],
  'custom-code': [{ type: 'custom-code', settings: { source: 'console.log("hi");' } }],
  'set-cookie': [
    { type: 'set-cookie', settings: { name: 'tw_seen', value: '1', days: 0.5, path: '/conditions', domain: '.health.localhost' } },
  ],
  'remove-query-parameter': [{ type: 'remove-query-parameter', settings: { name: 'useremail' } }],
  'dispatch-event': [
    { type: 'dispatch-event', settings: { eventType: 'tw:ready' } },
    { type: 'dispatch-event', settings: { eventType: 'tw:search', target: '#search', detail: { term: '%Page Name%' } } },
  ],
  personalise: [{ type: 'personalise' }],
};

describe('actions', () => {
  it('has a valid example for every action type', () => {
    expect(Object.keys(VALID_ACTIONS).sort()).toEqual([...ACTION_TYPES].sort());
  });

  for (const [type, examples] of Object.entries(VALID_ACTIONS)) {
    it(`accepts a valid ${type} action`, () => {
      for (const example of examples) expect(parsed(withAction(example)).rules[0]!.actions).toEqual([example]);
    });
  }

  it('applies the link beacon linkType default (o)', () => {
    const property = parsed(withAction({ type: 'send-beacon', settings: { type: 'link', linkName: 'nav' } }));
    expect(property.rules[0]!.actions[0]).toEqual({ type: 'send-beacon', settings: { type: 'link', linkType: 'o', linkName: 'nav' } });
  });

  it('applies the survey defaults: SPEC §9 sampling 100%, cookie 7 days', () => {
    const property = parsed(withAction({ type: 'load-survey', settings: { brand: 'b', project: 'p', scriptUrl: '/s.js' } }));
    expect(property.rules[0]!.actions[0]).toEqual({ type: 'load-survey', settings: { brand: 'b', project: 'p', scriptUrl: '/s.js', sampleRate: 100, cookieDays: 7 } });
  });

  it('applies the set-cookie path default (/)', () => {
    const property = parsed(withAction({ type: 'set-cookie', settings: { name: 'a', value: 'b' } }));
    expect(property.rules[0]!.actions[0]).toEqual({ type: 'set-cookie', settings: { name: 'a', value: 'b', path: '/' } });
  });

  const VAR = 'not an analytics variable (pageName, channel, server, propN, eVarN, hierN, listN, campaign, products, ...)';
  const EVT = 'not an analytics event (event1..event1000 or a standard commerce event)';
  const INVALID: Array<[string, Json, string[]]> = [
    ['set-variables', { type: 'set-variables', settings: { variables: { foo: 'x', eVar1: 'y' } } }, [`rules[0].actions[0].settings.variables.foo: ${VAR}`]],
    ['set-variables', { type: 'set-variables', settings: { variables: { prop76: 'x' } } }, [`rules[0].actions[0].settings.variables.prop76: ${VAR}`]],
    ['set-variables', { type: 'set-variables', settings: { variables: { 'my var': 'x' } } }, [`rules[0].actions[0].settings.variables["my var"]: ${VAR}`]],
    ['set-variables', { type: 'set-variables', settings: { variables: { eVar1: 5 } } }, ['rules[0].actions[0].settings.variables.eVar1: Invalid input: expected string, received number']],
    ['set-variables', { type: 'set-variables', settings: { events: [{ name: 'event1' }, { name: 'event0' }] } }, [`rules[0].actions[0].settings.events[1].name: ${EVT}`]],
    ['set-variables', { type: 'set-variables', settings: { events: [{ name: 'event1', amount: 2 }] } }, ['rules[0].actions[0].settings.events[0]: unknown option "amount"']],
    ['set-variables', { type: 'set-variables', settings: { contextData: { 'tool name': 'x' } } }, ['rules[0].actions[0].settings.contextData["tool name"]: context data keys use letters, digits, _ and .']],
    ['set-variables', { type: 'set-variables', settings: { linkTrackVars: ['eVar1', 'eVar251'] } }, [`rules[0].actions[0].settings.linkTrackVars[1]: ${VAR}`]],
    ['set-variables', { type: 'set-variables', settings: { linkTrackEvents: ['event1001'] } }, [`rules[0].actions[0].settings.linkTrackEvents[0]: ${EVT}`]],
    ['set-variables', { type: 'set-variables', settings: { foo: 1 } }, ['rules[0].actions[0].settings: unknown option "foo"']],
    ['send-beacon', { type: 'send-beacon', settings: { type: 'link' } }, ['rules[0].actions[0].settings.linkName: required']],
    ['send-beacon', { type: 'send-beacon', settings: { type: 'link', linkName: 'x', linkType: 'z' } }, ['rules[0].actions[0].settings.linkType: Invalid option: expected one of "o"|"d"|"e"']],
    ['send-beacon', { type: 'send-beacon', settings: { type: 'page', linkName: 'x' } }, ['rules[0].actions[0].settings: unknown option "linkName"']],
    ['send-beacon', { type: 'send-beacon', settings: { type: 'click' } }, ['rules[0].actions[0].settings.type: unknown type "click"; expected one of page, link']],
    ['clear-variables', { type: 'clear-variables', settings: { all: true } }, ['rules[0].actions[0].settings: unknown option "all"']],
    ['load-script', { type: 'load-script', settings: { url: '' } }, ['rules[0].actions[0].settings.url: must not be empty']],
    ['load-survey', { type: 'load-survey', settings: { brand: 'b', project: 'p', scriptUrl: '/s.js', sampleRate: 101 } }, ['rules[0].actions[0].settings.sampleRate: Too big: expected number to be <=100']],
    ['custom-code', { type: 'custom-code', settings: {} }, ['rules[0].actions[0].settings: give exactly one of source and file']],
    ['custom-code', { type: 'custom-code', settings: { source: '', file: 'x.js' } }, ['rules[0].actions[0].settings: give exactly one of source and file']],
    ['set-cookie', { type: 'set-cookie', settings: { name: 'a', value: 'b', days: 0, path: 'x' } }, ['rules[0].actions[0].settings.days: Too small: expected number to be >0', 'rules[0].actions[0].settings.path: Invalid string: must start with "/"']],
    ['set-cookie', { type: 'set-cookie', settings: { name: 'a' } }, ['rules[0].actions[0].settings.value: required']],
    ['remove-query-parameter', { type: 'remove-query-parameter', settings: {} }, ['rules[0].actions[0].settings.name: required']],
    ['dispatch-event', { type: 'dispatch-event', settings: { eventType: 'x', detail: { count: 1 } } }, ['rules[0].actions[0].settings.detail.count: Invalid input: expected string, received number']],
    ['dispatch-event', { type: 'dispatch-event', settings: { eventType: 'x', target: '' } }, ['rules[0].actions[0].settings.target: must not be empty']],
    ['personalise', { type: 'personalise', settings: { timeout: 5000 } }, ['rules[0].actions[0].settings: unknown option "timeout"']],
  ];
  for (const [type, action, expected] of INVALID) {
    it(`rejects an invalid ${type} action: ${expected[0]}`, () => {
      expect(errorsOf(withAction(action))).toEqual(expected);
    });
  }

  it('has an invalid example for every action type', () => {
    expect(new Set(INVALID.map(([type]) => type))).toEqual(new Set(ACTION_TYPES));
  });

  it('names an unknown action type', () => {
    expect(errorsOf(withAction({ type: 'bogus' }, 2))).toEqual([
      'rules[2].actions[0].type: unknown type "bogus"; expected one of set-variables, send-beacon, clear-variables, load-script, custom-code, load-survey, set-cookie, remove-query-parameter, dispatch-event, personalise',
    ]);
  });
});

// --- Data elements ------------------------------------------------------------------

const VALID_ELEMENTS: Record<string, Json[]> = {
  'data-layer': [
    { name: 'Condition', type: 'data-layer', settings: { path: 'page.category.primaryCategory' } },
    { name: 'Odd Path', type: 'data-layer', settings: { path: '$x.a_b.c-d.0' } },
  ],
  cookie: [{ name: 'Consent', type: 'cookie', description: 'consent cookie', default: 'N/A', storage: 'session', settings: { name: 'tw_consent' } }],
  'query-parameter': [{ name: 'Search Term', type: 'query-parameter', forceLowerCase: true, cleanText: true, settings: { name: 'q' } }],
  'meta-tag': [{ name: 'Author', type: 'meta-tag', settings: { name: 'author' } }],
  'page-info': [{ name: 'Host', type: 'page-info', storage: 'none', settings: { attribute: 'hostname' } }],
  'lookup-table': [
    { name: 'Area', type: 'lookup-table', settings: { input: '%Section%', table: [{ in: 'health', out: 'Health A-Z' }], caseInsensitive: true } },
  ],
  constant: [{ name: 'Site', type: 'constant', settings: { value: '' } }],
  'custom-code': [{ name: 'Width', type: 'custom-code', settings: { source: 'return String(innerWidth);' } }],
  'new-repeat': [
    { name: 'Visitor Type', type: 'new-repeat' },
    { name: 'Visitor Type 2', type: 'new-repeat', settings: { cookie: 'tw_nr' } },
  ],
  'previous-value': [{ name: 'Previous Page', type: 'previous-value', storage: 'visitor', settings: { input: '%Page Name%', cookie: 'tw_ppn' } }],
};

describe('data elements', () => {
  it('has a valid example for every data element type', () => {
    expect(Object.keys(VALID_ELEMENTS).sort()).toEqual([...DATA_ELEMENT_TYPES].sort());
  });

  for (const [type, examples] of Object.entries(VALID_ELEMENTS)) {
    it(`accepts a valid ${type} data element`, () => {
      for (const example of examples) expect(parsed(withElement(example)).dataElements).toEqual([...ELEMENTS, example]);
    });
  }

  const PATH_FORMAT = 'a dotted path under window.digitalData, e.g. page.pageInfo.pageName';
  const INVALID: Array<[string, Json, string[]]> = [
    ['data-layer', { name: 'X', type: 'data-layer', settings: { path: 'page..name' } }, [`dataElements[2].settings.path: ${PATH_FORMAT}`]],
    ['data-layer', { name: 'X', type: 'data-layer', settings: { path: '.page' } }, [`dataElements[2].settings.path: ${PATH_FORMAT}`]],
    ['data-layer', { name: 'X', type: 'data-layer', settings: { path: 'page.' } }, [`dataElements[2].settings.path: ${PATH_FORMAT}`]],
    ['data-layer', { name: 'X', type: 'data-layer', settings: { path: 'page[0].name' } }, [`dataElements[2].settings.path: ${PATH_FORMAT}`]],
    ['data-layer', { name: 'X', type: 'data-layer', settings: { path: '' } }, [`dataElements[2].settings.path: ${PATH_FORMAT}`]],
    ['cookie', { name: 'X', type: 'cookie', settings: {} }, ['dataElements[2].settings.name: required']],
    ['query-parameter', { name: 'X', type: 'query-parameter', settings: { name: 'q', param: 'q' } }, ['dataElements[2].settings: unknown option "param"']],
    ['meta-tag', { name: 'X', type: 'meta-tag', settings: { name: '' } }, ['dataElements[2].settings.name: must not be empty']],
    [
      'page-info',
      { name: 'X', type: 'page-info', settings: { attribute: 'scheme' } },
      ['dataElements[2].settings.attribute: Invalid option: expected one of "url"|"path"|"host"|"hostname"|"port"|"query"|"hash"|"protocol"|"referrer"|"title"'],
    ],
    ['lookup-table', { name: 'X', type: 'lookup-table', settings: { input: 'a', table: [] } }, ['dataElements[2].settings.table: needs at least one row']],
    ['lookup-table', { name: 'X', type: 'lookup-table', settings: { input: 'a', table: [{ in: 'a' }] } }, ['dataElements[2].settings.table[0].out: required']],
    ['constant', { name: 'X', type: 'constant', settings: {} }, ['dataElements[2].settings.value: required']],
    ['custom-code', { name: 'X', type: 'custom-code', settings: { source: 'return 1;', file: 'x.js' } }, ['dataElements[2].settings: give exactly one of source and file']],
    ['new-repeat', { name: 'X', type: 'new-repeat', settings: { cookie: '' } }, ['dataElements[2].settings.cookie: must not be empty']],
    ['previous-value', { name: 'X', type: 'previous-value', settings: { input: '%Page Name%' } }, ['dataElements[2].settings.cookie: required']],
  ];
  for (const [type, element, expected] of INVALID) {
    it(`rejects an invalid ${type} data element: ${expected[0]}`, () => {
      expect(errorsOf(withElement(element))).toEqual(expected);
    });
  }

  it('has an invalid example for every data element type', () => {
    expect(new Set(INVALID.map(([type]) => type))).toEqual(new Set(DATA_ELEMENT_TYPES));
  });

  it('checks the options every data element shares', () => {
    expect(errorsOf(withElement({ name: '50%', type: 'constant', settings: { value: 'x' } }))).toEqual(['dataElements[2].name: must not contain %']);
    expect(errorsOf(withElement({ name: '', type: 'constant', settings: { value: 'x' } }))).toEqual(['dataElements[2].name: must not be empty']);
    expect(errorsOf(withElement({ name: 'X', type: 'constant', storage: 'forever', settings: { value: 'x' } }))).toEqual([
      'dataElements[2].storage: Invalid option: expected one of "none"|"pageview"|"session"|"visitor"',
    ]);
    expect(errorsOf(withElement({ name: 'X', type: 'constant', lowerCase: true, settings: { value: 'x' } }))).toEqual(['dataElements[2]: unknown option "lowerCase"']);
    expect(errorsOf(withElement({ type: 'constant', settings: { value: 'x' } }))).toEqual(['dataElements[2].name: required']);
  });

  it('names an unknown data element type', () => {
    expect(errorsOf(withElement({ name: 'X', type: 'local-storage', settings: {} }))).toEqual([
      'dataElements[2].type: unknown type "local-storage"; expected one of data-layer, cookie, query-parameter, meta-tag, page-info, lookup-table, constant, custom-code, new-repeat, previous-value',
    ]);
  });
});
