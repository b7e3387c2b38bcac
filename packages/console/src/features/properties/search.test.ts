import { describe, expect, it } from 'vitest';
import { matchesRule, ruleSearch } from './search';
import { HEALTH_SITE, HEALTH_SITE_RULES } from './test-fixtures';

const found = (search: string) => HEALTH_SITE_RULES.filter((rule) => matchesRule(ruleSearch(rule, HEALTH_SITE), search)).map((rule) => rule.name);

// Issue 19 item 7: the rules list finds rules by what they match and what they send.
describe('the rule search', () => {
  it('finds the rules whose path and host conditions match a path, a host or a whole address', () => {
    // The main search runs everywhere but there (a negated condition): it is not found.
    expect(found('/service-search/pharmacy')).toEqual(['Search: service search', 'Link: Find a Pharmacy']);
    expect(found('www.health.localhost')).toEqual(['Feedback survey']);
    expect(found('WWW.Health.localhost')).toEqual(['Feedback survey']);
    expect(found(`http://dev.health.localhost:8080/book-a-coronavirus-vaccination/check`)).toEqual(['Last answer: vaccination flow', 'Feedback survey']);
    // A pattern as its text: the escapes and anchors do not get in the way.
    expect(found('oneyou.health.localhost')).toEqual(['Global page view']);
    // SPEC §2: condition pages are where the personalisation rule runs.
    expect(found('/conditions/asthma')).toEqual(['Personalisation: page load']);
    expect(found('/pharmacy-opening-hours')).toEqual([]);
  });

  it('finds the rules that send a variable (by name, query key or SDR description) or an event', () => {
    expect(found('eVar35')).toEqual(['Feedback: Yes', 'Feedback: No']);
    expect(found('v35')).toEqual(['Feedback: Yes', 'Feedback: No']);
    expect(found('c15')).toEqual(found('prop15'));
    expect(found('c15')).toEqual(['Search: main search', 'Search: service search']);
    expect(found('search keyword')).toEqual(['Search: main search']);
    expect(found('event25')).toEqual(['Feedback: Yes', 'Feedback: No']);
  });

  it('finds the rules that read a data element, or that a custom event or a direct call fires', () => {
    expect(found('%Search Keyword%')).toEqual(['Search: main search']);
    expect(found('cookie-consent-changed')).toEqual(['Consent: choice changed', 'Consent: Statistics off', 'Consent: Marketing off']);
    expect(found('tool_start')).toEqual(['Tool: start']);
    // Every word must be found, each in its own way.
    expect(found('feedback www.health.localhost')).toEqual(['Feedback survey']);
  });
});
