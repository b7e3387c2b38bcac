import { fragment } from '../render/markup';
import type { Display } from './validate';

// The in-app message as a modal dialog a health site can give everyone (issue 16 item 2): a native
// <dialog> opened with showModal (the rest of the page inert, Tab going round inside it), named by the message's
// first heading, with a labelled close button that takes the focus; Escape, the close button and a
// click outside the message dismiss it; its links and buttons are an interaction. On closing, the page
// scrolls again as it did before and the focus returns where it was. Styles are set through the
// CSSOM, which a nonce-only CSP allows; SPEC §9's container defaults apply to what the offer leaves out.

/** SPEC §9: in-app message container defaults. */
const WIDTH = 100;
const HEIGHT = 100;
const BACKDROP = 'rgba(0,0,0,0.5)';
const OPACITY = 0.5;
/** Narrower than this (or the screen) a message is not readable: 20rem is 320 px, within a 360 px screen. */
const MIN_WIDTH = 'min(100vw,20rem)';
const ID = 'tw-message-heading';

export interface DialogEvents {
  /** The visitor followed a link or pressed a button of the message. */
  interact(): void;
  /** The visitor closed it: the close button, Escape, or a click outside the message. */
  dismiss(): void;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  return node;
};
const bounded = (value: unknown, min: number, max: number, fallback: number) => (typeof value == 'number' && value >= min && value <= max ? value : fallback);

/**
 * Opens the message; undefined when this browser has no modal dialog (nothing is shown). The events
 * fire once, whichever comes first; the dialog is then removed.
 */
export function openDialog(html: string, display: Display, nonce: string | undefined, on: DialogEvents): HTMLDialogElement | undefined {
  const dialog = el('dialog', {
    position: 'fixed',
    inset: '0',
    margin: 'auto',
    width: bounded(display.width, 50, 100, WIDTH) + '%',
    height: bounded(display.height, 30, 100, HEIGHT) + 'vh',
    minWidth: MIN_WIDTH,
    maxWidth: '100vw',
    maxHeight: '100vh',
    padding: '0',
    border: '0',
    background: 'transparent',
    overflow: 'visible',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
  });
  if (typeof dialog.showModal != 'function') return undefined;
  dialog.className = 'tw-message';
  const backdrop = el('div', {
    position: 'fixed',
    inset: '0',
    background: /^(#[0-9a-f]{3,6}|rgba?\([\d\s.,]+\))$/i.test('' + display.backdropColor) ? (display.backdropColor as string) : BACKDROP,
    opacity: '' + bounded(display.backdropOpacity, 0, 1, OPACITY),
  });
  const panel = el('div', {
    position: 'relative',
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '40rem',
    maxHeight: '100%',
    overflow: 'auto',
    overflowWrap: 'anywhere',
    padding: '1rem 1.5rem 1.5rem',
    background: '#fff',
    color: '#212b32',
    borderRadius: '4px',
  });
  const close = el('button', { display: 'block', marginLeft: 'auto', minWidth: '44px', minHeight: '44px', padding: '0 .75rem', font: 'inherit', color: '#005eb8', background: '#fff', border: '2px solid #005eb8', borderRadius: '4px', cursor: 'pointer' });
  close.type = 'button';
  close.textContent = 'Close';
  close.setAttribute('aria-label', 'Close this message');
  const content = el('div', {});
  content.appendChild(fragment(html, nonce));
  for (const img of content.querySelectorAll('img')) img.style.maxWidth = '100%';
  panel.append(close, content);
  dialog.append(backdrop, panel);

  // The dialog's name: the message's first heading (the schema requires one).
  const heading = content.querySelector('h1,h2,h3,h4,h5,h6');
  if (heading) dialog.setAttribute('aria-labelledby', heading.id || (heading.id = ID));
  else dialog.setAttribute('aria-label', 'Message');

  const root = document.documentElement;
  const overflow = root.style.overflow;
  const focused = document.activeElement as HTMLElement | null;
  let done = false;
  const finish = (event?: () => void) => {
    if (done) return;
    done = true;
    root.style.overflow = overflow;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (focused && focused.isConnected && focused.focus) focused.focus();
    if (event) event();
  };
  close.addEventListener('click', () => finish(on.dismiss));
  // The rest of the page is inert, but Tab would leave for the browser's own controls: it goes round the message instead.
  dialog.addEventListener('keydown', (e) => {
    if (e.key != 'Tab') return;
    const stops = [...dialog.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]:not([tabindex="-1"])')];
    const edge = stops[e.shiftKey ? 0 : stops.length - 1];
    if (document.activeElement == edge) {
      e.preventDefault();
      stops[e.shiftKey ? stops.length - 1 : 0]!.focus();
    }
  });
  // Escape closes a modal dialog (with or without a cancel event first): any close not ours is a dismissal.
  dialog.addEventListener('close', () => finish(on.dismiss));
  dialog.addEventListener('click', (e) => {
    const target = e.target as Element;
    if (target == dialog || target == backdrop) return finish(on.dismiss);
    // A link (its navigation goes on) or a button of the message: an interaction, and the message closes.
    if (target != close && content.contains(target.closest('a[href],button'))) finish(on.interact);
  });

  document.body.appendChild(dialog);
  // SPEC §9's full-screen container would let the page scroll behind it: no scrolling until it closes.
  root.style.overflow = 'hidden';
  dialog.showModal();
  close.focus();
  return dialog;
}
