// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { GLOBAL, h, install, logged, settle, tokens, useHarness } from './test-harness';

// getOffer, getOffers, applyOffer and applyOffers (issue 15 item 5): every check with SPEC §8's message,
// and each happy path, against a DeliveryClient that records what it was asked (test-harness.ts).

useHarness();

describe('getOffer', () => {
  const callbacks = () => ({ success: vi.fn(), error: vi.fn() });

  it.each([
    [undefined, 'options argument is required'],
    [{ success() {}, error() {} }, 'mbox option is required'],
    [{ mbox: '  ', success() {}, error() {} }, 'mbox option is required'],
    [{ mbox: 'm'.repeat(251), success() {}, error() {} }, 'mbox option is too long'],
    [{ mbox: 'conditions-banner', error() {} }, 'success option is required'],
    [{ mbox: 'conditions-banner', success() {} }, 'error option is required'],
  ])('%j logs "%s" and asks nothing', (options, message) => {
    install().getOffer(options);
    expect(logged()).toContain(message);
    expect(h.asked).toEqual([]);
  });

  it('asks the decision service for the mbox and passes its offer to success', async () => {
    const { success, error } = callbacks();
    h.answers.push({ execute: { mboxes: [{ index: 0, name: 'conditions-banner', options: [{ type: 'html', content: '<b>Check</b>' }] }] } });
    install().getOffer({ mbox: 'conditions-banner', params: { a: 1, b: 'two', c: { no: 1 } }, timeout: 900, success, error });
    await settle();
    expect(h.asked[0]!.body.execute.mboxes[0]).toEqual({ index: 0, name: 'conditions-banner', parameters: { a: '1', b: 'two' } });
    expect(h.asked[0]!.timeout).toBe(900);
    expect(success).toHaveBeenCalledWith([{ type: 'html', content: '<b>Check</b>' }]);
    expect(error).not.toHaveBeenCalled();
  });

  it('takes an mbox name of 250 characters', async () => {
    install().getOffer({ mbox: 'm'.repeat(250), ...callbacks() });
    await settle();
    expect(h.asked[0]!.body.execute.mboxes[0].name).toHaveLength(250);
  });

  it('asks for the page load when the mbox is the global location', async () => {
    install().getOffer({ mbox: GLOBAL, params: { x: 'y' }, ...callbacks() });
    await settle();
    expect(h.asked[0]!.body).toEqual({ execute: { pageLoad: { parameters: { x: 'y' } } } });
  });

  it('Page load disabled: the global location is refused when the container makes no page-load decision', async () => {
    const { success, error } = callbacks();
    install({ pageLoadEnabled: false }).getOffer({ mbox: GLOBAL, success, error });
    await settle();
    expect(logged()).toContain('Page load disabled');
    expect(error).toHaveBeenCalledWith('error', 'Page load disabled');
    expect(h.asked).toEqual([]);
  });

  it.each(['wait', 'drop'] as const)('without Statistics consent (%s): not opted in, passed to error, nothing asked', async (state) => {
    h.consent = state;
    const { success, error } = callbacks();
    install().getOffer({ mbox: 'conditions-banner', success, error });
    expect(logged()).toContain('Adobe Target is not opted in');
    expect(error).toHaveBeenCalledWith('error', 'Adobe Target is not opted in');
    expect(h.asked).toEqual([]);
  });

  it('a failed request goes to error; a callback that throws is logged and goes no further', async () => {
    const failure = Object.assign(new Error('HTTP 503'), { status: 503 });
    h.answers.push(failure, { execute: { mboxes: [{ name: 'conditions-banner' }] } });
    const api = install();
    const { success, error } = callbacks();
    api.getOffer({ mbox: 'conditions-banner', success, error });
    api.getOffer({
      mbox: 'conditions-banner',
      success() {
        throw new Error('page bug');
      },
      error,
    });
    await settle();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(503, failure);
    expect(success).not.toHaveBeenCalled();
    expect(logged()).toContain('adobe.target callback failed: page bug');
  });
});

describe('getOffers', () => {
  it.each([
    [undefined, 'options argument is required'],
    [{}, 'request option is required'],
    [{ request: {} }, 'execute or prefetch is required'],
    [{ request: { execute: [] } }, 'execute or prefetch is required'],
  ])('%j rejects and logs "%s"', async (options, message) => {
    await expect(install().getOffers(options)).rejects.toThrow(message);
    expect(logged()).toContain(message);
    expect(h.asked).toEqual([]);
  });

  it('resolves with the Delivery response of the request as given', async () => {
    const response = { status: 200, prefetch: { views: [{ name: 'home' }] } };
    h.answers.push(response);
    const request = { execute: { mboxes: [{ index: 0, name: 'a' }] }, prefetch: { views: [{}] } };
    await expect(install().getOffers({ request, timeout: 1200 })).resolves.toBe(response);
    expect(h.asked).toEqual([{ body: request, timeout: 1200 }]);
  });

  it('Page load disabled when it asks execute.pageLoad and the container makes no page-load decision', async () => {
    await expect(install({ pageLoadEnabled: false }).getOffers({ request: { execute: { pageLoad: {} } } })).rejects.toThrow('Page load disabled');
    expect(logged()).toContain('Page load disabled');
    expect(h.asked).toEqual([]);
  });

  it('rejects without consent, and with the request failure', async () => {
    h.consent = 'wait';
    const api = install();
    await expect(api.getOffers({ request: { prefetch: { views: [{}] } } })).rejects.toThrow('Adobe Target is not opted in');
    h.consent = 'send';
    h.answers.push(new Error('timed out'));
    await expect(api.getOffers({ request: { prefetch: { views: [{}] } } })).rejects.toThrow('timed out');
  });
});

