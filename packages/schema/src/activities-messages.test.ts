import { describe, expect, it } from 'vitest';
import { messageData, messageHistoryEvent } from './activities-messages';
import { doc, errorsOf, parsed, type Json } from './test-documents';

// In-app messages in the property document (issue 16 item 2, SPEC §3, §5, §9): every check and its message.

const HTML = '<h2>Flu vaccine</h2><p>You can book online.</p><a href="/vaccinations/flu-vaccine/">Book</a>';
const message = (extra: Json = {}): Json => ({ type: 'inAppMessage', contentType: 'text/html', content: HTML, ...extra });
const activity = (offer: Json, extra: Json = {}): Json => ({
  id: 1003,
  name: 'Flu reminder',
  type: 'xt',
  location: { type: 'mbox', name: 'target-global-mbox' },
  experiences: [{ name: 'Reminder', offers: [offer] }],
  goals: [{ type: 'message', name: 'Followed the link', event: 'interact' }],
  ...extra,
});
const withActivity = (a: Json, documentExtra: Json = {}) =>
  doc({ personalisation: { client: 'health', organizationId: 'HEALTH0123456789@AdobeOrg', activities: [a] }, ...documentExtra });
const at = 'personalisation.activities[0].experiences[0].offers[0]';
const first = (input: unknown) => errorsOf(input)[0];

describe('a valid in-app message', () => {
  it('parses an HTML message with its display settings and rule set, and a JSON one', () => {
    const ruleSet = {
      match: 'all',
      conditions: [
        { type: 'event-history', event: 'event1', atLeast: 3, withinDays: 30 },
        { type: 'message', event: 'display', withinDays: 7, negate: true },
        { type: 'path', values: ['/vaccinations/'] },
        { type: 'host', values: ['www.health.localhost'] },
        { type: 'query', name: 'utm_campaign' },
        { type: 'data-element', name: 'Page Name', operator: 'exists' },
      ],
    };
    const html = message({ webParameters: { width: 80, height: 60, backdropColor: '#003087', backdropOpacity: 0.7 }, ruleSet });
    const json = { type: 'inAppMessage', contentType: 'application/json', content: { html: HTML, mobileParameters: { uiTakeover: true }, webParameters: {} } };
    const property = parsed(
      withActivity(activity(html, { type: 'ab', experiences: [{ name: 'A', split: 50, offers: [html] }, { name: 'B', split: 50, offers: [json] }] }), {
        dataElements: [{ name: 'Page Name', type: 'data-layer', settings: { path: 'page.name' } }],
      }),
    );
    const [a, b] = property.personalisation!.activities[0]!.experiences;
    expect(a!.offers[0]).toMatchObject({ type: 'inAppMessage', ruleSet: { match: 'all', conditions: expect.arrayContaining([{ type: 'message', event: 'display', atLeast: 1, withinDays: 7, negate: true }]) } });
    // No rule set: every page the activity decides.
    expect(b!.offers[0]).toMatchObject({ ruleSet: { match: 'all', conditions: [] } });
  });

  it('sends the page the message data: content and contentType, the display settings and the rule set', () => {
    const property = parsed(withActivity(activity(message({ webParameters: { width: 90 } }))));
    const offer = property.personalisation!.activities[0]!.experiences[0]!.offers[0]!;
    if (offer.type !== 'inAppMessage') throw new Error('not a message');
    expect(messageData(offer)).toEqual({ content: HTML, contentType: 'text/html', webParameters: { width: 90 }, ruleSet: { match: 'all', conditions: [] } });
    expect(messageHistoryEvent(1003, 'dismiss')).toBe('message-1003-dismiss');
  });
});

