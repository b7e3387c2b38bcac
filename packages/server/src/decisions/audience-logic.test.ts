import { audienceSchema } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import { allOf, audienceLogic } from './audience-logic';
import { applyLogic, holds } from './json-logic';
import { pageContext, parameterContext } from './page-context';

// Each audience condition as the artifact's JSON logic, applied to a page and its parameters.

const matches = (audience: unknown, url: string, parameters: Record<string, string> = {}) =>
  holds(allOf(audienceLogic(audienceSchema.parse(audience))), { page: pageContext(url), mbox: parameterContext(parameters) });
const one = (condition: unknown) => ({ conditions: [condition] });

describe('audiences', () => {
  it('host: the URL\'s host, whatever port, path, query or fragment follows', () => {
    const host = one({ type: 'host', values: ['www.health.localhost'] });
    for (const url of ['http://www.health.localhost', 'https://www.health.localhost/', 'http://WWW.health.localhost:8080/a', 'http://www.health.localhost?x', 'http://www.health.localhost#y'])
      expect(matches(host, url), url).toBe(true);
    for (const url of ['http://www.health.localhost.evil.test/', 'http://staging.health.localhost/', 'http://evil.test/?next=http://www.health.localhost/', ''])
      expect(matches(host, url), url).toBe(false);
    expect(matches(one({ type: 'host', negate: true, values: ['111.wales.health.localhost'] }), 'http://111.wales.health.localhost/conditions/')).toBe(false);
  });

  it('path: equals, startsWith and contains, compared lower-cased', () => {
    expect(matches(one({ type: 'path', operator: 'equals', values: ['/conditions/flu'] }), 'http://a/Conditions/Flu?x=1')).toBe(true);
    expect(matches(one({ type: 'path', operator: 'equals', values: ['/conditions/flu'] }), 'http://a/conditions/flu/more')).toBe(false);
    expect(matches(one({ type: 'path', values: ['/conditions/', '/medicines/'] }), 'http://a/medicines/aspirin')).toBe(true);
    expect(matches(one({ type: 'path', values: ['/conditions/'] }), 'http://a/live-well/conditions/')).toBe(false);
    expect(matches(one({ type: 'path', operator: 'contains', values: ['vaccin'] }), 'http://a/nhs-services/vaccinations/')).toBe(true);
  });

  it('query: a parameter present, or with a value, case-insensitively', () => {
    expect(matches(one({ type: 'query', name: 'q' }), 'http://a/search?Q=flu')).toBe(true);
    expect(matches(one({ type: 'query', name: 'q' }), 'http://a/search?page=1&q')).toBe(true);
    expect(matches(one({ type: 'query', name: 'q' }), 'http://a/search?qq=1')).toBe(false);
    expect(matches(one({ type: 'query', name: 'campaign', operator: 'equals', value: 'flu jab' }), 'http://a/?x=1&campaign=Flu%20Jab')).toBe(true);
    expect(matches(one({ type: 'query', name: 'campaign', operator: 'equals', value: 'flu' }), 'http://a/?campaign=flu2')).toBe(false);
  });

  it('data elements, new or repeat visitors and event history, from the request parameters', () => {
    expect(matches(one({ type: 'data-element', name: 'Page Name', value: 'home' }), 'http://a/', { 'tw.de.page_name': 'Home' })).toBe(true);
    expect(matches(one({ type: 'data-element', name: 'Page Name', operator: 'contains', value: 'preg' }), 'http://a/', { 'tw.de.page_name': 'nhs:pregnancy' })).toBe(true);
    expect(matches(one({ type: 'data-element', name: 'Page Name', operator: 'exists' }), 'http://a/', {})).toBe(false);
    expect(matches(one({ type: 'data-element', name: 'Page Name', operator: 'exists' }), 'http://a/', { 'tw.de.page_name': 'x' })).toBe(true);
    expect(matches(one({ type: 'visitor', is: 'repeat' }), 'http://a/', { 'tw.visitor': 'Repeat' })).toBe(true);
    expect(matches(one({ type: 'visitor', is: 'repeat' }), 'http://a/', {})).toBe(false);
    const history = one({ type: 'event-history', event: 'event15', atLeast: 2, withinDays: 7 });
    expect(matches(history, 'http://a/', { 'tw.history.event15_7d': '2' })).toBe(true);
    expect(matches(history, 'http://a/', { 'tw.history.event15_7d': '1' })).toBe(false);
    expect(matches(history, 'http://a/', { 'tw.history.event15_30d': '9' })).toBe(false);
  });

  it('all or any of the conditions; none: every visitor', () => {
    const conditions = [{ type: 'path', values: ['/conditions/'] }, { type: 'visitor', is: 'new' }];
    expect(matches({ conditions }, 'http://a/conditions/x', { 'tw.visitor': 'repeat' })).toBe(false);
    expect(matches({ match: 'any', conditions }, 'http://a/conditions/x', { 'tw.visitor': 'repeat' })).toBe(true);
    expect(matches({}, '')).toBe(true);
  });
});

describe('json logic', () => {
  it('keeps json-logic-js semantics: loose ==, empty arrays false, missing vars null', () => {
    expect(applyLogic({ '==': [1, '1'] }, {})).toBe(true);
    expect(holds({ '!!': [[]] }, {})).toBe(false);
    expect(applyLogic({ var: 'a.b.c' }, { a: {} })).toBe(null);
    expect(applyLogic({ cat: ['&', { var: 'x' }, '&'] }, {})).toBe('&&');
    expect(applyLogic({ substr: ['abcdef', -3] }, {})).toBe('def');
    expect(applyLogic({ '<=': [0, { var: 'n' }, 5] }, { n: 5 })).toBe(true);
    expect(() => applyLogic({ log: [1] }, {})).toThrow('unknown JSON logic operator log');
  });
});
