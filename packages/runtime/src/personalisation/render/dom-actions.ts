import type { WireAction } from '../types';
import { fragment, unsafe } from './markup';

// Each action reads its own wire shape (packages/schema activities-offers.ts); a wrong shape throws
// and is logged as a failed action (SPEC §8).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Content = any;
/** Applies one action to one element; returns the elements it rendered when they are not `el` itself. */
type Apply = (el: Element, content: Content, nonce?: string) => Element[] | void;

/** Markup inserted beside an element: the rendered elements are the inserted ones. */
const beside =
  (where: 'before' | 'after'): Apply =>
  (el, content, nonce) => {
    const nodes = fragment(content, nonce);
    const inserted = [...nodes.children];
    el[where](nodes);
    return inserted;
  };

/** The DOM actions by their wire names (the Target page library's). */
export const ACTIONS: Record<string, Apply> = {
  setHtml: (el, content, nonce) => el.replaceChildren(fragment(content, nonce)),
  setText: (el, content) => void (el.textContent = content),
  setAttribute: (el, content) => {
    for (const name in content) if (!unsafe(name, content[name])) el.setAttribute(name, content[name]);
  },
  setStyle: (el, content) => {
    for (const name in content) if (name != 'priority') (el as HTMLElement).style.setProperty(name, content[name], content.priority);
  },
  setImageSource: (el, content) => el.setAttribute('src', content),
  remove: (el) => (el.remove(), []),
  insertBefore: beside('before'),
  insertAfter: beside('after'),
  appendHtml: (el, content, nonce) => el.append(fragment(content, nonce)),
  prependHtml: (el, content, nonce) => el.prepend(fragment(content, nonce)),
  /** Moves the child at `from` to position `to`. */
  rearrange: (el, { from, to }) => {
    const children = el.children;
    const moved = children[from];
    const at = children[to];
    if (moved && at) at[from < to ? 'after' : 'before'](moved);
  },
  /** Nothing to change: the element's clicks are reported (clicks.ts). */
  trackClick: () => {},
};

/** The action's selector. Quoted: the compiler shortens the runtime's own `selector` property, not the wire's (internal-properties.ts). */
export const selectorOf = (action: WireAction) => action.cssSelector || action['selector'];

/** SPEC §8: why an action cannot be applied (`Invalid DOM action data: <problem>`), if it cannot. */
export const problemOf = (action: WireAction) =>
  !action?.type
    ? 'missing type'
    : !selectorOf(action)
      ? 'missing selector'
      : !{}.hasOwnProperty.call(ACTIONS, action.type as string)
        ? 'unknown type'
        : '';
