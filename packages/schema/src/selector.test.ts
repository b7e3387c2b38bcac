import { describe, expect, it } from 'vitest';
import { doc, errorsOf, parsed, type Json } from './test-documents';

// Every setting that holds a CSS selector, and every one that holds a regular expression, is
// checked when the document is validated: a selector the browser cannot parse, or a pattern
// the engine refuses, is an error that says where and why.

const rule = (extra: Json): Json => ({
  name: 'r',
  events: [{ type: 'dom-ready' }],
  actions: [{ type: 'send-beacon', settings: { type: 'page' } }],
  ...extra,
});
const withRule = (extra: Json) => doc({ rules: [rule(extra)] });

/** Each selector-holding setting: its document for a selector, and the setting's path. */
const SELECTOR_SETTINGS: Array<[string, (selector: string) => Json, string]> = [
  ['click selector', (s) => withRule({ events: [{ type: 'click', settings: { selector: s } }] }), 'rules[0].events[0].settings.selector'],
  ['custom-event selector', (s) => withRule({ events: [{ type: 'custom-event', settings: { eventType: 'x', selector: s } }] }), 'rules[0].events[0].settings.selector'],
  ['element-exists selector', (s) => withRule({ events: [{ type: 'element-exists', settings: { selector: s } }] }), 'rules[0].events[0].settings.selector'],
  ['dispatch-event target', (s) => withRule({ actions: [{ type: 'dispatch-event', settings: { eventType: 'x', target: s } }] }), 'rules[0].actions[0].settings.target'],
];

const GOOD_SELECTORS = [
  'a[href]',
  'a[href*="/conditions/"]',
  '.nhsuk-card--clickable a, .nhsuk-card__link',
  '#header-account-link',
  'input[type=radio][data-question]',
  'details.app-weight-range > summary',
  'h1 + p ~ span',
  'a[data-x="]"]',
  '[data-x="%Tool Name%"]',
  'a[href$=".pdf" i]',
  'li:nth-child(2n+1)',
  'li:nth-of-type(odd)',
  'a:not(.external, [rel~="nofollow"])',
  'section:has(> h2)',
  'a:is(:hover, :focus-visible)',
  'input:-webkit-autofill',
  'svg|a',
  '.a\\.b',
  'a /* the links */ b',
  '*',
];

const BAD_SELECTORS: Array<[string, string]> = [
  ['a[href', 'missing "]" to close the attribute at position 2'],
  ['a:not(.b', 'missing ")" to close the parenthesis at position 6'],
  ['a[href="x]', 'missing " to close the string at position 8'],
  ['a]', 'unexpected "]" at position 2: nothing to close'],
  ['a >', 'the combinator ">" at position 3 has nothing after it'],
  ['a ~ ,b', 'the combinator "~" at position 3 has nothing after it'],
  ['> a', 'the selector starts with the combinator ">" at position 1'],
  ['a > > b', 'two combinators in a row at position 3 and at position 5'],
  ['a,,b', 'empty selector at position 3'],
  ['a,', 'the selector list ends with an empty selector'],
  ['a:not()', 'empty selector at position 7'],
  ['.a..b', '"." at position 3 must be followed by a class name'],
  ['#1a', '"#" at position 1 must be followed by an id'],
  ['1a', 'an element name cannot start with a digit at position 1'],
  ['div:foo', 'unknown pseudo-class ":foo" at position 4'],
  [':contains(Pharmacy)', 'unknown pseudo-class ":contains" at position 1'],
  ['a:hover()', '":hover" at position 2 takes no argument'],
  ['a:not', '":not" at position 2 needs an argument in parentheses'],
  ['li:nth-child(first)', '":nth-child" at position 3 needs an argument like 2n+1, odd or even'],
  ['a::before', 'the pseudo-element "::before" at position 2 never matches an element'],
  ['a[=x]', 'the attribute at position 2 must be a name, or a name, an operator (=, ~=, |=, ^=, $=, *=) and a value'],
  ['a[x=1]', 'the attribute at position 2 must be a name, or a name, an operator (=, ~=, |=, ^=, $=, *=) and a value'],
  ['a;b', 'unexpected ";" at position 2'],
  ['a{color:red}', 'unexpected "{" at position 2'],
  ['#%Nope%', '"#" at position 1 must be followed by an id'],
  ['a /* open', 'missing "*/" to close the comment at position 3'],
];

