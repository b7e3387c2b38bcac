// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import directCall from '../events/direct-call';
import { logged, makeConfig, makeRule, on, recorder, resetPage, startContainer, startWithContext, when } from '../core/test-helpers';
import type { Context, RuleEvent } from '../core/types';
import customCode from './custom-code';

let ctx: Context;
beforeEach(() => {
  resetPage();
  ctx = startWithContext().ctx;
});

describe('custom-code condition', () => {
  it('runs the compiled function; its result decides, as a boolean', () => {
    const event: RuleEvent = { type: 'dom-ready' };
    expect(customCode({ fn: () => true }, event, ctx)).toBe(true);
    expect(customCode({ fn: () => 'yes' }, event, ctx)).toBe(true);
    expect(customCode({ fn: () => 1 }, event, ctx)).toBe(true);
    expect(customCode({ fn: () => false }, event, ctx)).toBe(false);
    expect(customCode({ fn: () => undefined }, event, ctx)).toBe(false);
    expect(customCode({ fn: () => 0 }, event, ctx)).toBe(false);
    expect(customCode({ fn: () => '' }, event, ctx)).toBe(false);
  });

  it('`this` is the event element, and the event is the argument', () => {
    document.body.innerHTML = '<a id="thumb" class="thumbnail" href="/conditions/chickenpox/#img-2">Thumbnail</a>';
    const anchor = document.getElementById('thumb')!;
    const event: RuleEvent = { type: 'click', element: anchor, detail: { n: 2 } };
    const seen: unknown[] = [];
    const fn = function (this: Element, e: RuleEvent) {
      seen.push(this, e);
      return this.classList.contains('thumbnail');
    };
    expect(customCode({ fn }, event, ctx)).toBe(true);
    expect(seen[0]).toBe(anchor);
    expect(seen[1]).toBe(event);
  });

  it('`this` is undefined when the event has no element', () => {
    const seen: unknown[] = [];
    const fn = function (this: unknown) {
      seen.push(this);
      return true;
    };
    customCode({ fn }, { type: 'dom-ready' }, ctx);
    expect(seen).toEqual([undefined]);
  });

  it('a throwing snippet makes the rule not fire, and is logged', () => {
    resetPage();
    const seen = recorder();
    const satellite = startContainer(
      makeConfig({
        rules: [
          makeRule('r', {
            events: [on('direct-call', directCall, { id: 'go' })],
            conditions: [
              when('custom-code', customCode, {
                fn: () => {
                  throw new TypeError('digitalData.page is undefined');
                },
              }),
            ],
            actions: [seen.action],
          }),
        ],
      }),
    );
    satellite.track('go');
    expect(seen.calls).toHaveLength(0);
    expect(logged(satellite, 'error').some((m) => m.includes('digitalData.page is undefined'))).toBe(true);
  });
});