describe('applyOffer', () => {
  it.each([
    [undefined, 'options argument is required'],
    [{ offer: [] }, 'mbox option is required'],
    [{ mbox: 'conditions-banner' }, 'offer option is required'],
    [{ mbox: 'conditions-banner', offer: {} }, 'offer option is required'],
  ])('%j logs "%s" and renders nothing', async (options, message) => {
    install().applyOffer(options);
    await settle();
    expect(logged()).toContain(message);
    expect(document.querySelector('[data-mbox]')!.textContent).toBe('default');
  });

  it("renders getOffer's offer into the mbox's element and reports it shown; the server counted it, so no notification", async () => {
    h.answers.push({ execute: { mboxes: [{ name: 'conditions-banner', options: [{ type: 'html', content: '<b>Check your symptoms</b>', responseTokens: tokens(7, 1) }] }] } });
    const api = install();
    api.getOffer({ mbox: 'conditions-banner', success: (offer: unknown) => api.applyOffer({ mbox: 'conditions-banner', offer }), error() {} });
    await vi.waitFor(() => expect(document.querySelector('[data-mbox] b')?.textContent).toBe('Check your symptoms'));
    await vi.waitFor(() => expect(h.shown).toEqual([[{ activityId: 7, experienceId: 1 }]]));
    expect(h.notified).toEqual([]);
  });

  it('puts HTML into the selector given; an offer with event tokens is displayed once', async () => {
    const api = install();
    const offer = [{ type: 'html', content: '<i>Flu jab</i>', eventToken: 'dG9rZW4', responseTokens: tokens(8, 0) }];
    api.applyOffer({ mbox: 'side', selector: '#slot', offer });
    await vi.waitFor(() => expect(document.querySelector('#slot i')?.textContent).toBe('Flu jab'));
    await vi.waitFor(() => expect(h.notified).toHaveLength(1));
    expect(h.notified[0]).toEqual([{ id: expect.any(String), type: 'display', timestamp: expect.any(Number), tokens: ['dG9rZW4'], mbox: { name: 'side' } }]);
    api.applyOffer({ mbox: 'side', selector: '#slot', offer });
    await settle();
    expect(h.notified).toHaveLength(1);
  });
});

describe('applyOffers', () => {
  it.each([
    [undefined, 'options argument is required'],
    [{}, 'response option is required'],
  ])('%j rejects and logs "%s"', async (options, message) => {
    await expect(install().applyOffers(options)).rejects.toThrow(message);
    expect(logged()).toContain(message);
  });

  it("renders getOffers' response, displays what was prefetched, and keeps its views for triggerView", async () => {
    const response = {
      execute: { pageLoad: { options: [{ type: 'actions', content: [{ type: 'setText', selector: '#hero', content: 'Find out about conditions' }], responseTokens: tokens(1001, 1) }] } },
      prefetch: {
        mboxes: [{ name: 'conditions-banner', options: [{ type: 'html', content: '<em>Prefetched</em>', eventToken: 'cHJlZmV0Y2g' }] }],
        views: [{ name: 'Checkout', options: [{ type: 'actions', content: [{ type: 'setText', selector: '#slot', content: 'Checkout view' }], eventToken: 'dmlldw' }] }],
      },
    };
    h.answers.push(response);
    const api = install();
    const result = await api.applyOffers({ response: await api.getOffers({ request: { execute: { pageLoad: {} }, prefetch: { mboxes: [{ index: 0, name: 'conditions-banner' }], views: [{}] } } }) });
    expect(result).toMatchObject({ rendered: true, failures: 0 });
    expect(document.querySelector('#hero')!.textContent).toBe('Find out about conditions');
    expect(document.querySelector('[data-mbox] em')!.textContent).toBe('Prefetched');
    expect(document.querySelector('#slot')!.textContent).toBe('');
    expect(h.shown).toEqual([[{ activityId: 1001, experienceId: 1 }]]);
    expect(h.notified).toEqual([[expect.objectContaining({ type: 'display', tokens: ['cHJlZmV0Y2g'], mbox: { name: 'conditions-banner' } })]]);

    api.triggerView('checkout');
    await vi.waitFor(() => expect(document.querySelector('#slot')!.textContent).toBe('Checkout view'));
    expect(h.asked).toHaveLength(1);
  });
});
