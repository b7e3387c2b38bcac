// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { h, install, logged, settle, useHarness } from './test-harness';

// sendNotifications and trackEvent (issue 15 item 5): every check with SPEC §8's message, and each
// happy path, against a DeliveryClient that records what it was asked (test-harness.ts).

useHarness();

describe('sendNotifications', () => {
  const notification = { id: 'n1', type: 'display', timestamp: 1, tokens: ['dG9rZW4'], mbox: { name: 'a' } };

  it.each([
    [undefined, 'options argument is required'],
    [{}, 'request option is required'],
    [{ request: {} }, 'notifications are required'],
    [{ request: { notifications: {} } }, 'notifications are required'],
    [{ request: { notifications: [notification], execute: { pageLoad: {} } } }, 'notifications are required'],
    [{ request: { notifications: [notification], prefetch: { views: [{}] } } }, 'notifications are required'],
  ])('%j logs "%s" and sends nothing', (options, message) => {
    install().sendNotifications(options);
    expect(logged()).toContain(message);
    expect(h.notified).toEqual([]);
  });

  it('sends the notifications, and none without consent', () => {
    const api = install();
    api.sendNotifications({ request: { notifications: [notification] } });
    expect(h.notified).toEqual([[notification]]);
    h.consent = 'drop';
    api.sendNotifications({ request: { notifications: [notification] } });
    expect(h.notified).toHaveLength(1);
    expect(logged()).toContain('Adobe Target is not opted in');
  });
});

describe('trackEvent', () => {
  it.each([
    [undefined, 'options argument is required'],
    [{ params: {} }, 'mbox option is required'],
    [{ mbox: 'x'.repeat(251) }, 'mbox option is too long'],
  ])('%j logs "%s" and asks nothing', (options, message) => {
    install().trackEvent(options);
    expect(logged()).toContain(message);
    expect(h.asked).toEqual([]);
  });

  it('asks for the mbox with its parameters and calls success', async () => {
    const success = vi.fn();
    install().trackEvent({ mbox: 'clicked-cta', params: { param1: 'value1' }, success });
    await settle();
    expect(h.asked[0]!.body).toEqual({ execute: { mboxes: [{ index: 0, name: 'clicked-cta', parameters: { param1: 'value1' } }] } });
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('Track event request failed: logged and passed to error', async () => {
    h.answers.push(new Error('HTTP 400'));
    const error = vi.fn();
    install().trackEvent({ mbox: 'clicked-cta', error });
    await settle();
    expect(logged()).toContain('Track event request failed');
    expect(error).toHaveBeenCalledWith('unknown', 'Track event request failed');
  });

  it('with a type and a selector, asks on each such event of those elements', async () => {
    install().trackEvent({ mbox: 'clicked-cta', type: 'click', selector: '#cta' });
    expect(h.asked).toEqual([]);
    document.querySelector<HTMLElement>('#cta')!.click();
    document.querySelector<HTMLElement>('#cta')!.click();
    expect(h.asked).toHaveLength(2);
  });

  it('without consent: not opted in, passed to error', () => {
    h.consent = 'wait';
    const error = vi.fn();
    install().trackEvent({ mbox: 'clicked-cta', error });
    expect(error).toHaveBeenCalledWith('error', 'Adobe Target is not opted in');
    expect(h.asked).toEqual([]);
  });
});
