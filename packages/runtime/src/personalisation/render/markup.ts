/** An attribute that could run code: an event handler, an iframe's srcdoc, or a javascript: URL (tabs and controls are ignored by URL parsing). */
export const unsafe = (name: string, value: unknown) => /^(on|srcdoc)/i.test(name) || /^javascript:/i.test(('' + value).replace(/[\0- ]/g, ''));

/**
 * Offer markup as nodes that run nothing (SPEC §8: offers carry no code; the server refuses it and
 * the page checks again): parsed in a <template>, scripts and unsafe attributes dropped; style
 * elements get the page's CSP nonce so they apply on nonce-only pages.
 */
export function fragment(html: string, nonce?: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.querySelectorAll('*').forEach((el) => {
    if (el.localName == 'script') return el.remove();
    for (const { name, value } of [...el.attributes]) if (unsafe(name, value)) el.removeAttribute(name);
    if (nonce && el.localName == 'style') el.setAttribute('nonce', nonce);
  });
  return template.content;
}
