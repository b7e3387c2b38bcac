// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import customCode from '../data-elements/custom-code';
import dataLayer from '../data-elements/data-layer';
import { element, makeConfig, makeRule, on, page, recorder, resetPage, startContainer } from '../core/test-helpers';
import dataElementChange, { POLL_MS } from './data-element-change';

beforeEach(() => {
  resetPage();
  vi.useFakeTimers();
});

const setPageName = (value: unknown) => void (page().digitalData = { page: { pageInfo: { pageName: value } } });
const watch = (name: string) => on('data-element-change', dataElementChange, { name });
const config = (rules: ReturnType<typeof makeRule>[]) =>
  makeConfig({ dataElements: { 'Page Name': element('data-layer', dataLayer, { path: 'page.pageInfo.pageName' }, { default: 'N/A' }) }, rules });

describe('data-element-change', () => {
  it(`polls every ${POLL_MS / 1000} s and fires once per change, with the new value`, () => {
    setPageName('Home');
    const seen = recorder();
    startContainer(config([makeRule('r', { events: [watch('Page Name')], actions: [seen.action] })]));
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(seen.calls).toHaveLength(0);

    setPageName('Service Search');
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(seen.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]!.event).toMatchObject({ type: 'data-element-change', detail: { name: 'Page Name', value: 'Service Search' } });

    vi.advanceTimersByTime(POLL_MS * 5);
    expect(seen.calls).toHaveLength(1);

    setPageName(undefined);
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.calls.map((c) => (c.event.detail as { value: unknown }).value)).toEqual(['Service Search', 'N/A']);
  });

  it('misses nothing between two ticks but fires nothing for a change undone before the tick', () => {
    setPageName('Home');
    const seen = recorder();
    startContainer(config([makeRule('r', { events: [watch('Page Name')], actions: [seen.action] })]));
    setPageName('Elsewhere');
    setPageName('Home');
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(seen.calls).toHaveLength(0);
  });

  it('compares objects by content, and tells a number from its text', () => {
    let value: unknown = { a: 1 };
    const seen = recorder();
    startContainer(
      makeConfig({
        dataElements: { Value: element('custom-code', customCode, { fn: () => value }) },
        rules: [makeRule('r', { events: [watch('Value')], actions: [seen.action] })],
      }),
    );
    value = { a: 1 };
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.calls).toHaveLength(0);
    value = { a: 2 };
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.calls).toHaveLength(1);
    value = 5;
    vi.advanceTimersByTime(POLL_MS);
    value = '5';
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.calls).toHaveLength(3);
  });

  it('reads each element once per tick however many rules watch it, and fires each rule', () => {
    let reads = 0;
    let value = 'a';
    const one = recorder('one');
    const two = recorder('two');
    startContainer(
      makeConfig({
        dataElements: { Value: element('custom-code', customCode, { fn: () => (reads++, value) }) },
        rules: [makeRule('one', { events: [watch('Value')], actions: [one.action] }), makeRule('two', { events: [watch('Value')], actions: [two.action] })],
      }),
    );
    reads = 0;
    value = 'b';
    vi.advanceTimersByTime(POLL_MS);
    expect(reads).toBe(1);
    expect(one.calls).toHaveLength(1);
    expect(two.calls).toHaveLength(1);
  });

  it('keeps polling after a data element throws', () => {
    let value: unknown = 'a';
    let broken = false;
    const seen = recorder();
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          Value: element('custom-code', customCode, {
            fn: () => {
              if (broken) throw new Error('broken');
              return value;
            },
          }),
        },
        rules: [makeRule('r', { events: [watch('Value')], actions: [seen.action] })],
      }),
    );
    broken = true;
    vi.advanceTimersByTime(POLL_MS);
    broken = false;
    value = 'b';
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.calls.map((c) => (c.event.detail as { value: unknown }).value)).toEqual([undefined, 'b']);
    expect(satellite.logger.history.some(([level, m]) => level === 'error' && m.includes('broken'))).toBe(true);
  });
});
