import { ACTION_TYPES, CONDITION_TYPES, EVENT_TYPES } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { describeAction, describeCondition, describeEvent, describeRule } from './describe-rule';
import type { RuleInput } from './document';
import { newComponent } from './editor/templates';
import { HEALTH_SITE } from './test-fixtures';

const rule = (name: string): RuleInput => {
  const found = HEALTH_SITE.rules?.find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};

describe('describeRule on the health site', () => {
  it.each([
    ['Query code capture', 'When the library has loaded, if the query parameter “code” is present: set the cookie “nhsuk_vaccination_code” to Code Query for the session.'],
    [
      'Consent: Statistics off',
      'On the custom event “cookie-consent-changed”, if Consent Statistics is “off”: set eVar17 to “Cookies: Statistics Off” and event17; then send a link hit “Cookies: Statistics Off”, even without Statistics consent.',
    ],
    [
      'Search: main search',
      'On DOM ready, if Search Keyword has a value and the path does not match /^\\/service-search/: set eVar10 to Search Keyword, eVar13 to Search Section, prop15 to Total Result Count, ' +
        'prop20 to Search Procedure, prop21 to Is Valid Search, prop22 to Is AI Site Search, prop23 to Is Auto Complete, prop24 to Current Page and event2.',
    ],
    [
      'Stitching: from the query string',
      'On DOM ready, if Stitching ID Query has a value and Consent Statistics is “on”: set the cookie “nhsuk_stitch_id” to Stitching ID Query for 365 days; then remove the query parameter “stitchid” from the address and reload the page.',
    ],
    ['Stitching: link rewriting', 'On a click on “a[href]” (without the 100 ms link delay): run the custom code in code/stitching-link.js.'],
    [
      'Link: Find a Pharmacy',
      'On a click on “a[href*="/service-search/pharmacy"], a[data-link="find-a-pharmacy"]”: set eVar17 to “Find a Pharmacy”, eVar18 to the element’s href and event17; then send a link hit “Find a Pharmacy”.',
    ],
    [
      'Tool: start',
      'On the direct call “tool_start”: set eVar20 to the event’s detail.toolName, eVar21 to the event’s detail.toolCategory, eVar22 to the event’s detail.toolVersion, eVar23 to the event’s detail.toolStage, eVar24 to the event’s detail.toolStageName and event14; then send a link hit “Tool Start: %event.detail.toolName%”.',
    ],
    [
      'Last answer: vaccination flow',
      'On a click on “input[type=radio][data-question]” (without the 100 ms link delay), if the path matches /^\\/book-a-coronavirus-vaccination\\// and Consent Statistics is “on”: set the cookie “nhsuk_last_answer” to “%this.data-question%: %this.value%” for the session.',
    ],
    [
      'Feedback survey',
      'On window load, if the host matches /^(www|staging|dev|drafts)\\.health\\.localhost$/: load the survey “http://vendor.localhost:%Page Port%/survey/intercept.js” for brand Survey Brand and project Survey Project (100% of visitors, 7-day cookie, its cookie allowed by Consent Marketing).',
    ],
    ['Stitching: unavailable', 'On DOM ready, if “%Stitching ID Query%%Stitching ID Cookie%%Stitching ID Data Layer%” has no value: run the custom code in code/stitching-unavailable.js.'],
  ])('%s', (name, sentence) => {
    expect(describeRule(rule(name), HEALTH_SITE)).toBe(sentence);
  });

  it('reads the global page view: grouped custom events, a condition and exceptions as "unless"', () => {
    expect(describeRule(rule('Global page view'), HEALTH_SITE)).toBe(
      'On DOM ready, when Page Name changes or on any of the custom events “checkin-request-offline”, “checkin-request-live”, “expand-booking-details”, “login-error-account-locked”, “login-error-account-inactive”, “login-error-invalid-credentials” or “TestEvent1”, ' +
        'if the address has no hash, ' +
        'unless the host matches /(\\.service\\.gov\\.localhost|^oneyou\\.health\\.localhost|^risk-check-beta\\.health\\.localhost|^test-and-trace\\.health\\.localhost|^partner-(one|two)\\.test\\.localhost|^111\\.wales\\.health\\.localhost)$/ ' +
        'or the path matches /^\\/book-a-coronavirus-vaccination\\/(check|book\\/Appointment)(\\/|$)/: ' +
        // The page context (pageName, channel, prop1..prop5, eVar88) is on every hit (settings.everyHit), not set here.
        'set prop6 to Page Type, prop7 to Page Group, prop8 to Page Function, prop9 to Platform, prop10 to T&T Org Type, prop11 to ODS Code, prop12 to Error Type, prop13 to Service Type, ' +
        'prop16 to Service Name, prop17 to Organisation Key, prop18 to Hospital View, prop19 to Error Description, eVar27 to GP Online Reg, ' +
        'eVar30 to Vaccine Dose, eVar31 to Proxy Reason Code, eVar32 to Vaccination Booking Intended Group Size, eVar33 to Vaccination Booking Actual Group Size, eVar34 to NBS Appointment Type, ' +
        'eVar36 to NBS Source, eVar37 to NBS Type, eVar38 to NBS Group, eVar39 to NBS Origin, eVar40 to Check In Page, eVar41 to Check In Location, eVar43 to NBS Data, eVar44 to NBS Attendees, ' +
        'eVar45 to Booking Code Dose, eVar46 to Auto Moderation Type, eVar47 to Auto Moderation Title Result, eVar48 to Auto Moderation Comment Result, eVar49 to Mandatory Question Result, ' +
        'eVar50 to Care Home Relationship, eVar51 to NHS Staff Group, eVar52 to Work Setting, eVar53 to Reporting For, eVar54 to Pilot Invite, eVar70 to New Or Repeat Visitor, eVar71 to Previous Page Name and event1; then send a page view.',
    );
  });
});

