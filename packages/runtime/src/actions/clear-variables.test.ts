// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS, makeConfig, resetPage, startWithContext, stubBeacon } from '../core/test-helpers';
import type { RuleEvent } from '../core/types';
import clearVariables from './clear-variables';
import sendBeacon from './send-beacon';
import setVariables from './set-variables';

beforeEach(() => resetPage());

describe('clear-variables', () => {
  it('drops every variable, event, context data and link filter set so far', () => {
    const beacon = stubBeacon();
    const { ctx } = startWithContext(makeConfig({ analytics: ANALYTICS }));
    const event: RuleEvent = { type: 'dom-ready' };
    setVariables(
      { vars: [['pageName', 'nhs:home'], ['v1', 'x'], ['c2', 'y']], events: [{ name: 'event1' }], contextData: { 'tool.name': 'bmi' }, linkTrackVars: ['v9'] },
      event,
      ctx,
    );
    clearVariables({}, event, ctx);
    setVariables({ vars: [['v9', 'after clear'], ['v8', 'also after']] }, event, ctx);
    sendBeacon({ type: 'link', linkName: 'x' }, event, ctx);
    const hit = beacon.hits()[0]!;
    expect(hit.has('pageName')).toBe(false);
    expect(hit.has('v1')).toBe(false);
    expect(hit.has('c2')).toBe(false);
    expect(hit.has('events')).toBe(false);
    expect(beacon.urls()[0]).not.toContain('c.&');
    // The link filter was cleared too, so v8 is not filtered out.
    expect(hit.get('v9')).toBe('after clear');
    expect(hit.get('v8')).toBe('also after');
  });

  it('is harmless when nothing is set', () => {
    const { ctx } = startWithContext(makeConfig({ analytics: ANALYTICS }));
    expect(() => clearVariables({}, { type: 'dom-ready' }, ctx)).not.toThrow();
  });
});
