import { describe, expect, it } from 'vitest';
import type { PropertyDocument } from './document';
import { HEALTH_SITE } from './test-fixtures';
import { rulesUsing, usagesOfDataElement } from './usages';

describe('usagesOfDataElement', () => {
  it('finds the change event and the token of Page Name in the global page view', () => {
    expect(usagesOfDataElement('Page Name', HEALTH_SITE)).toEqual([
      { kind: 'event', owner: 'Global page view', path: 'rules[10].events[1].settings.name', how: 'change' },
      { kind: 'action', owner: 'Global page view', path: 'rules[10].actions[0].settings.variables.pageName', how: 'token' },
    ]);
  });

  it('finds the conditions that read Consent Statistics, and the consent settings', () => {
    expect(usagesOfDataElement('Consent Statistics', HEALTH_SITE)).toEqual([
      { kind: 'condition', owner: 'Consent: Statistics off', path: 'rules[2].conditions[0].settings.left', how: 'token' },
      { kind: 'condition', owner: 'Stitching: from the query string', path: 'rules[11].conditions[1].settings.left', how: 'token' },
      { kind: 'condition', owner: 'Stitching: customer ID from the data layer', path: 'rules[13].conditions[1].settings.left', how: 'token' },
      { kind: 'condition', owner: 'Last answer: vaccination flow', path: 'rules[37].conditions[1].settings.left', how: 'token' },
      { kind: 'consent', owner: 'settings', path: 'settings.consent.statistics', how: 'setting' },
    ]);
    expect(rulesUsing('Consent Statistics', HEALTH_SITE)).toEqual(['Consent: Statistics off', 'Stitching: from the query string', 'Stitching: customer ID from the data layer', 'Last answer: vaccination flow']);
  });

  it('finds a data element read by another data element (a lookup table input)', () => {
    expect(usagesOfDataElement('Vaccination Dose Code', HEALTH_SITE)).toEqual([{ kind: 'data element', owner: 'Vaccine Dose', path: 'dataElements[67].settings.input', how: 'token' }]);
  });

  it('finds several uses in one rule, tokens inside longer text, exceptions and getVar in inline code; ignores settings that are never resolved', () => {
    const property: PropertyDocument = {
      ...HEALTH_SITE,
      dataElements: [{ name: 'Tool Name', type: 'constant', settings: { value: 'bmi' } }, { name: 'Label', type: 'constant', settings: { value: 'Tool: %Tool Name%' } }],
      rules: [
        {
          name: 'r',
          events: [{ type: 'click', settings: { selector: '[data-x="%Tool Name%"]' } }],
          conditions: [{ type: 'path', settings: { pattern: '%Tool Name%' } }],
          exceptions: [{ type: 'value-comparison', settings: { left: '%Tool Name%', operator: 'isFalsy' } }],
          actions: [
            { type: 'send-beacon', settings: { type: 'link', linkName: 'Start: %Tool Name% (%this.@text%)' } },
            { type: 'custom-code', settings: { source: "var t = _satellite.getVar('Tool Name'); var u = _satellite.getVar('Tool Name 2');" } },
            { type: 'dispatch-event', settings: { eventType: 'x', detail: { name: '%Tool Name%' } } },
          ],
        },
      ],
    };
    expect(usagesOfDataElement('Tool Name', property)).toEqual([
      { kind: 'exception', owner: 'r', path: 'rules[0].exceptions[0].settings.left', how: 'token' },
      { kind: 'action', owner: 'r', path: 'rules[0].actions[0].settings.linkName', how: 'token' },
      { kind: 'action', owner: 'r', path: 'rules[0].actions[1].settings.source', how: 'getVar' },
      { kind: 'action', owner: 'r', path: 'rules[0].actions[2].settings.detail.name', how: 'token' },
      { kind: 'data element', owner: 'Label', path: 'dataElements[1].settings.value', how: 'token' },
    ]);
    expect(usagesOfDataElement('Tool', property)).toEqual([]);
  });
});