describe('in-app message checks', () => {
  const cases: Array<[string, Json, string]> = [
    ['content type', message({ contentType: 'text/plain' }), `${at}.contentType: unknown type "text/plain"; expected one of text/html, application/json`],
    ['missing content type', { type: 'inAppMessage', content: HTML }, `${at}.contentType: required; expected one of text/html, application/json`],
    ['missing content', { type: 'inAppMessage', contentType: 'text/html' }, `${at}.content: required`],
    ['script', message({ content: '<h2>x</h2><script>alert(1)</script>' }), `${at}.content: must not hold a script, a javascript: URL or an on... event attribute: offers run no code`],
    ['javascript link', message({ content: '<h2>x</h2><a href="javascript:alert(1)">x</a>' }), `${at}.content: must not hold a script, a javascript: URL or an on... event attribute: offers run no code`],
    ['no heading', message({ content: '<p>Book now</p>' }), `${at}.content: must hold a heading (h1 to h6): it names the dialog for screen readers`],
    ['json without html', { type: 'inAppMessage', contentType: 'application/json', content: { mobileParameters: {}, webParameters: {} } }, `${at}.content.html: required`],
    ['json without mobileParameters', { type: 'inAppMessage', contentType: 'application/json', content: { html: HTML, webParameters: {} } }, `${at}.content.mobileParameters: required`],
    ['json without webParameters', { type: 'inAppMessage', contentType: 'application/json', content: { html: HTML, mobileParameters: {} } }, `${at}.content.webParameters: required`],
    ['json mobileParameters not an object', { type: 'inAppMessage', contentType: 'application/json', content: { html: HTML, mobileParameters: 'x', webParameters: {} } }, `${at}.content.mobileParameters: an object (the settings app SDKs read; {} for none)`],
    ['json content as text', { type: 'inAppMessage', contentType: 'application/json', content: HTML }, `${at}.content: Invalid input: expected object, received string`],
    ['width too narrow', message({ webParameters: { width: 20 } }), `${at}.webParameters.width: at least 50 (percent of the screen's width): narrower is not readable at 360 px`],
    ['width over 100', message({ webParameters: { width: 120 } }), `${at}.webParameters.width: at most 100 (percent)`],
    ['height too low', message({ webParameters: { height: 10 } }), `${at}.webParameters.height: at least 30 (percent of the screen's height)`],
    ['backdrop colour', message({ webParameters: { backdropColor: 'red; display:none' } }), `${at}.webParameters.backdropColor: a colour such as #000000 or rgba(0,0,0,0.5)`],
    ['opacity', message({ webParameters: { backdropOpacity: 1.5 } }), `${at}.webParameters.backdropOpacity: from 0 to 1`],
    ['unknown display setting', message({ webParameters: { position: 'top' } }), `${at}.webParameters: unknown option "position"`],
    ['rule set visitor', message({ ruleSet: { conditions: [{ type: 'visitor', is: 'new' }] } }), `${at}.ruleSet.conditions[0].type: new or repeat visitor is for the activity audience, not a rule set`],
    ['rule set days', message({ ruleSet: { conditions: [{ type: 'message', withinDays: 60 }] } }), `${at}.ruleSet.conditions[0].withinDays: at most 30: history is kept 30 days (SPEC §9)`],
    ['rule set message event', message({ ruleSet: { conditions: [{ type: 'message', event: 'click' }] } }), `${at}.ruleSet.conditions[0].event: Invalid option: expected one of "display"|"interact"|"dismiss"`],
    ['rule set path', message({ ruleSet: { conditions: [{ type: 'path', values: ['vaccinations'] }] } }), `${at}.ruleSet.conditions[0].values[0]: a path starting with / (or use operator contains)`],
  ];
  it.each(cases)('%s', (_name, offer, expected) => expect(first(withActivity(activity(offer)))).toBe(expected));

  it('refuses an unknown data element in a rule set, a message off the global location, two in one experience, and a message goal without a message', () => {
    expect(errorsOf(withActivity(activity(message({ ruleSet: { conditions: [{ type: 'data-element', name: 'Nope', operator: 'exists' }] } }))))).toContain(
      `${at}.ruleSet.conditions[0].name: unknown data element "Nope"`,
    );
    expect(errorsOf(withActivity(activity(message(), { location: { type: 'mbox', name: 'banner' } })))).toContain(
      `${at}: an in-app message is shown by the page-load decision: put its activity on the global location target-global-mbox`,
    );
    expect(errorsOf(withActivity(activity(message(), { location: { type: 'view', name: 'home' } })))).toContain('personalisation.activities[0].experiences[0].offers: a view shows DOM actions only');
    expect(errorsOf(withActivity(activity(message(), { experiences: [{ name: 'Two', offers: [message(), message()] }] })))).toContain(
      'personalisation.activities[0].experiences[0].offers: one in-app message per experience',
    );
    expect(errorsOf(withActivity(activity({ type: 'trackClick', selector: 'a' })))).toContain(
      'personalisation.activities[0].goals[0]: a message goal needs an in-app message: no experience of this activity shows one',
    );
    expect(errorsOf(withActivity(activity(message(), { goals: [{ type: 'message', name: 'x', event: 'display' }] })))).toContain(
      'personalisation.activities[0].goals[0].event: Invalid option: expected one of "interact"|"dismiss"',
    );
  });
});
