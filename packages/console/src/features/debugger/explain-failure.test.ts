import { describe, expect, it } from 'vitest';
import { assertProperty } from '@tagwell/schema';
import { describeSettings, explainFailure, findRule } from './explain-failure';
import { property } from './test-fixtures';

const pageViewRule = findRule(property, 'Global page view');

describe('explainFailure', () => {
  it("names the failing condition's type, negation and settings", () => {
    expect(explainFailure(pageViewRule, 'conditions[1]')).toEqual({ reason: 'conditions[1] (path matches, negated) was false', settings: 'pattern /^/test-and-trace//' });
    expect(explainFailure(pageViewRule, 'conditions[0]')).toEqual({ reason: 'conditions[0] (host matches) was false', settings: 'pattern /\\.health\\.localhost$/' });
  });

  it('says an exception stopped the rule by matching', () => {
    expect(explainFailure(pageViewRule, 'exceptions[0]')).toEqual({ reason: 'exceptions[0] (query parameter matches) was true', settings: 'preview equals "1"' });
  });

  it('falls back to the component the trace names when the document has no such rule or condition', () => {
    expect(explainFailure(undefined, 'conditions[2]', 'custom-code')).toEqual({ reason: 'conditions[2] (custom-code) was false' });
    expect(explainFailure(pageViewRule, 'conditions[7]')).toEqual({ reason: 'conditions[7] was false' });
    expect(explainFailure(pageViewRule, 'actions[0]')).toEqual({ reason: 'actions[0] stopped the rule' });
    expect(explainFailure(pageViewRule, '')).toEqual({ reason: 'the rule did not run' });
  });
});

describe('describeSettings', () => {
  const conditions = assertProperty({
    name: 'x',
    settings: { trackingServer: 't.example' },
    environments: { development: { reportSuites: ['a'] }, staging: { reportSuites: ['a'] }, production: { reportSuites: ['a'] } },
    dataElements: ['Consent Statistics', 'Page Name', 'Tool Name'].map((name) => ({ name, type: 'constant', settings: { value: '' } })),
    rules: [
      {
        name: 'r',
        events: [{ type: 'dom-ready' }],
        conditions: [
          { type: 'value-comparison', settings: { left: '%Consent Statistics%', operator: 'equals', right: 'off' } },
          { type: 'value-comparison', settings: { left: '%Page Name%', operator: 'matchesRegex', pattern: '^nhs:', caseInsensitive: true } },
          { type: 'value-comparison', settings: { left: '%Tool Name%', operator: 'isTruthy' } },
          { type: 'cookie', settings: { name: 'nhsuk-cookie-consent', pattern: 'statistics%22:true' } },
          { type: 'no-hash' },
          { type: 'custom-code', settings: { source: 'return   window.digitalData\n  && true;' } },
          { type: 'custom-code', settings: { file: 'code/is-beta.js' } },
        ],
        actions: [{ type: 'clear-variables' }],
      },
    ],
  }).rules[0]!.conditions;

  it('reads each condition type in one line', () => {
    expect(conditions.map(describeSettings)).toEqual([
      '%Consent Statistics% equals "off"',
      '%Page Name% matchesRegex /^nhs:/i',
      '%Tool Name% isTruthy',
      'nhsuk-cookie-consent matches /statistics%22:true/',
      undefined,
      'return window.digitalData && true;',
      'file code/is-beta.js',
    ]);
  });
});
