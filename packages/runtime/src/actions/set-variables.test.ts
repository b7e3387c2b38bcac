// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import constant from '../data-elements/constant';
import customCode from '../data-elements/custom-code';
import { ANALYTICS, element, makeConfig, resetPage, startWithContext, stubBeacon } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import sendBeacon from './send-beacon';
import setVariables from './set-variables';

let ctx: Context;
let beacon: ReturnType<typeof stubBeacon>;
const event: RuleEvent = { type: 'direct-call', detail: { id: 'Order 12-34/X', tool: 'bmi', step: 2 } };
const lastHit = () => beacon.hits().at(-1)!;
const lastQuery = () => decodeURIComponent(beacon.urls().at(-1)!.split('?')[1]!);
const page = () => sendBeacon({ type: 'page' }, event, ctx);

beforeEach(() => {
  resetPage();
  beacon = stubBeacon();
  ({ ctx } = startWithContext(
    makeConfig({
      analytics: ANALYTICS,
      dataElements: {
        'Page Name': element('constant', constant, { value: 'nhs:conditions:chickenpox' }),
        Section: element('constant', constant, { value: 'conditions' }),
        Count: element('custom-code', customCode, { fn: () => 3 }),
        Nothing: element('constant', constant, { value: '' }),
      },
    }),
  ));
});

describe('set-variables', () => {
  it('sets variables by query key, tokens resolved, sent with the next hit', () => {
    setVariables(
      {
        vars: [
          ['pageName', '%Page Name%'],
          ['ch', '%Section%'],
          ['c1', 'web'],
          ['v10', 'tool %event.detail.tool% step %event.detail.step%'],
          ['v88', 'Y'],
        ],
      },
      event,
      ctx,
    );
    page();
    const hit = lastHit();
    expect(hit.get('pageName')).toBe('nhs:conditions:chickenpox');
    expect(hit.get('ch')).toBe('conditions');
    expect(hit.get('c1')).toBe('web');
    expect(hit.get('v10')).toBe('tool bmi step 2');
    expect(hit.get('v88')).toBe('Y');
  });

  it('a variable whose value resolves to nothing is not sent', () => {
    setVariables({ vars: [['c5', '%Nothing%'], ['v5', '%Unset Custom Var%'], ['v6', '']] }, event, ctx);
    page();
    const hit = lastHit();
    expect(hit.has('c5')).toBe(false);
    expect(hit.get('v5')).toBe('%Unset Custom Var%');
    expect(hit.has('v6')).toBe(false);
  });

  it('adds events, with numeric values and serial ids', () => {
    setVariables(
      {
        events: [{ name: 'event1' }, { name: 'event15', value: '%Count%' }, { name: 'event25', id: '%event.detail.id%' }, { name: 'event2', value: 'not a number' }],
      },
      event,
      ctx,
    );
    page();
    expect(lastHit().get('events')).toBe('event1,event15=3,event25:Order1234X,event2');
  });

  it('sets context data, nested on dots', () => {
    setVariables({ contextData: { 'tool.name': '%event.detail.tool%', 'tool.stage': '%event.detail.step%', search_term: 'hay fever' } }, event, ctx);
    page();
    expect(lastQuery()).toContain('c.&search_term=hay fever&tool.&name=bmi&stage=2&.tool&.c');
  });

  it('linkTrackVars and linkTrackEvents limit what a link hit carries (page fields always go)', () => {
    setVariables(
      {
        vars: [
          ['pageName', 'nhs:home'],
          ['v1', 'kept'],
          ['v2', 'dropped'],
          ['c3', 'dropped too'],
        ],
        events: [{ name: 'event17' }, { name: 'event20' }],
        contextData: { 'link.name': 'kept', other: 'dropped' },
        linkTrackVars: ['v1', 'c.link.name'],
        linkTrackEvents: ['event17'],
      },
      event,
      ctx,
    );
    sendBeacon({ type: 'link', linkName: 'Find a Pharmacy' }, event, ctx);
    const hit = lastHit();
    expect(hit.get('pageName')).toBe('nhs:home');
    expect(hit.get('v1')).toBe('kept');
    expect(hit.has('v2')).toBe(false);
    expect(hit.has('c3')).toBe(false);
    expect(hit.get('events')).toBe('event17');
    expect(lastQuery()).toContain('c.&link.&name=kept&.link&.c');
    expect(lastQuery()).not.toContain('other=');
  });

  it('linkTrackVars do not limit page hits', () => {
    setVariables({ vars: [['v1', 'a'], ['v2', 'b']], linkTrackVars: ['v1'] }, event, ctx);
    page();
    expect(lastHit().get('v2')).toBe('b');
  });

  it('empty settings do nothing', () => {
    expect(() => setVariables({}, event, ctx)).not.toThrow();
    page();
    expect(lastHit().has('v1')).toBe(false);
  });

  it('throws (the engine logs it and stops the rule) when the container has no analytics settings', () => {
    resetPage();
    const bare = startWithContext(makeConfig()).ctx;
    expect(() => setVariables({ vars: [['v1', 'x']] }, event, bare)).toThrow('no analytics settings');
  });
});
