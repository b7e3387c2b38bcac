import { describe, expect, it } from 'vitest';
import type { PropertyDocument } from './document';
import { dataElementIndex, HEALTH_SITE, ruleIndex } from './test-fixtures';
import { rulesUsing, usagesOfDataElement } from './usages';

describe('usagesOfDataElement', () => {
  it('finds the change event of Page Name in the global page view, the previous-value input and the variable on every hit', () => {
    const usages = usagesOfDataElement('Page Name', HEALTH_SITE);
    expect(usages.filter((u) => u.kind !== 'data element')).toEqual([
      { kind: 'event', owner: 'Global page view', path: `rules[${ruleIndex('Global page view')}].events[1].settings.name`, how: 'change' },
      { kind: 'every hit', owner: 'settings', path: 'settings.everyHit.pageName', how: 'token' },
    ]);
    expect(usages.filter((u) => u.kind === 'data element').map((u) => u.owner)).toEqual(['Previous Page Name']);
  });

  it('finds tokens in the variables on every hit, and counts them as no rule', () => {
    const property: PropertyDocument = {
      ...HEALTH_SITE,
      settings: { trackingServer: 'metrics.example.test', everyHit: { pageName: '%Page Name%', prop5: 'site: %Section%', eVar88: '%Section%' } },
      dataElements: [{ name: 'Page Name', type: 'constant', settings: { value: 'home' } }, { name: 'Section', type: 'constant', settings: { value: 'web' } }],
      rules: [],
    };
    expect(usagesOfDataElement('Section', property)).toEqual([
      { kind: 'every hit', owner: 'settings', path: 'settings.everyHit.prop5', how: 'token' },
      { kind: 'every hit', owner: 'settings', path: 'settings.everyHit.eVar88', how: 'token' },
    ]);
    expect(rulesUsing('Section', property)).toEqual([]);
  });

  it('finds the conditions that read Consent Statistics, and the consent settings', () => {
    const condition = (owner: string, index: number) => ({ kind: 'condition', owner, path: `rules[${ruleIndex(owner)}].conditions[${index}].settings.left`, how: 'token' });
    expect(usagesOfDataElement('Consent Statistics', HEALTH_SITE)).toEqual([
      condition('Consent: Statistics off', 0),
      condition('Stitching: from the query string', 1),
      condition('Stitching: customer ID from the data layer', 1),
      condition('Last answer: vaccination flow', 1),
      { kind: 'consent', owner: 'settings', path: 'settings.consent.statistics', how: 'setting' },
    ]);
    expect(rulesUsing('Consent Statistics', HEALTH_SITE)).toEqual(['Consent: Statistics off', 'Stitching: from the query string', 'Stitching: customer ID from the data layer', 'Last answer: vaccination flow']);
  });

  it('finds a data element read by another data element (a lookup table input)', () => {
    expect(usagesOfDataElement('Vaccination Dose Code', HEALTH_SITE)).toEqual([
      { kind: 'data element', owner: 'Vaccine Dose', path: `dataElements[${dataElementIndex('Vaccine Dose')}].settings.input`, how: 'token' },
    ]);
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
