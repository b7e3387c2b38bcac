// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, makeConfig, makeRule, on, page, recorder, resetPage, startContainer } from '../core/test-helpers';
import directCall from './direct-call';
import elementExists, { POLL_MS, TIMEOUT_MS } from './element-exists';

beforeEach(() => {
  resetPage();
  vi.useFakeTimers();
});

const exists = (selector: string) => on('element-exists', elementExists, { selector });
const add = (id: string, className = 'late-element') => {
  const div = document.createElement('div');
  div.id = id;
  div.className = className;
  document.body.appendChild(div);
  return div;
};
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('element-exists', () => {
  it('fires once for an element already on the page', async () => {
    const first = add('first');
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('r', { events: [exists('.late-element')], actions: [seen.action] })] }));
    await flush();
    vi.advanceTimersByTime(POLL_MS * 5);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(seen.calls.map((c) => c.event.element)).toEqual([first]);
    expect(seen.calls[0]!.event.type).toBe('element-exists');
  });

  it(`finds elements added later on the next ${POLL_MS / 1000} s poll, once per element`, async () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('r', { events: [exists('.late-element')], actions: [seen.action] })] }));
    await flush();
    expect(seen.calls).toHaveLength(0);
    const a = add('a');
    const b = add('b');
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(seen.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(seen.calls.map((c) => c.event.element)).toEqual([a, b]);
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(seen.calls).toHaveLength(2);
  });

  it(`SPEC §9: stops polling at ${TIMEOUT_MS} ms, after one last look`, async () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('r', { events: [exists('.late-element')], actions: [seen.action] })] }));
    await flush();
    vi.advanceTimersByTime(POLL_MS);
    const beforeTimeout = add('before-timeout');
    vi.advanceTimersByTime(TIMEOUT_MS - POLL_MS - 1);
    expect(seen.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(seen.calls.map((c) => c.event.element)).toEqual([beforeTimeout]);
    // Nothing polls any more: no timer is left, and an element that comes later is never reported.
    expect(vi.getTimerCount()).toBe(0);
    add('too-late');
    vi.advanceTimersByTime(POLL_MS * 20);
    expect(seen.calls).toHaveLength(1);
  });

  it('does not fire again for an element that is removed and put back', async () => {
    const a = add('a');
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('r', { events: [exists('#a')], actions: [seen.action] })] }));
    await flush();
    a.remove();
    vi.advanceTimersByTime(POLL_MS);
    document.body.appendChild(a);
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.calls).toHaveLength(1);
  });

  it('checks again at DOMContentLoaded', async () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [makeRule('r', { events: [exists('#survey-banner')], actions: [seen.action] })] }));
    await flush();
    const banner = add('survey-banner');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(seen.calls.map((c) => c.event.element)).toEqual([banner]);
  });

  it('each rule sees each element once, independently', async () => {
    const a = add('a');
    const one = recorder('one');
    const two = recorder('two');
    startContainer(
      makeConfig({
        rules: [makeRule('one', { events: [exists('.late-element')], actions: [one.action] }), makeRule('two', { events: [exists('#a, #b')], actions: [two.action] })],
      }),
    );
    await flush();
    const b = add('b', 'other');
    vi.advanceTimersByTime(POLL_MS);
    expect(one.calls.map((c) => c.event.element)).toEqual([a]);
    expect(two.calls.map((c) => c.event.element)).toEqual([a, b]);
  });

  it('fires only once every rule is registered (a rule can start a rule listed after it)', async () => {
    add('a');
    const later = recorder();
    const track = act('custom-code', () => page()._satellite!.track('banner-shown'));
    startContainer(
      makeConfig({
        rules: [
          makeRule('banner exists', { events: [exists('#a')], actions: [track] }),
          makeRule('banner shown', { events: [on('direct-call', directCall, { id: 'banner-shown' })], actions: [later.action] }),
        ],
      }),
    );
    await flush();
    expect(later.calls).toHaveLength(1);
  });
});
