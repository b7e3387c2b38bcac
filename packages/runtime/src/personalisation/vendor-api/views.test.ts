// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { h, install, logged, settle, tokens, useHarness } from './test-harness';

// triggerView (issue 15 item 5): every check with SPEC §8's message, and the views prefetched once and
// rendered, against a DeliveryClient that records what it was asked (test-harness.ts).

useHarness();

describe('triggerView', () => {
  const views = () => ({
    prefetch: {
      views: [
        { name: 'home', options: [{ type: 'actions', content: [{ type: 'setText', selector: '#hero', content: 'Home view' }], eventToken: 'aG9tZQ', responseTokens: tokens(303, 0) }] },
        { name: 'checkout', options: [{ type: 'actions', content: [{ type: 'setText', selector: '#slot', content: 'Checkout view' }], eventToken: 'Y2hlY2tvdXQ' }] },
      ],
    },
  });

  it('Views are not enabled', () => {
    install({ viewsEnabled: false }).triggerView('home');
    expect(logged()).toContain('Views are not enabled');
    expect(h.asked).toEqual([]);
  });

  it.each([[''], ['  '], [42], [undefined]])('%j: View name should be a non-empty string', (name) => {
    install().triggerView(name);
    expect(logged()).toContain('View name should be a non-empty string');
    expect(h.asked).toEqual([]);
  });

  it('prefetches the views once, renders the (lower-cased) view and notifies its display; page: false renders without it', async () => {
    h.answers.push(views());
    const api = install();
    api.triggerView('Home');
    api.triggerView('checkout', { page: false });
    await vi.waitFor(() => expect(document.querySelector('#slot')!.textContent).toBe('Checkout view'));
    await vi.waitFor(() => expect(h.notified).toHaveLength(1));
    expect(document.querySelector('#hero')!.textContent).toBe('Home view');
    expect(h.asked).toEqual([{ body: { prefetch: { views: [{}] } }, timeout: undefined }]);
    expect(h.notified[0]).toEqual([expect.objectContaining({ type: 'display', tokens: ['aG9tZQ'], view: { name: 'home' } })]);
    expect(h.shown).toEqual([[{ activityId: 303, experienceId: 0 }]]);

    // The single-page app comes back to a view: rendered again from the cache; SPEC §4: its display is not sent twice.
    document.querySelector('#hero')!.textContent = 'changed by the app';
    api.triggerView('HOME');
    await vi.waitFor(() => expect(document.querySelector('#hero')!.textContent).toBe('Home view'));
    await settle();
    expect(h.notified).toHaveLength(1);
    expect(h.asked).toHaveLength(1);
  });

  it('without consent: not opted in, nothing asked', () => {
    h.consent = 'wait';
    install().triggerView('home');
    expect(logged()).toContain('Adobe Target is not opted in');
    expect(h.asked).toEqual([]);
  });
});
