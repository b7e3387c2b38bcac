// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, BASE_URL, makeConfig, makeRule, on, recorder, resetPage, setUrl, settle, startContainer, watchPageErrors, when } from '../core/test-helpers';
import type { ActionModule, ConditionModule, RuleConfig } from '../core/types';
import click, { ANCHOR_DELAY_MS } from './click';

let errors: unknown[];
let assign: MockInstance<(url: string | URL) => void>;
beforeEach(() => {
  resetPage();
  errors = watchPageErrors();
  document.body.innerHTML = `
    <nav id="header">
      <a id="next" class="tracked" href="/next"><span id="inner">Next <b id="deep">page</b></span></a>
      <a id="blank" class="tracked" href="/next" target="_blank">New tab</a>
      <a id="self" class="tracked" href="/next" target="_self">Same tab</a>
      <a id="download" class="tracked" href="/leaflet.pdf" download>Leaflet</a>
      <a id="hash" class="tracked" href="#main">Skip</a>
      <a id="same-page" class="tracked" href="/#main">Top of this page</a>
      <a id="js" class="tracked" href="javascript:void(0)">Script</a>
      <button id="button" class="tracked" type="button">Button</button>
    </nav>
    <a id="untracked" href="/elsewhere">Elsewhere</a>`;
  assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
  // Stands in for the browser's own navigation, after the container's document listener.
  window.addEventListener('click', (event) => event.preventDefault());
});

const byId = (id: string) => document.getElementById(id)!;
/** Clicks like a visitor; returns whether the default (navigation) was prevented by the time the document heard it. */
function clickOn(target: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  let preventedAtDocument = false;
  const check = () => void (preventedAtDocument = event.defaultPrevented);
  // Registered after the container's listener on the same node, so it runs after it.
  document.addEventListener('click', check);
  target.dispatchEvent(event);
  document.removeEventListener('click', check);
  return { event, preventedAtDocument };
}
const clickRule = (name: string, selector: string, parts: Partial<RuleConfig> = {}, settings: Record<string, unknown> = {}) =>
  makeRule(name, { events: [on('click', click, { selector, anchorDelay: true, ...settings })], ...parts });

