import { describe, expect, it } from 'vitest';
import { audienceParameter, audienceConditionSchema } from './activities-audience';
import { doc, errorsOf, parsed, type Json } from './test-documents';

// Activities in the property document (issue 14 item 1): every check and its message.

const abTest = (extra: Json = {}): Json => ({
  id: 101,
  name: 'Home hero',
  type: 'ab',
  location: { type: 'mbox', name: 'target-global-mbox' },
  experiences: [
    { name: 'Control', split: 50, offers: [{ type: 'setText', selector: '#hero h1', content: 'Health A to Z' }] },
    { name: 'Plain', split: 50, offers: [{ type: 'html', content: '<p>Hello</p>' }] },
  ],
  goals: [{ type: 'analytics-event', name: 'Completed', event: 'event15' }],
  ...extra,
});
const withActivities = (activities: Json[], extra: Json = {}, documentExtra: Json = {}) =>
  doc({ personalisation: { client: 'health', organizationId: 'HEALTH0123456789@AdobeOrg', activities, ...extra }, ...documentExtra });
const withOffer = (offer: Json) => withActivities([abTest({ experiences: [{ name: 'A', split: 50, offers: [offer] }, { name: 'B', split: 50, offers: [{ type: 'remove', selector: '#x' }] }] })]);
const first = (input: unknown) => errorsOf(input)[0];

describe('a valid activity', () => {
  it('parses with its defaults', () => {
    const property = parsed(withActivities([abTest()]));
    expect(property.personalisation).toMatchObject({
      client: 'health',
      globalLocation: 'target-global-mbox',
      environmentIds: { production: 1, staging: 2, development: 3 },
      activities: [{ id: 101, state: 'active', audience: { match: 'all', conditions: [] } }],
    });
  });

  it('takes every offer type, audience condition and goal type', () => {
    const offers = [
      { type: 'setHtml', selector: '#a', content: '<b>x</b>' },
      { type: 'setText', selector: '#a', content: 'x' },
      { type: 'setAttribute', selector: 'img', content: { alt: 'x', 'data-v': '1' } },
      { type: 'setStyle', selector: '#a', content: { color: 'red', 'background-color': '#fff' }, priority: 'important' },
      { type: 'setImageSource', selector: 'img', content: '/images/a.png' },
      { type: 'remove', selector: '.old' },
      { type: 'insertBefore', selector: '#a', content: '<p>x</p>' },
      { type: 'insertAfter', selector: '#a', content: '<p>x</p>' },
      { type: 'appendHtml', selector: '#a', content: '<p>x</p>' },
      { type: 'prependHtml', selector: '#a', content: '<p>x</p>' },
      { type: 'rearrange', selector: 'ul', content: { from: 0, to: 2 } },
      { type: 'trackClick', selector: 'a.cta' },
      { type: 'html', content: '<p>x</p>' },
      { type: 'json', content: { banner: true, list: [1, 'a', null] } },
    ];
    const conditions = [
      { type: 'host', values: ['www.health.localhost'] },
      { type: 'path', operator: 'equals', values: ['/'] },
      { type: 'query', name: 'q' },
      { type: 'query', name: 'campaign', operator: 'equals', value: 'flu' },
      { type: 'data-element', name: 'Page Name', value: 'home' },
      { type: 'data-element', name: 'Page Name', operator: 'exists' },
      { type: 'visitor', is: 'new', negate: true },
      { type: 'event-history', event: 'event15', atLeast: 2, withinDays: 7 },
    ];
    const property = parsed(
      withActivities(
        [
          abTest({ audience: { match: 'any', conditions }, experiences: [{ name: 'A', split: 30, offers }, { name: 'B', split: 70, offers: [{ type: 'redirect', url: 'https://www.health.localhost/b' }] }] }),
          abTest({
            id: 2,
            name: 'Targeted',
            type: 'xt',
            location: { type: 'view', name: 'home' },
            experiences: [{ name: 'New', audience: { conditions: [{ type: 'visitor', is: 'new' }] }, offers: [offers[0]] }, { name: 'Rest', offers: [offers[1]] }],
            goals: [
              { type: 'page-view', name: 'Booked', path: '/book' },
              { type: 'click', name: 'CTA', selector: 'a.cta' },
            ],
          }),
        ],
        {},
        { dataElements: [{ name: 'Page Name', type: 'data-layer', settings: { path: 'page.name' } }] },
      ),
    );
    expect(property.personalisation?.activities).toHaveLength(2);
  });
});