describe('describeRule on every component type', () => {
  const property = { dataElements: [{ name: 'Page Name', type: 'constant' as const, settings: { value: 'x' } }] };

  it('reads the rest of the events, negated conditions and the rest of the actions', () => {
    const all: RuleInput = {
      name: 'everything',
      events: [
        { type: 'page-bottom' },
        { type: 'element-exists', settings: { selector: '#app' } },
        { type: 'custom-event', settings: { eventType: 'opened', selector: 'details' } },
        { type: 'direct-call', settings: { id: 'a' } },
        { type: 'direct-call', settings: { id: 'b' } },
        { type: 'click', settings: { selector: 'button' } },
      ],
      conditions: [
        { type: 'cookie', negate: true, settings: { name: 'seen', value: 'yes', caseInsensitive: true } },
        { type: 'query-parameter', settings: { name: 'q', pattern: '^a/b$' } },
        { type: 'no-hash', negate: true },
        { type: 'custom-code', negate: true, settings: { source: 'return true' } },
        { type: 'value-comparison', settings: { left: '%Page Name%', operator: 'startsWith', right: 'nhs:', caseInsensitive: true } },
        { type: 'value-comparison', negate: true, settings: { left: '%Page Name%', operator: 'greaterThanOrEqual', right: '3' } },
      ],
      exceptions: [
        { type: 'host', negate: true, settings: { pattern: 'example', caseInsensitive: true } },
        { type: 'query-parameter', negate: true, settings: { name: 'debug' } },
      ],
      actions: [
        { type: 'set-variables', settings: { events: [{ name: 'event3', value: '%Page Name%', id: 'x1' }], linkTrackVars: ['eVar1'], linkTrackEvents: ['event3'] } },
        { type: 'send-beacon', settings: { type: 'link', linkType: 'd', linkName: 'Leaflet', linkUrl: '%this.href%' } },
        { type: 'clear-variables' },
        { type: 'load-script', settings: { url: 'https://x.test/a.js' } },
        { type: 'custom-code', settings: { source: 'doIt()' } },
        { type: 'set-cookie', settings: { name: 'c', value: '1', days: 1, path: '/app', domain: 'health.localhost' } },
        { type: 'dispatch-event', settings: { eventType: 'ready', target: '#root', detail: { id: '%Page Name%' } } },
        { type: 'dispatch-event', settings: { eventType: 'done' } },
        { type: 'load-survey', settings: { brand: 'b', project: 'p', scriptUrl: 's.js', sampleRate: 25, cookieDays: 2 } },
      ],
    };
    expect(describeRule(all, property)).toBe(
      'At the page bottom, when “#app” exists, on the custom event “opened” on “details”, on any of the direct calls “a” or “b” or on a click on “button”, ' +
        'if the cookie “seen” is not “yes” (ignoring case) and the query parameter “q” matches /^a\\/b$/ and the address has a hash and custom code returns false and Page Name starts with “nhs:” (ignoring case) and Page Name is not at least “3”, ' +
        'unless the host does not match /example/i or the query parameter “debug” is absent: ' +
        'set event3 with value Page Name with ID “x1”, sending eVar1 and event3 on link hits; ' +
        'then send a download link hit “Leaflet” for the element’s href; then clear the variables; then load the script “https://x.test/a.js”; then run custom code; ' +
        'then set the cookie “c” to “1” for 1 day on the path “/app” for the domain “health.localhost”; then dispatch the event “ready” on “#root” with the detail id Page Name; ' +
        'then dispatch the event “done” on the document; then load the survey “s.js” for brand “b” and project “p” (25% of visitors, 2-day cookie).',
    );
  });

  it('has a reading for every type in the schema, none of them "unknown"', () => {
    for (const type of EVENT_TYPES) expect(describeEvent(newComponent('event', type) as never, property)).not.toMatch(/unknown/);
    for (const type of CONDITION_TYPES) expect(describeCondition(newComponent('condition', type) as never, property)).not.toMatch(/unknown/);
    for (const type of ACTION_TYPES) expect(describeAction(newComponent('action', type) as never, property)).not.toMatch(/unknown/);
    expect(describeAction({ type: 'no-such' } as never)).toBe('(unknown “no-such”)');
  });

  it('reads each comparison operator and its negation', () => {
    const read = (operator: string, negate = false) => describeCondition({ type: 'value-comparison', negate, settings: { left: '%Page Name%', operator, right: '5', pattern: '^x' } } as never, property);
    expect(['equals', 'contains', 'endsWith', 'matchesRegex', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'isTruthy', 'isFalsy'].map((op) => [read(op), read(op, true)])).toEqual([
      ['Page Name is “5”', 'Page Name is not “5”'],
      ['Page Name contains “5”', 'Page Name does not contain “5”'],
      ['Page Name ends with “5”', 'Page Name does not end with “5”'],
      ['Page Name matches /^x/', 'Page Name does not match /^x/'],
      ['Page Name is less than “5”', 'Page Name is not less than “5”'],
      ['Page Name is at most “5”', 'Page Name is not at most “5”'],
      ['Page Name is greater than “5”', 'Page Name is not greater than “5”'],
      ['Page Name has a value', 'Page Name has no value'],
      ['Page Name has no value', 'Page Name has a value'],
    ]);
  });
});
