import { describe, it, expect } from 'vitest';
import { EVENT_NAME, SETTABLE_FIXED, isSettableVariable, longName, queryKey } from './variables';

describe('queryKey and longName', () => {
  const PAIRS: Array<[string, string]> = [
    ['pageName', 'pageName'],
    ['pageURL', 'g'],
    ['referrer', 'r'],
    ['channel', 'ch'],
    ['server', 'server'],
    ['pageType', 'pageType'],
    ['campaign', 'v0'],
    ['events', 'events'],
    ['products', 'products'],
    ['purchaseID', 'purchaseID'],
    ['transactionID', 'xact'],
    ['state', 'state'],
    ['zip', 'zip'],
    ['currencyCode', 'cc'],
    ['linkName', 'pev2'],
    ['linkURL', 'pev1'],
    ['linkType', 'pe'],
    ['marketingCloudVisitorID', 'mid'],
    ['prop1', 'c1'],
    ['prop9', 'c9'],
    ['prop10', 'c10'],
    ['prop75', 'c75'],
    ['eVar1', 'v1'],
    ['eVar88', 'v88'],
    ['eVar100', 'v100'],
    ['eVar250', 'v250'],
    ['hier1', 'h1'],
    ['hier2', 'h2'],
    ['hier3', 'h3'],
    ['hier4', 'h4'],
    ['hier5', 'h5'],
    ['list1', 'l1'],
    ['list2', 'l2'],
    ['list3', 'l3'],
  ];

  for (const [name, key] of PAIRS) {
    it(`maps ${name} to ${key} and back`, () => {
      expect(queryKey(name)).toBe(key);
      expect(longName(key)).toBe(name);
    });
  }

  it('returns undefined past the last numbered variable', () => {
    expect(queryKey('prop76')).toBeUndefined();
    expect(queryKey('eVar251')).toBeUndefined();
    expect(queryKey('hier6')).toBeUndefined();
    expect(queryKey('list4')).toBeUndefined();
    expect(longName('c76')).toBeUndefined();
    expect(longName('v251')).toBeUndefined();
    expect(longName('h6')).toBeUndefined();
    expect(longName('l4')).toBeUndefined();
  });

  it('returns undefined for numbers with a zero or a leading zero', () => {
    for (const name of ['prop0', 'eVar0', 'hier0', 'list0', 'prop01', 'eVar007', 'eVar1000']) expect(queryKey(name)).toBeUndefined();
    for (const key of ['c0', 'v00', 'v01', 'h0', 'l0', 'v1000']) expect(longName(key)).toBeUndefined();
  });

  it('returns undefined for names and keys that are not analytics variables', () => {
    for (const name of ['foo', 'evar1', 'EVar1', 'Prop1', 'prop', 'eVar', 'eVar1x', ' eVar1', 'toString', 'constructor', '__proto__', 'g', 'v1'])
      expect(queryKey(name)).toBeUndefined();
    for (const key of ['foo', 'c', 'v', 'C1', 'x1', 'c1a', 'toString', 'eVar1', 'pageURL']) expect(longName(key)).toBeUndefined();
  });
});

describe('isSettableVariable', () => {
  it('accepts every settable fixed variable', () => {
    expect([...SETTABLE_FIXED]).toEqual(['pageName', 'pageURL', 'referrer', 'channel', 'server', 'pageType', 'campaign', 'products', 'purchaseID', 'transactionID', 'state', 'zip']);
    for (const name of SETTABLE_FIXED) expect(isSettableVariable(name)).toBe(true);
  });

  it('accepts numbered variables within range', () => {
    for (const name of ['prop1', 'prop75', 'eVar1', 'eVar250', 'hier1', 'hier5', 'list1', 'list3']) expect(isSettableVariable(name)).toBe(true);
  });

  it('rejects numbered variables out of range', () => {
    for (const name of ['prop0', 'prop76', 'eVar0', 'eVar251', 'hier6', 'list4', 'eVar01']) expect(isSettableVariable(name)).toBe(false);
  });

  it('rejects variables the tracker sets itself and names that are not variables', () => {
    for (const name of ['events', 'currencyCode', 'linkName', 'linkURL', 'linkType', 'marketingCloudVisitorID', 'foo', 'evar1', 'v1', 'c1', '', 'toString'])
      expect(isSettableVariable(name)).toBe(false);
  });
});

describe('EVENT_NAME', () => {
  it('accepts event1..event1000', () => {
    for (let n = 1; n <= 1000; n++) expect(EVENT_NAME.test(`event${n}`)).toBe(true);
  });

  it('accepts the standard commerce events', () => {
    for (const name of ['prodView', 'scOpen', 'scAdd', 'scRemove', 'scView', 'scCheckout', 'purchase']) expect(EVENT_NAME.test(name)).toBe(true);
  });

  it('rejects event0, event1001 and names that are not events', () => {
    for (const name of ['event0', 'event1001', 'event01', 'event9999', 'event', 'Event1', 'event1 ', 'foo', 'purchases', 'xpurchase', 'scadd', ''])
      expect(EVENT_NAME.test(name)).toBe(false);
  });
});
