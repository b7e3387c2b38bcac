// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { journal, logged, makeConfig, makeRule, on, recorder, resetPage, startContainer, startWithContext } from '../core/test-helpers';
import directCall from './direct-call';

beforeEach(() => resetPage());

const id = (value: string) => on('direct-call', directCall, { id: value });

describe('direct-call', () => {
  it('_satellite.track(id, detail) runs every rule of that identifier, in order, with the detail', () => {
    const { entries, write } = journal();
    const seen = recorder();
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('start 1', { events: [id('tool_start')], actions: [write('start 1'), seen.action] }),
          makeRule('complete', { events: [id('tool_complete')], actions: [write('complete')] }),
          makeRule('start 2', { events: [id('tool_start')], actions: [write('start 2')] }),
        ],
      }),
    );
    satellite.track('tool_start', { toolName: 'heart age' });
    expect(entries).toEqual(['start 1', 'start 2']);
    expect(seen.calls[0]!.event).toMatchObject({ type: 'direct-call', identifier: 'tool_start', detail: { toolName: 'heart age' } });
    satellite.track('tool_complete');
    expect(entries).toEqual(['start 1', 'start 2', 'complete']);
  });

  it('fires again on every call', () => {
    const seen = recorder();
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [id('x')], actions: [seen.action] })] }));
    satellite.track('x', 1);
    satellite.track('x', 2);
    expect(seen.calls.map((c) => c.event.detail)).toEqual([1, 2]);
  });

  it('identifiers are exact (case and spacing matter)', () => {
    const seen = recorder();
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [id('tool_start')], actions: [seen.action] })] }));
    satellite.track('Tool_Start');
    satellite.track(' tool_start');
    expect(seen.calls).toHaveLength(0);
    expect(logged(satellite, 'log').filter((m) => m.includes('"Tool_Start"') || m.includes('" tool_start"'))).toHaveLength(2);
  });

  it('a rule can be started by the context too (ctx.track), as other components do', () => {
    const seen = recorder();
    const { ctx } = startWithContext(makeConfig({ rules: [makeRule('r', { events: [id('from-ctx')], actions: [seen.action] })] }));
    ctx.track('from-ctx', 'd');
    expect(seen.calls[0]!.event.detail).toBe('d');
  });
});
