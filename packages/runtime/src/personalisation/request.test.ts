// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpAnswer, makeConfig, resetPage, startWithContext, stubRequests, type SentRequest } from '../core/test-helpers';
import type { Context } from '../core/types';
import { createDeliveryClient, REQUEST_TIMEOUT } from './request';
import type { Session } from './session';

// The decision request (SPEC §7, CONTRACT §5): its answer, and each way it fails, as the page-load decision and
// adobe.target's callbacks see them.

const CONFIG = { module: () => undefined, server: 'decisions.example.test', client: 'health', globalLocation: 'target-global-mbox', environmentId: 1, prehidingStyle: '' };
const session: Session = { id: () => 'session-1', tntId: () => undefined };
let ctx: Context;
let answers: unknown[];
let sent: SentRequest[];

beforeEach(() => {
  resetPage();
  ({ ctx } = startWithContext(makeConfig()));
  answers = [];
  sent = stubRequests(() => answers.shift());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const deliver = () => createDeliveryClient(ctx, CONFIG as never, session, () => 'send').deliver({ execute: { pageLoad: {} } });

describe('deliver', () => {
  it('POSTs the request as text without cookies to the service, and resolves its JSON answer', async () => {
    answers.push({ status: 200, requestId: 'r1', execute: { pageLoad: { options: [] } } });
    expect(await deliver()).toEqual({ status: 200, requestId: 'r1', execute: { pageLoad: { options: [] } } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(sent[0]!.url).toMatch(/^http:\/\/decisions\.example\.test\/rest\/v1\/delivery\?client=health&sessionId=session-1&version=/);
    expect(JSON.parse(sent[0]!.body!)).toMatchObject({ execute: { pageLoad: {} }, environmentId: 1, context: { channel: 'web' } });
  });

  it("rejects an error answer with its status and the service's message, and one that is not JSON", async () => {
    answers.push(new HttpAnswer(400, { status: 400, error: { message: 'Invalid request' } }), 503);
    await expect(deliver()).rejects.toThrow(/^Delivery request failed: 400 Invalid request$/);
    await expect(deliver()).rejects.toThrow(/^Delivery request failed: 503 $/);
    // A 200 that is not JSON is no answer.
    answers.push('<html>bad gateway</html>');
    await expect(deliver()).rejects.toThrow(/^Delivery request failed: 200 $/);
  });

  it('rejects on a network failure, and at the request time-out', async () => {
    stubRequests(() => new TypeError('offline'));
    await expect(deliver()).rejects.toThrow('network error');
    vi.useFakeTimers();
    stubRequests(() => new Promise(() => undefined));
    const pending = deliver();
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toThrow(`no answer in ${REQUEST_TIMEOUT} ms`);
  });
});