describe('activity checks', () => {
  const cases: Array<[string, unknown, string]> = [
    ['client code', withActivities([], { client: 'Health Site' }), 'personalisation.client: lower-case letters, digits and hyphens, such as health'],
    ['organisation id', withActivities([], { organizationId: 'health' }), 'personalisation.organizationId: an id such as 0123456789ABCDEF@AdobeOrg'],
    ['environment ids', withActivities([], { environmentIds: { production: 1, staging: 1, development: 3 } }), 'personalisation.environmentIds: three different ids'],
    ['activity id', withActivities([abTest({ id: 0 })]), 'personalisation.activities[0].id: Too small: expected number to be >=1'],
    ['type', withActivities([abTest({ type: 'mvt' })]), 'personalisation.activities[0].type: Invalid option: expected one of "ab"|"xt"'],
    ['mbox name required', withActivities([abTest({ location: { type: 'mbox', name: '' } })]), 'personalisation.activities[0].location.name: mbox option is required'],
    ['mbox name too long', withActivities([abTest({ location: { type: 'mbox', name: 'm'.repeat(251) } })]), 'personalisation.activities[0].location.name: mbox option is too long'],
    ['mbox name characters', withActivities([abTest({ location: { type: 'mbox', name: 'a b' } })]), 'personalisation.activities[0].location.name: letters, digits, _, ., : and -, such as target-global-mbox'],
    ['view name empty', withActivities([abTest({ location: { type: 'view', name: '' } })]), 'personalisation.activities[0].location.name: View name should be a non-empty string'],
    ['view name case', withActivities([abTest({ location: { type: 'view', name: 'Home' } })]), 'personalisation.activities[0].location.name: lower-case: view names are lower-cased (SPEC §5)'],
    ['location type', withActivities([abTest({ location: { type: 'page', name: 'x' } })]), 'personalisation.activities[0].location.type: unknown type "page"; expected one of mbox, view'],
    ['splits sum', withActivities([abTest({ experiences: [{ name: 'A', split: 50, offers: [{ type: 'remove', selector: '#a' }] }, { name: 'B', split: 40, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences: the traffic splits must sum to 100, not 90'],
    ['split whole', withActivities([abTest({ experiences: [{ name: 'A', split: 50.5, offers: [{ type: 'remove', selector: '#a' }] }, { name: 'B', split: 49.5, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[0].split: a whole percentage'],
    ['split required', withActivities([abTest({ experiences: [{ name: 'A', offers: [{ type: 'remove', selector: '#a' }] }, { name: 'B', split: 100, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[0].split: required in an A/B test'],
    ['two experiences', withActivities([abTest({ experiences: [{ name: 'A', split: 100, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences: an A/B test needs at least two experiences'],
    ['no experiences', withActivities([abTest({ experiences: [] })]), 'personalisation.activities[0].experiences: at least one experience'],
    ['duplicate experience', withActivities([abTest({ experiences: [{ name: 'A', split: 50, offers: [{ type: 'remove', selector: '#a' }] }, { name: 'A', split: 50, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[1].name: duplicate experience "A"'],
    ['no offers', withActivities([abTest({ experiences: [{ name: 'A', split: 50, offers: [] }, { name: 'B', split: 50, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[0].offers: an experience needs at least one offer'],
    ['ab experience audience', withActivities([abTest({ experiences: [{ name: 'A', split: 50, audience: {}, offers: [{ type: 'remove', selector: '#a' }] }, { name: 'B', split: 50, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[0].audience: A/B test experiences share the activity audience; use experience targeting (xt)'],
    ['xt split', withActivities([abTest({ type: 'xt', experiences: [{ name: 'A', split: 100, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[0].split: experience targeting has no split: the audience chooses'],
    ['redirect alone', withActivities([abTest({ experiences: [{ name: 'A', split: 50, offers: [{ type: 'redirect', url: 'https://a.example/' }, { type: 'remove', selector: '#a' }] }, { name: 'B', split: 50, offers: [{ type: 'remove', selector: '#a' }] }] })]), 'personalisation.activities[0].experiences[0].offers: a redirect is the only offer of its experience'],
    ['view offers', withActivities([abTest({ location: { type: 'view', name: 'home' } })]), 'personalisation.activities[0].experiences[1].offers: a view shows DOM actions only'],
    ['no goals', withActivities([abTest({ goals: [] })]), 'personalisation.activities[0].goals: at least one goal: an activity measures something'],
    ['goal event', withActivities([abTest({ goals: [{ type: 'analytics-event', name: 'x', event: 'prop1' }] })]), 'personalisation.activities[0].goals[0].event: an analytics event such as event15'],
    ['goal path', withActivities([abTest({ goals: [{ type: 'page-view', name: 'x', path: 'book' }] })]), 'personalisation.activities[0].goals[0].path: a path starting with /'],
    ['goal selector', withActivities([abTest({ goals: [{ type: 'click', name: 'x', selector: 'a[' }] })]), 'personalisation.activities[0].goals[0].selector: not a valid CSS selector: missing "]" to close the attribute at position 2'],
    ['duplicate activity id', withActivities([abTest(), abTest({ name: 'Other' })]), 'personalisation.activities[1].id: duplicate activity id 101 (also activities[0])'],
    ['duplicate activity name', withActivities([abTest(), abTest({ id: 102 })]), 'personalisation.activities[1].name: duplicate activity "Home hero"'],
    ['unknown data element', withActivities([abTest({ audience: { conditions: [{ type: 'data-element', name: 'Nope', value: 'x' }] } })]), 'personalisation.activities[0].audience.conditions[0].name: unknown data element "Nope"'],
    ['state', withActivities([abTest({ state: 'live' })]), 'personalisation.activities[0].state: Invalid option: expected one of "active"|"paused"'],
  ];
  it.each(cases)('%s', (_name, input, message) => expect(errorsOf(input)).toContain(message));
});

describe('offer checks', () => {
  const at = 'personalisation.activities[0].experiences[0].offers[0]';
  const cases: Array<[string, Json, string]> = [
    ['unknown type', { type: 'setColour', selector: '#a' }, `${at}.type: unknown type "setColour"; expected one of setHtml, setText, setAttribute, setStyle, setImageSource, remove, insertBefore, insertAfter, appendHtml, prependHtml, rearrange, trackClick, html, json, redirect, inAppMessage`],
    ['missing selector', { type: 'setHtml', content: '<b>x</b>' }, `${at}.selector: required`],
    ['bad selector', { type: 'remove', selector: '#a >' }, `${at}.selector: not a valid CSS selector: the combinator ">" at position 4 has nothing after it`],
    ['script in html', { type: 'setHtml', selector: '#a', content: '<script>alert(1)</script>' }, `${at}.content: must not hold a script, a javascript: URL or an on... event attribute: offers run no code`],
    ['handler in html offer', { type: 'html', content: '<img src=x onerror=alert(1)>' }, `${at}.content: must not hold a script, a javascript: URL or an on... event attribute: offers run no code`],
    ['empty html', { type: 'appendHtml', selector: '#a', content: '' }, `${at}.content: must not be empty`],
    ['event attribute', { type: 'setAttribute', selector: '#a', content: { onclick: 'x()' } }, `${at}.content.onclick: event handler attributes (on...) run code and are not allowed`],
    ['style attribute', { type: 'setAttribute', selector: '#a', content: { style: 'color:red' } }, `${at}.content.style: use setStyle for style`],
    ['javascript attribute', { type: 'setAttribute', selector: 'a', content: { href: 'javascript:alert(1)' } }, `${at}.content.href: must not be a javascript: URL`],
    ['no attributes', { type: 'setAttribute', selector: '#a', content: {} }, `${at}.content: at least one attribute`],
    ['css property', { type: 'setStyle', selector: '#a', content: { 'Color!': 'red' } }, `${at}.content["Color!"]: a CSS property such as color or background-color`],
    ['css value', { type: 'setStyle', selector: '#a', content: { color: 'red; display:none' } }, `${at}.content.color: one CSS value, without ; { } or expression()`],
    ['image url', { type: 'setImageSource', selector: 'img', content: 'javascript:alert(1)' }, `${at}.content: an http(s) URL or a path starting with /`],
    ['rearrange same', { type: 'rearrange', selector: 'ul', content: { from: 1, to: 1 } }, `${at}.content: from and to must differ`],
    ['rearrange negative', { type: 'rearrange', selector: 'ul', content: { from: -1, to: 1 } }, `${at}.content.from: Too small: expected number to be >=0`],
    ['redirect scheme', { type: 'redirect', url: 'javascript:alert(1)' }, `${at}.url: an absolute http:// or https:// URL`],
    ['redirect relative', { type: 'redirect', url: '/book' }, `${at}.url: an absolute http:// or https:// URL`],
    ['json not object', { type: 'json', content: [1, 2] }, `${at}.content: Invalid input: expected record, received array`],
    ['unknown option', { type: 'remove', selector: '#a', content: 'x' }, `${at}: unknown option "content"`],
  ];
  it.each(cases)('%s', (_name, offer, message) => expect(first(withOffer(offer))).toBe(message));
});

describe('audience checks', () => {
  const at = 'personalisation.activities[0].audience.conditions[0]';
  const withCondition = (condition: Json) => withActivities([abTest({ audience: { conditions: [condition] } })]);
  const cases: Array<[string, Json, string]> = [
    ['host with port', { type: 'host', values: ['www.health.localhost:8080'] }, `${at}.values[0]: a host name without a port`],
    ['host case', { type: 'host', values: ['WWW.health.localhost'] }, `${at}.values[0]: lower-case: host names are compared lower-cased`],
    ['no hosts', { type: 'host', values: [] }, `${at}.values: at least one host`],
    ['path slash', { type: 'path', values: ['conditions'] }, `${at}.values[0]: a path starting with / (or use operator contains)`],
    ['path space', { type: 'path', operator: 'contains', values: ['a b'] }, `${at}.values[0]: a path without spaces`],
    ['path operator', { type: 'path', operator: 'matches', values: ['/'] }, `${at}.operator: Invalid option: expected one of "equals"|"startsWith"|"contains"`],
    ['query value required', { type: 'query', name: 'q', operator: 'equals' }, `${at}.value: required with operator equals`],
    ['query value unused', { type: 'query', name: 'q', value: 'x' }, `${at}.value: not used with operator exists`],
    ['query name', { type: 'query', name: 'a b' }, `${at}.name: letters, digits, _, . and -`],
    ['visitor', { type: 'visitor', is: 'returning' }, `${at}.is: Invalid option: expected one of "new"|"repeat"`],
    ['history days', { type: 'event-history', event: 'event15', withinDays: 31 }, `${at}.withinDays: at most 30: history is kept 30 days (SPEC §9)`],
    ['history count', { type: 'event-history', event: 'event15', atLeast: 0 }, `${at}.atLeast: at least 1 (an audience of "never did it" is not supported)`],
    ['history event', { type: 'event-history', event: 'event 15' }, `${at}.event: letters, digits, _ and -, such as event15`],
    ['unknown condition', { type: 'geo', values: ['uk'] }, `${at}.type: unknown type "geo"; expected one of host, path, query, data-element, visitor, event-history`],
  ];
  it.each(cases)('%s', (_name, condition, message) => expect(first(withCondition(condition))).toBe(message));

  it('names the request parameter each visitor condition reads', () => {
    const parameter = (condition: Json) => audienceParameter(audienceConditionSchema.parse(condition));
    expect(parameter({ type: 'visitor', is: 'new' })).toBe('tw.visitor');
    expect(parameter({ type: 'data-element', name: 'Page Name', operator: 'exists' })).toBe('tw.de.page_name');
    expect(parameter({ type: 'event-history', event: 'event15', withinDays: 7 })).toBe('tw.history.event15_7d');
    expect(parameter({ type: 'event-history', event: 'event17' })).toBe('tw.history.event17_30d');
    expect(parameter({ type: 'path', values: ['/'] })).toBeUndefined();
  });
});