describe('click: selector matching', () => {
  it('fires the rules whose selector matches the clicked element or an ancestor, with that element and the event', () => {
    const link = recorder('link');
    const nav = recorder('nav');
    const none = recorder('none');
    startContainer(
      makeConfig({
        rules: [
          clickRule('link', 'a.tracked', { actions: [link.action] }, { anchorDelay: false }),
          clickRule('nav', '#header', { actions: [nav.action] }, { anchorDelay: false }),
          clickRule('none', '.not-on-page', { actions: [none.action] }),
        ],
      }),
    );
    const { event } = clickOn(byId('deep'));
    expect(link.calls).toHaveLength(1);
    expect(link.calls[0]!.event.element).toBe(byId('next'));
    expect(link.calls[0]!.event.nativeEvent).toBe(event);
    expect(link.calls[0]!.event.type).toBe('click');
    expect(nav.calls[0]!.event.element).toBe(byId('header'));
    expect(none.calls).toHaveLength(0);
  });

  it('tests every selector as one list first (TW_CLICK_LIST): a click none matches costs one test, a match fires only its rules', () => {
    const fired = recorder('fired');
    const rules = Array.from({ length: 40 }, (_, i) => clickRule(`rule ${i}`, i === 37 ? '#header a.tracked' : `#promo-${i}`, { actions: [fired.action] }, { anchorDelay: false }));
    startContainer(makeConfig({ rules }));
    const closest = vi.spyOn(Element.prototype, 'closest');
    try {
      clickOn(byId('untracked'));
      expect(closest).toHaveBeenCalledTimes(1);
      expect(fired.calls).toHaveLength(0);
      clickOn(byId('deep'));
      expect(fired.calls.map((c) => c.event.element)).toEqual([byId('next')]);
    } finally {
      closest.mockRestore();
    }
  });

  it('falls back to each rule’s own selector when the list has one this browser cannot read', () => {
    const fired = recorder('fired');
    startContainer(makeConfig({ rules: [clickRule('read', 'a.tracked', { actions: [fired.action] }, { anchorDelay: false }), clickRule('unread', 'a:::b')] }));
    // Stands for a selector this browser cannot read (the compiler refuses one no browser can).
    expect(() => document.body.closest('a:::b')).toThrow();
    clickOn(byId('deep'));
    expect(fired.calls).toHaveLength(1);
  });

  it('does not fire for clicks elsewhere', () => {
    const link = recorder();
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked', { actions: [link.action] })] }));
    clickOn(byId('untracked'));
    clickOn(document.body);
    expect(link.calls).toHaveLength(0);
  });

  it('runs several click rules in their listed order', () => {
    const order: string[] = [];
    const write = (entry: string) => act('w', (() => void order.push(entry)) as ActionModule);
    startContainer(makeConfig({ rules: [clickRule('1', 'a', { actions: [write('1')] }), clickRule('2', '#next', { actions: [write('2')] })] }));
    clickOn(byId('next'));
    expect(order).toEqual(['1', '2']);
  });

  it('fires for non-anchor elements without holding anything', () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [clickRule('button', '#button', { actions: [seen.action] })] }));
    vi.useFakeTimers();
    const { preventedAtDocument } = clickOn(byId('button'));
    vi.advanceTimersByTime(1000);
    expect(seen.calls[0]!.event.element).toBe(byId('button'));
    expect(preventedAtDocument).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('click: whether it may leave the page (leavesPage)', () => {
  it('is true only for a link this window follows or a form it submits, as the rules see it', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<form id="form" action="/search"><input id="field"><button id="send">Search</button><button id="plain" type="button">Clear</button><input id="go" type="submit"></form>`,
    );
    const seen = recorder();
    startContainer(makeConfig({ rules: [clickRule('any', 'body', { actions: [seen.action] }, { anchorDelay: false })] }));
    const leaves = (id: string, init: MouseEventInit = {}) => {
      // happy-dom follows some of these links itself: each click starts on the same page.
      setUrl(BASE_URL);
      clickOn(byId(id), init);
      return seen.calls.at(-1)!.event.leavesPage;
    };
    expect(leaves('deep')).toBe(true);
    expect(leaves('self')).toBe(true);
    expect(leaves('send')).toBe(true);
    expect(leaves('go')).toBe(true);
    // The page stays: another tab, a download, a part of this page, script, a plain button, a field.
    expect(leaves('blank')).toBe(false);
    expect(leaves('next', { ctrlKey: true })).toBe(false);
    expect(leaves('download')).toBe(false);
    expect(leaves('hash')).toBe(false);
    expect(leaves('same-page')).toBe(false);
    expect(leaves('js')).toBe(false);
    expect(leaves('button')).toBe(false);
    expect(leaves('plain')).toBe(false);
    expect(leaves('field')).toBe(false);
    expect(leaves('untracked')).toBe(true);
  });
});

describe(`click: the ${ANCHOR_DELAY_MS} ms anchor delay`, () => {
  it('holds a plain click on a link: prevents the navigation, then goes there after the delay', () => {
    vi.useFakeTimers();
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked')] }));
    const { preventedAtDocument } = clickOn(byId('inner'));
    expect(preventedAtDocument).toBe(true);
    vi.advanceTimersByTime(ANCHOR_DELAY_MS - 1);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/next');
  });

  it('holds target=_self links too', () => {
    vi.useFakeTimers();
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked')] }));
    expect(clickOn(byId('self')).preventedAtDocument).toBe(true);
    vi.advanceTimersByTime(ANCHOR_DELAY_MS);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/next');
  });

  it('holds once however many rules fire', () => {
    vi.useFakeTimers();
    startContainer(makeConfig({ rules: [clickRule('a', 'a.tracked'), clickRule('b', '#next'), clickRule('c', 'nav')] }));
    clickOn(byId('next'));
    vi.advanceTimersByTime(1000);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  const notHeld: Array<[string, string, MouseEventInit]> = [
    ['ctrl-click', 'next', { ctrlKey: true }],
    ['cmd-click', 'next', { metaKey: true }],
    ['shift-click', 'next', { shiftKey: true }],
    ['alt-click', 'next', { altKey: true }],
    ['middle click', 'next', { button: 1 }],
    ['target=_blank', 'blank', {}],
    ['a download link', 'download', {}],
    ['a hash-only href', 'hash', {}],
    ['a link to a part of this page', 'same-page', {}],
    ['a javascript: link', 'js', {}],
  ];
  it.each(notHeld)('does not hold %s (the rule still fires)', (_label, id, init) => {
    vi.useFakeTimers();
    const seen = recorder();
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked', { actions: [seen.action] })] }));
    const { preventedAtDocument } = clickOn(byId(id), init);
    vi.advanceTimersByTime(1000);
    expect(seen.calls).toHaveLength(1);
    expect(preventedAtDocument).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not hold a click the page already prevented', () => {
    vi.useFakeTimers();
    byId('next').addEventListener('click', (event) => event.preventDefault());
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked')] }));
    clickOn(byId('next'));
    vi.advanceTimersByTime(1000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not hold when the rule does not fire (its conditions fail)', () => {
    vi.useFakeTimers();
    const no: ConditionModule = () => false;
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked', { conditions: [when('no', no)] })] }));
    const { preventedAtDocument } = clickOn(byId('next'));
    vi.advanceTimersByTime(1000);
    expect(preventedAtDocument).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not hold when anchorDelay is false', () => {
    vi.useFakeTimers();
    const seen = recorder();
    startContainer(makeConfig({ rules: [clickRule('link', 'a.tracked', { actions: [seen.action] }, { anchorDelay: false })] }));
    const { preventedAtDocument } = clickOn(byId('next'));
    vi.advanceTimersByTime(1000);
    expect(seen.calls).toHaveLength(1);
    expect(preventedAtDocument).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('holds when any fired rule asks for the delay', () => {
    vi.useFakeTimers();
    startContainer(makeConfig({ rules: [clickRule('no delay', 'a.tracked', {}, { anchorDelay: false }), clickRule('delay', '#next')] }));
    expect(clickOn(byId('next')).preventedAtDocument).toBe(true);
    vi.advanceTimersByTime(ANCHOR_DELAY_MS);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('does not hold when the matched element is not inside a link', () => {
    vi.useFakeTimers();
    startContainer(makeConfig({ rules: [clickRule('button', '#button')] }));
    clickOn(byId('button'));
    vi.advanceTimersByTime(1000);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('click: containment', () => {
  it('a failing rule does not stop the others or the navigation, and nothing reaches the page', async () => {
    vi.useFakeTimers();
    const seen = recorder();
    const no: ConditionModule = () => {
      throw new Error('x');
    };
    startContainer(
      makeConfig({
        rules: [
          clickRule('throws', 'a.tracked', {
            actions: [
              act('boom', () => {
                throw new Error('boom');
              }),
            ],
          }),
          clickRule('condition throws', 'a.tracked', { conditions: [when('boom', no)] }),
          clickRule('fine', 'a.tracked', { actions: [seen.action] }),
        ],
      }),
    );
    expect(() => clickOn(byId('next'))).not.toThrow();
    vi.advanceTimersByTime(ANCHOR_DELAY_MS);
    expect(seen.calls).toHaveLength(1);
    expect(assign).toHaveBeenCalledTimes(1);
    await settle();
    expect(errors).toEqual([]);
  });

  it('ignores click events whose target is not an element', () => {
    const seen = recorder();
    startContainer(makeConfig({ rules: [clickRule('any', '*', { actions: [seen.action] })] }));
    expect(() => document.dispatchEvent(new MouseEvent('click', { bubbles: true }))).not.toThrow();
    expect(() => window.dispatchEvent(new MouseEvent('click'))).not.toThrow();
    expect(seen.calls).toHaveLength(0);
  });
});

describe('click: rules that wait whole (ContainerConfig.lazyRules)', () => {
  it('makes their subscriptions on the first click, once, and runs them in their order then and on every later click', () => {
    const first = recorder('first');
    const second = recorder('second');
    const rules = vi.fn(() => [clickRule('first', 'a.tracked', { actions: [first.action] }, { anchorDelay: false }), clickRule('second', '#next', { actions: [second.action] }, { anchorDelay: false })]);
    startContainer(makeConfig({ rules: [], lazyRules: [{ module: click, rules }] }));
    // The start needs none of them.
    expect(rules).not.toHaveBeenCalled();
    clickOn(byId('untracked'));
    expect(rules).toHaveBeenCalledTimes(1);
    expect([first.calls, second.calls].map((c) => c.length)).toEqual([0, 0]);
    clickOn(byId('deep'));
    clickOn(byId('blank'));
    expect(rules).toHaveBeenCalledTimes(1);
    expect(first.calls.map((c) => (c.event.element as Element).id)).toEqual(['next', 'blank']);
    expect(second.calls.map((c) => [c.event.rule, (c.event.element as Element).id])).toEqual([['second', 'next']]);
    expect(errors).toEqual([]);
  });
});
