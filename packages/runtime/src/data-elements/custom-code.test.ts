// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, logged, makeConfig, resetPage, startContainer, startWithContext } from '../core/test-helpers';
import type { RuleEvent } from '../core/types';
import customCode from './custom-code';

beforeEach(() => resetPage());

describe('custom-code data element', () => {
  it('gives what the compiled function returns, of any type', () => {
    const list = ['a'];
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          Text: element('custom-code', customCode, { fn: () => 'Page ' + document.title }),
          List: element('custom-code', customCode, { fn: () => list }),
          Nothing: element('custom-code', customCode, { fn: () => undefined }, { default: 'N/A' }),
        },
      }),
    );
    document.title = 'Hives';
    expect(satellite.getVar('Text')).toBe('Page Hives');
    expect(satellite.getVar('List')).toBe(list);
    expect(satellite.getVar('Nothing')).toBe('N/A');
  });

  it('runs again on every read', () => {
    let n = 0;
    const satellite = startContainer(makeConfig({ dataElements: { Counter: element('custom-code', customCode, { fn: () => ++n }) } }));
    expect(satellite.getVar('Counter')).toBe(1);
    expect(satellite.getVar('Counter')).toBe(2);
  });

  it('sees the rule event: `this` is its element', () => {
    document.body.innerHTML = '<div class="card" data-rank="3"><a id="card-link" href="/x">Card</a></div>';
    const link = document.getElementById('card-link')!;
    const { ctx } = startWithContext(
      makeConfig({
        dataElements: {
          Rank: element('custom-code', customCode, {
            fn: function (this: Element | undefined, event?: RuleEvent) {
              return this ? this.closest('.card')!.getAttribute('data-rank') + '/' + event!.type : 'no element';
            },
          }),
        },
      }),
    );
    expect(ctx.resolve('%Rank%', { type: 'click', element: link })).toBe('3/click');
    expect(ctx.getVar('Rank')).toBe('no element');
  });

  it('a throwing snippet gives the default and is logged', () => {
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          Broken: element(
            'custom-code',
            customCode,
            {
              fn: () => {
                throw new TypeError("Cannot read properties of undefined (reading 'x')");
              },
            },
            { default: 'N/A' },
          ),
        },
      }),
    );
    expect(satellite.getVar('Broken')).toBe('N/A');
    expect(logged(satellite, 'error').some((m) => m.includes('Broken') && m.includes("reading 'x'"))).toBe(true);
  });
});
