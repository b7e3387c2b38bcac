// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import click from '../events/click';
import { act, flushMicrotasks, journal, logged, makeConfig, makeRule, on, resetPage, settle, startContainer, startWithContext, watchPageErrors } from '../core/test-helpers';
import type { RuleEvent } from '../core/types';
import customCode from './custom-code';

let errors: unknown[];
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
  window.addEventListener('click', (event) => event.preventDefault());
});

describe('custom-code action', () => {
  it('runs the compiled function with `this` as the element and the event as argument', () => {
    document.body.innerHTML = '<button id="agree">Agree</button>';
    const button = document.getElementById('agree')!;
    let seen: unknown[] = [];
    const fn = function (this: Element, event: RuleEvent) {
      seen = [this, event.type, event.rule];
    };
    startContainer(makeConfig({ rules: [makeRule('Survey: Agree', { events: [on('click', click, { selector: '#agree', anchorDelay: true })], actions: [act('custom-code', customCode, { fn })] })] }));
    button.click();
    expect(seen).toEqual([button, 'click', 'Survey: Agree']);
  });

  it('`this` is undefined without an element', () => {
    const { ctx } = startWithContext();
    const seen: unknown[] = [];
    customCode(
      {
        fn: function (this: unknown) {
          seen.push(this);
        },
      },
      { type: 'dom-ready' },
      ctx,
    );
    expect(seen).toEqual([undefined]);
  });

  it('a returned promise holds the rest of the rule', async () => {
    const { entries, write } = journal();
    let release!: () => void;
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('r', {
            events: [on('click', click, { selector: 'body' })],
            actions: [act('custom-code', customCode, { fn: () => new Promise<void>((resolve) => (release = resolve)) }), write('after')],
          }),
        ],
      }),
    );
    expect(satellite).toBeDefined();
    document.body.click();
    await flushMicrotasks();
    expect(entries).toEqual([]);
    release();
    await flushMicrotasks();
    expect(entries).toEqual(['after']);
  });

  it('a throwing snippet stops its rule and is logged', async () => {
    const { entries, write } = journal();
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('Broken snippet', {
            events: [on('click', click, { selector: 'body' })],
            actions: [
              act('custom-code', customCode, {
                fn: () => {
                  throw new ReferenceError('s is not defined');
                },
              }),
              write('after'),
            ],
          }),
        ],
      }),
    );
    expect(() => document.body.click()).not.toThrow();
    expect(entries).toEqual([]);
    expect(logged(satellite, 'error').some((m) => m.includes('Broken snippet') && m.includes('s is not defined'))).toBe(true);
    await settle();
    expect(errors).toEqual([]);
  });
});
