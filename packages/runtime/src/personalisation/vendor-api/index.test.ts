// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ALREADY, DISABLED, OLD_BROWSER } from './messages';
import { type Api, h, install, logged, settle, target, useHarness, w } from './test-harness';

// Installing window.adobe.target (issue 15 item 5): already on the page, a browser too old, hostile
// arguments; and every call with delivery disabled. The DeliveryClient records what it was asked (test-harness.ts).

useHarness();

describe('installing', () => {
  it('puts the seven calls on window.adobe.target, keeping the rest of window.adobe', () => {
    w.adobe = { other: 1 } as never;
    const api = install();
    expect(Object.keys(api).sort()).toEqual(['applyOffer', 'applyOffers', 'getOffer', 'getOffers', 'sendNotifications', 'trackEvent', 'triggerView']);
    expect((w.adobe as Record<string, unknown>).other).toBe(1);
  });

  it('warns that the library is already initialised and keeps the one on the page', () => {
    const existing = { getOffer() {} } as unknown as Api;
    w.adobe = { target: existing };
    install();
    expect(target()).toBe(existing);
    expect(logged()).toContain(ALREADY);
  });

  it('warns on the console in a browser too old to run it, and its calls do nothing and never throw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const observer = window.MutationObserver;
    delete (window as { MutationObserver?: unknown }).MutationObserver;
    try {
      const api = install();
      expect(warn).toHaveBeenCalledWith(OLD_BROWSER);
      expect(logged()).toContain(OLD_BROWSER);
      expect(() => api.getOffer({ mbox: 'x', success() {}, error() {} })).not.toThrow();
      expect(api.triggerView('home')).toBeUndefined();
      expect(h.asked).toEqual([]);
    } finally {
      window.MutationObserver = observer;
    }
  });

  it('no argument the page passes makes a call throw', async () => {
    const api = install();
    for (const name of Object.keys(api) as Array<keyof Api>)
      for (const args of [[], [null], [42], ['x'], [{ mbox: {} }], [{ get mbox(): string { throw new Error('hostile'); } }]]) {
        const result = (() => api[name](...args))();
        if (result instanceof Promise) await result.catch(() => {});
      }
    // Only triggerView('x') was a good call; the hostile getter was caught and logged.
    expect(h.asked.map((a) => a.body)).toEqual([{ prefetch: { views: [{}] } }]);
    expect(logged()).toContain('adobe.target.getOffer failed: hostile');
  });
});

describe('delivery disabled (no cookies, or mboxDisable)', () => {
  it('every call logs why, and the error callback or the promise hears it', async () => {
    const api = install({ disabled: true });
    const error = vi.fn();
    api.getOffer({ mbox: 'a', success() {}, error });
    await expect(api.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'a' }] } } })).rejects.toThrow(DISABLED);
    api.applyOffer({ mbox: 'a', offer: [{ type: 'html', content: '<b>x</b>' }] });
    await expect(api.applyOffers({ response: {} })).rejects.toThrow(DISABLED);
    api.sendNotifications({ request: { notifications: [] } });
    api.trackEvent({ mbox: 'a', error });
    api.triggerView('home');
    await settle();
    expect(logged().filter((m) => m == DISABLED)).toHaveLength(7);
    expect(DISABLED).toMatch(/cookies/);
    expect(DISABLED).toMatch(/mboxDisable/);
    expect(error.mock.calls).toEqual([
      ['warning', DISABLED],
      ['warning', DISABLED],
    ]);
    expect(h.asked).toEqual([]);
    expect(h.notified).toEqual([]);
  });
});
