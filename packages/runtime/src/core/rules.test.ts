// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import directCall from '../events/direct-call';
import { act, flushMicrotasks, journal, logged, makeConfig, makeRule, on, resetPage, settle, startContainer, startWithContext, watchPageErrors, when } from './test-helpers';
import type { ActionModule, ConditionModule, RuleConfig, RuleEvent } from './types';
import { runRule } from './rules';

let errors: unknown[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
});

const yes: ConditionModule = () => true;
const no: ConditionModule = () => false;
const boom: ConditionModule = () => {
  throw new Error('condition exploded');
};
const call = (id = 'go') => on('direct-call', directCall, { id });

/** Boots the rules on one direct call, fires it, and says which rules ran. */
function fire(rules: (write: ReturnType<typeof journal>['write']) => RuleConfig[]) {
  const { entries, write } = journal();
  const satellite = startContainer(makeConfig({ rules: rules(write) }));
  expect(() => satellite.track('go')).not.toThrow();
  return { entries, satellite };
}

describe('rule order', () => {
  it('runs the rules of one event in the order the container lists them (the compiler sorts lower order first)', () => {
    const { entries } = fire((write) => [
      makeRule('first', { events: [call()], actions: [write('first')] }),
      makeRule('second', { events: [call()], actions: [write('second')] }),
      makeRule('third', { events: [call()], actions: [write('third')] }),
    ]);
    expect(entries).toEqual(['first', 'second', 'third']);
  });

  it('does not re-sort what it is given (names and listing disagree)', () => {
    const { entries } = fire((write) => [
      makeRule('b', { events: [call()], actions: [write('b')] }),
      makeRule('a', { events: [call()], actions: [write('a')] }),
      makeRule('c', { events: [call()], actions: [write('c')] }),
    ]);
    expect(entries).toEqual(['b', 'a', 'c']);
  });

  it('a rule may leave out its conditions and exceptions (the compiler omits empty parts)', () => {
    const { entries } = fire((write) => [{ name: 'bare', events: [call()], actions: [write('bare')] }]);
    expect(entries).toEqual(['bare']);
  });

  it('runs the actions of a rule in order', () => {
    const { entries } = fire((write) => [makeRule('r', { events: [call()], actions: [write('1'), write('2'), write('3')] })]);
    expect(entries).toEqual(['1', '2', '3']);
  });
});

describe('conditions', () => {
  it('all must pass; they are checked in order and stop at the first that fails', () => {
    const later = vi.fn(() => true);
    const { entries } = fire((write) => [
      makeRule('passes', { events: [call()], conditions: [when('yes', yes), when('yes', yes)], actions: [write('passes')] }),
      makeRule('fails', { events: [call()], conditions: [when('yes', yes), when('no', no), when('later', later)], actions: [write('fails')] }),
    ]);
    expect(entries).toEqual(['passes']);
    expect(later).not.toHaveBeenCalled();
  });

  it('a throwing condition counts as false, is logged, and the other rules still run', () => {
    const { entries, satellite } = fire((write) => [
      makeRule('broken', { events: [call()], conditions: [when('boom', boom)], actions: [write('broken')] }),
      makeRule('fine', { events: [call()], actions: [write('fine')] }),
    ]);
    expect(entries).toEqual(['fine']);
    expect(logged(satellite, 'error').some((m) => m.includes('"broken"') && m.includes('condition exploded'))).toBe(true);
  });

  it('negate inverts a condition', () => {
    const { entries } = fire((write) => [
      makeRule('not no', { events: [call()], conditions: [when('no', no, {}, true)], actions: [write('not no')] }),
      makeRule('not yes', { events: [call()], conditions: [when('yes', yes, {}, true)], actions: [write('not yes')] }),
    ]);
    expect(entries).toEqual(['not no']);
  });

  it('a throwing condition counts as false even when negated', () => {
    const { entries, satellite } = fire((write) => [makeRule('negated broken', { events: [call()], conditions: [when('boom', boom, {}, true)], actions: [write('ran')] })]);
    expect(entries).toEqual([]);
    expect(logged(satellite, 'error').some((m) => m.includes('condition exploded'))).toBe(true);
  });

  it('conditions see the rule event, with the rule name filled in', () => {
    const seen: RuleEvent[] = [];
    const spy: ConditionModule = (_settings, event) => (seen.push({ ...event }), true);
    fire(() => [makeRule('Tool start', { events: [call()], conditions: [when('spy', spy)] })]);
    expect(seen).toEqual([{ type: 'direct-call', identifier: 'go', detail: undefined, rule: 'Tool start', occurrence: expect.any(Object) }]);
  });
});

