// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import constant from '../data-elements/constant';
import customCode from '../data-elements/custom-code';
import customEvent from '../events/custom-event';
import directCall from '../events/direct-call';
import { act, element, logged, makeConfig, makeRule, on, recorder, resetPage, startContainer, startWithContext } from '../core/test-helpers';
import type { RuleEvent } from '../core/types';
import dispatchEvent from './dispatch-event';

beforeEach(() => {
  resetPage();
  document.body.innerHTML = '<form id="search"><input id="q"></form>';
});

const config = () =>
  makeConfig({
    dataElements: {
      'Page Name': element('constant', constant, { value: 'nhs:service-search' }),
      Count: element('custom-code', customCode, { fn: () => 12 }),
    },
  });

describe('dispatch-event', () => {
  it('dispatches a bubbling CustomEvent on the document, with the detail tokens resolved', () => {
    const { ctx } = startWithContext(config());
    const heard: CustomEvent[] = [];
    document.addEventListener('tw:stitching-unavailable', (event) => heard.push(event as CustomEvent));
    const event: RuleEvent = { type: 'direct-call', detail: { reason: 'no cookie' } };
    dispatchEvent({ eventType: 'tw:stitching-unavailable', detail: { page: '%Page Name%', count: '%Count%', text: 'n=%Count%', reason: '%event.detail.reason%', raw: '100%' } }, event, ctx);
    expect(heard).toHaveLength(1);
    expect(heard[0]!.bubbles).toBe(true);
    expect(heard[0]!.target).toBe(document);
    expect(heard[0]!.detail).toEqual({ page: 'nhs:service-search', count: 12, text: 'n=12', reason: 'no cookie', raw: '100%' });
  });

  it('without detail settings the detail is an empty object', () => {
    const { ctx } = startWithContext(config());
    const heard: CustomEvent[] = [];
    document.addEventListener('tw:ready', (event) => heard.push(event as CustomEvent));
    dispatchEvent({ eventType: 'tw:ready' }, { type: 'dom-ready' }, ctx);
    expect(heard[0]!.detail).toEqual({});
  });

  it('dispatches on the first element matching the target selector, and it bubbles to the document', () => {
    const { ctx } = startWithContext(config());
    const onForm: EventTarget[] = [];
    const onDocument: EventTarget[] = [];
    document.getElementById('search')!.addEventListener('tw:search', (event) => onForm.push(event.target!));
    document.addEventListener('tw:search', (event) => onDocument.push(event.target!));
    dispatchEvent({ eventType: 'tw:search', target: '#search' }, { type: 'click' }, ctx);
    expect(onForm).toEqual([document.getElementById('search')]);
    expect(onDocument).toEqual([document.getElementById('search')]);
  });

  it('throws (so the engine logs it and stops the rule) when no element matches the target', () => {
    const { entries, satellite } = (() => {
      const seen = recorder();
      const satellite = startContainer(
        makeConfig({
          rules: [makeRule('Stitch', { events: [on('direct-call', directCall, { id: 'go' })], actions: [act('dispatch-event', dispatchEvent, { eventType: 'x', target: '#nowhere' }), seen.action] })],
        }),
      );
      return { entries: seen.calls, satellite };
    })();
    expect(() => satellite.track('go')).not.toThrow();
    expect(entries).toHaveLength(0);
    expect(logged(satellite, 'error').some((m) => m.includes('Stitch') && m.includes('#nowhere'))).toBe(true);
  });

  it('the event it dispatches starts custom-event rules', () => {
    const seen = recorder();
    const satellite = startContainer(
      makeConfig({
        dataElements: { 'Page Name': element('constant', constant, { value: 'nhs:home' }) },
        rules: [
          makeRule('Dispatch', { events: [on('direct-call', directCall, { id: 'go' })], actions: [act('dispatch-event', dispatchEvent, { eventType: 'tw:error', target: '#q', detail: { page: '%Page Name%' } })] }),
          makeRule('Hear', { events: [on('custom-event', customEvent, { eventType: 'tw:error', selector: 'form' })], actions: [seen.action] }),
        ],
      }),
    );
    satellite.track('go');
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]!.event.detail).toEqual({ page: 'nhs:home' });
    expect(seen.calls[0]!.event.element).toBe(document.getElementById('search') ?? undefined);
  });
});