describe('CSS selectors', () => {
  for (const [setting, build, path] of SELECTOR_SETTINGS) {
    describe(setting, () => {
      it('accepts the selectors the browser parses and refuses the others, saying where and why', () => {
        for (const selector of GOOD_SELECTORS) expect(() => parsed(build(selector)), selector).not.toThrow();
        for (const [selector, reason] of BAD_SELECTORS) expect(errorsOf(build(selector)), selector).toEqual([`${path}: not a valid CSS selector: ${reason}`]);
      });
      it('refuses an empty or blank selector', () => {
        expect(errorsOf(build(''))).toEqual([`${path}: must not be empty`]);
        expect(errorsOf(build('   '))).toEqual([`${path}: must not be empty`]);
      });
    });
  }
});

/** Each regex-holding setting: its document for a pattern, and the setting's path. */
const consent = { status: 'Consent Status', statistics: 'Consent Statistics', changeEvent: 'consent-changed' };
const consentElements = [
  { name: 'Consent Status', type: 'constant', settings: { value: 'given' } },
  { name: 'Consent Statistics', type: 'constant', settings: { value: 'on' } },
];
const PATTERN_SETTINGS: Array<[string, (pattern: string) => Json, string]> = [
  ['path condition', (p) => withRule({ conditions: [{ type: 'path', settings: { pattern: p } }] }), 'rules[0].conditions[0].settings.pattern'],
  ['host exception', (p) => withRule({ exceptions: [{ type: 'host', settings: { pattern: p } }] }), 'rules[0].exceptions[0].settings.pattern'],
  ['query-parameter condition', (p) => withRule({ conditions: [{ type: 'query-parameter', settings: { name: 'q', pattern: p } }] }), 'rules[0].conditions[0].settings.pattern'],
  ['cookie condition', (p) => withRule({ conditions: [{ type: 'cookie', settings: { name: 'c', pattern: p } }] }), 'rules[0].conditions[0].settings.pattern'],
  ['value comparison', (p) => withRule({ conditions: [{ type: 'value-comparison', settings: { left: 'a', operator: 'matchesRegex', pattern: p } }] }), 'rules[0].conditions[0].settings.pattern'],
  [
    'identity path exclusion',
    (p) => doc({ settings: { trackingServer: 'metrics.example.com', consent, identity: { server: 'id.example.com', pathExclusions: [p] } }, dataElements: consentElements }),
    'settings.identity.pathExclusions[0]',
  ],
];

const GOOD_PATTERNS = ['^/conditions/[a-z-]+$', '^/(?:nhs-)?services/', 'a{2,3}', '(?<section>[^/]+)/\\k<section>', '[]]', '\\d+\\.pdf$'];
const BAD_PATTERNS: Array<[string, string]> = [
  ['/abc[d', 'invalid regular expression at position 5: unterminated character class'],
  ['^/(live|stop', 'invalid regular expression at position 3: unterminated group'],
  ['/a)b', 'invalid regular expression at position 3: unmatched \')\''],
  ['/a|*b', 'invalid regular expression at position 4: nothing to repeat'],
  ['/a\\', 'invalid regular expression at position 3: \\ at end of pattern'],
  ['/a{3,1}', 'invalid regular expression at position 3: numbers out of order in {} quantifier'],
  ['[z-a]', 'invalid regular expression at position 2: range out of order in character class'],
  ['(?<a>x)(?<a>y)', 'invalid regular expression at position 8: duplicate capture group name'],
];

describe('regular expressions', () => {
  for (const [setting, build, path] of PATTERN_SETTINGS) {
    describe(setting, () => {
      it('accepts valid patterns and refuses invalid ones with the position and the reason', () => {
        for (const pattern of GOOD_PATTERNS) expect(() => parsed(build(pattern)), pattern).not.toThrow();
        for (const [pattern, message] of BAD_PATTERNS) expect(errorsOf(build(pattern)), pattern).toEqual([`${path}: ${message}`]);
      });
    });
  }
});