describe('exceptions', () => {
  it('a matching exception stops the rule; one that does not match lets it run', () => {
    const { entries } = fire((write) => [
      makeRule('excepted', { events: [call()], exceptions: [when('yes', yes)], actions: [write('excepted')] }),
      makeRule('not excepted', { events: [call()], exceptions: [when('no', no)], actions: [write('not excepted')] }),
    ]);
    expect(entries).toEqual(['not excepted']);
  });

  it('negate inverts an exception', () => {
    const { entries } = fire((write) => [
      makeRule('not yes', { events: [call()], exceptions: [when('yes', yes, {}, true)], actions: [write('not yes')] }),
      makeRule('not no', { events: [call()], exceptions: [when('no', no, {}, true)], actions: [write('not no')] }),
    ]);
    expect(entries).toEqual(['not yes']);
  });

  it('are only checked once the conditions pass', () => {
    const exception = vi.fn(() => false);
    fire(() => [makeRule('r', { events: [call()], conditions: [when('no', no)], exceptions: [when('spy', exception)] })]);
    expect(exception).not.toHaveBeenCalled();
  });

  it('a throwing exception counts as false (does not match), negated or not, and is logged', () => {
    const { entries, satellite } = fire((write) => [
      makeRule('r', { events: [call()], exceptions: [when('boom', boom)], actions: [write('ran')] }),
      makeRule('negated', { events: [call()], exceptions: [when('boom', boom, {}, true)], actions: [write('negated ran')] }),
    ]);
    expect(entries).toEqual(['ran', 'negated ran']);
    expect(logged(satellite, 'error').some((m) => m.includes('condition exploded'))).toBe(true);
  });
});

