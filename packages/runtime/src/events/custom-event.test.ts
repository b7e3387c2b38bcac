// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeConfig, makeRule, on, recorder, resetPage, startContainer } from '../core/test-helpers';
import customEvent from './custom-event';

beforeEach(() => {
  resetPage();
  document.body.innerHTML = `
    <div id="gallery" class="expander"><button id="inner">More</button></div>
    <form id="search"><input id="q" name="q"></form>
    <p id="outside">Outside</p>`;
});

const byId = (id: string) => document.getElementById(id)!;
const listen = (eventType: string, selector?: string) => on('custom-event', customEvent, selector === undefined ? { eventType } : { eventType, selector });

describe('custom-event', () => {
  it('hears an event dispatched on the document, with its detail and the native event', () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('search', { events: [listen('tw:search')], actions: [seen.action] })] }));
    const detail = { term: 'hay fever', results: 12 };
    const event = new CustomEvent('tw:search', { detail });
    document.dispatchEvent(event);
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]!.event).toMatchObject({ type: 'custom-event', detail, nativeEvent: event });
  });

  it('hears events of its own type only', () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('search', { events: [listen('tw:search')], actions: [seen.action] })] }));
    document.dispatchEvent(new CustomEvent('tw:other'));
    document.dispatchEvent(new CustomEvent('tw:search-more'));
    expect(seen.calls).toHaveLength(0);
  });

  it('with a selector: fires for events on the matching element or inside it, with that element', () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('expand', { events: [listen('expand', '.expander')], actions: [seen.action] })] }));
    byId('inner').dispatchEvent(new CustomEvent('expand', { bubbles: true, detail: { open: true } }));
    byId('gallery').dispatchEvent(new CustomEvent('expand', { bubbles: true }));
    byId('outside').dispatchEvent(new CustomEvent('expand', { bubbles: true }));
    document.dispatchEvent(new CustomEvent('expand'));
    expect(seen.calls.map((c) => c.event.element)).toEqual([byId('gallery'), byId('gallery')]);
    expect(seen.calls[0]!.event.detail).toEqual({ open: true });
  });

  it('hears events that do not bubble, dispatched on an element (with and without a selector)', () => {
    const anywhere = recorder('anywhere');
    const inGallery = recorder('gallery');
    startContainer(
      makeConfig({
        rules: [
          makeRule('anywhere', { events: [listen('checkin:offline')], actions: [anywhere.action] }),
          makeRule('gallery', { events: [listen('toggle', '#gallery')], actions: [inGallery.action] }),
        ],
      }),
    );
    const inner = byId('inner');
    inner.dispatchEvent(new CustomEvent('checkin:offline', { bubbles: false, detail: { id: 1 } }));
    inner.dispatchEvent(new Event('toggle', { bubbles: false }));
    byId('outside').dispatchEvent(new Event('toggle', { bubbles: false }));
    expect(anywhere.calls).toHaveLength(1);
    expect(anywhere.calls[0]!.event.element).toBe(inner);
    expect(anywhere.calls[0]!.event.detail).toEqual({ id: 1 });
    expect(inGallery.calls).toHaveLength(1);
    expect(inGallery.calls[0]!.event.element).toBe(byId('gallery'));
  });

  it('runs every rule of one type in order, once per event', () => {
    const order: string[] = [];
    const a = recorder('a');
    const b = recorder('b');
    startContainer(
      makeConfig({
        rules: [
          makeRule('a', { events: [listen('login-error-invalid-credentials')], actions: [a.action] }),
          makeRule('b', { events: [listen('login-error-invalid-credentials')], actions: [b.action] }),
        ],
      }),
    );
    document.dispatchEvent(new CustomEvent('login-error-invalid-credentials'));
    order.push(...a.calls.map((c) => c.label), ...b.calls.map((c) => c.label));
    expect(order).toEqual(['a', 'b']);
    expect(a.calls[0]!.event.nativeEvent).toBe(b.calls[0]!.event.nativeEvent);
  });

  it('a plain Event (no detail) gives undefined detail', () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('r', { events: [listen('TestEvent1')], actions: [seen.action] })] }));
    document.dispatchEvent(new Event('TestEvent1'));
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]!.event.detail).toBeUndefined();
  });
});
