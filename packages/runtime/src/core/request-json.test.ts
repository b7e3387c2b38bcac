// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestJson } from './request-json';
import { stubRequests } from './test-helpers';

// The JSON requests of the identity and the personalisation (issue 17: answers read in one task).

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requestJson', () => {
  it('GETs without a body and POSTs a string body, with or without the visitor\'s cookies', async () => {
    const sent = stubRequests(() => ({ ok: 1 }));
    expect(await requestJson('http://id.example.test/a', undefined, true, 1000)).toEqual([200, { ok: 1 }]);
    expect(await requestJson('http://decisions.example.test/b', '{"x":1}', false, 1000)).toEqual([200, { ok: 1 }]);
    expect(sent).toEqual([
      { url: 'http://id.example.test/a', method: 'GET', body: null, credentials: 'include' },
      { url: 'http://decisions.example.test/b', method: 'POST', body: '{"x":1}', credentials: 'omit' },
    ]);
  });

  it('resolves any status with its JSON, and a body that is not JSON as no answer', async () => {
    stubRequests(() => 503);
    expect(await requestJson('http://a.example.test/', undefined, false, 1000)).toEqual([503, {}]);
    stubRequests(() => '<html>');
    expect(await requestJson('http://a.example.test/', undefined, false, 1000)).toEqual([200, undefined]);
  });

  it('rejects on a network failure, and when the browser refuses to send', async () => {
    stubRequests(() => new TypeError('offline'));
    await expect(requestJson('http://a.example.test/', undefined, false, 1000)).rejects.toThrow('network error');
    stubRequests(() => {
      throw new Error('blocked');
    });
    await expect(requestJson('http://a.example.test/', undefined, false, 1000)).rejects.toThrow('blocked');
  });

  it('rejects after the timeout, and abandons the request: a late answer is not read', async () => {
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => undefined;
    stubRequests(() => new Promise((resolve) => (answer = resolve)));
    const parse = vi.spyOn(JSON, 'parse');
    const result = requestJson('http://a.example.test/', undefined, false, 50);
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(49);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow('no answer in 50 ms');
    answer({ late: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(parse).not.toHaveBeenCalled();
  });
});