describe('actions', () => {
  const throwing: ActionModule = () => {
    throw new Error('action exploded');
  };

  it('a throwing action stops its rule and is logged; later actions do not run; other rules still run', async () => {
    const { entries, satellite } = fire((write) => [
      makeRule('Broken rule', { events: [call()], actions: [write('a1'), act('custom-code', throwing), write('a3')] }),
      makeRule('Next rule', { events: [call()], actions: [write('b1')] }),
    ]);
    expect(entries).toEqual(['a1', 'b1']);
    expect(logged(satellite, 'error').some((m) => m.includes('Broken rule') && m.includes('action exploded'))).toBe(true);
    await settle();
    expect(errors).toEqual([]);
  });

  it('an action returning a promise holds the next action until it resolves', async () => {
    let release!: () => void;
    const waiting: ActionModule = () => new Promise<void>((resolve) => (release = resolve));
    const { entries } = fire((write) => [
      makeRule('held', { events: [call()], actions: [write('before'), act('wait', waiting), write('after')] }),
      makeRule('other', { events: [call()], actions: [write('other rule')] }),
    ]);
    // The other rule does not wait for the held one.
    expect(entries).toEqual(['before', 'other rule']);
    await flushMicrotasks();
    expect(entries).toEqual(['before', 'other rule']);
    release();
    await flushMicrotasks();
    expect(entries).toEqual(['before', 'other rule', 'after']);
  });

  it('a chain of promises runs in order', async () => {
    const { entries, write } = journal();
    const later = (entry: string): ActionModule => () => new Promise<void>((resolve) => setTimeout(() => (entries.push(entry), resolve()), 5));
    const satellite = startContainer(makeConfig({ rules: [makeRule('r', { events: [call()], actions: [act('w', later('1')), write('2'), act('w', later('3')), write('4')] })] }));
    satellite.track('go');
    await vi.waitFor(() => expect(entries).toEqual(['1', '2', '3', '4']));
  });

  it('a rejected promise stops the rule and is logged; nothing reaches the page', async () => {
    const rejecting: ActionModule = () => Promise.reject(new Error('script blocked'));
    const { entries, satellite } = fire((write) => [makeRule('Rejected rule', { events: [call()], actions: [act('load-script', rejecting), write('after')] })]);
    await flushMicrotasks();
    await settle();
    expect(entries).toEqual([]);
    expect(logged(satellite, 'error').some((m) => m.includes('Rejected rule') && m.includes('script blocked'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a promise rejected with a non-Error value is logged too', async () => {
    const rejecting: ActionModule = () => Promise.reject('nope');
    const { satellite } = fire(() => [makeRule('r', { events: [call()], actions: [act('x', rejecting)] })]);
    await flushMicrotasks();
    await settle();
    expect(logged(satellite, 'error').some((m) => m.includes('nope'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a later action throwing after a promise is still contained', async () => {
    const resolved: ActionModule = () => Promise.resolve();
    const { entries, satellite } = fire((write) => [makeRule('r', { events: [call()], actions: [act('wait', resolved), act('boom', throwing), write('never')] })]);
    await flushMicrotasks();
    await settle();
    expect(entries).toEqual([]);
    expect(logged(satellite, 'error').some((m) => m.includes('action exploded'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('actions receive the rule event and the settings', () => {
    const seen: unknown[] = [];
    const spy: ActionModule = (settings, event) => void seen.push([settings, event.type, event.detail, event.rule]);
    const satellite = startContainer(makeConfig({ rules: [makeRule('Detail rule', { events: [call()], actions: [act('spy', spy, { x: 1 })] })] }));
    satellite.track('go', { step: 2 });
    expect(seen).toEqual([[{ x: 1 }, 'direct-call', { step: 2 }, 'Detail rule']]);
  });
});

describe('runRule', () => {
  it('returns true when the rule ran and false when a condition or exception stopped it', () => {
    const { ctx } = startWithContext();
    const event = (): RuleEvent => ({ type: 'click' });
    expect(runRule(makeRule('ran', { conditions: [when('yes', yes)] }), event(), ctx)).toBe(true);
    expect(runRule(makeRule('condition', { conditions: [when('no', no)] }), event(), ctx)).toBe(false);
    expect(runRule(makeRule('exception', { exceptions: [when('yes', yes)] }), event(), ctx)).toBe(false);
    expect(runRule(makeRule('throws', { conditions: [when('boom', boom)] }), event(), ctx)).toBe(false);
  });

  it('returns true even if an action fails (the rule fired) and does not throw', () => {
    const { ctx } = startWithContext();
    const rule = makeRule('r', {
      actions: [
        act('boom', () => {
          throw new Error('x');
        }),
      ],
    });
    expect(runRule(rule, { type: 'click' }, ctx)).toBe(true);
  });
});

describe('nothing reaches the page', () => {
  it('no error or unhandled rejection, whatever the components do', async () => {
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('all broken', {
            events: [call()],
            conditions: [when('boom', boom, {}, true), when('boom', boom)],
            exceptions: [when('boom', boom)],
            actions: [act('reject', () => Promise.reject(new Error('r')))],
          }),
          makeRule('rejects', { events: [call()], actions: [act('reject', () => Promise.reject(new Error('r')))] }),
          makeRule('throws', {
            events: [call()],
            actions: [
              act('throw', () => {
                throw 'a string';
              }),
            ],
          }),
        ],
      }),
    );
    expect(() => satellite.track('go')).not.toThrow();
    await flushMicrotasks();
    await settle();
    expect(errors).toEqual([]);
  });
});
