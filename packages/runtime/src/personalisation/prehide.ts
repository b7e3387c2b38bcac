// SPEC §5, §9: the prehiding style hides what personalisation may change (the body with opacity 0 by
// default) from before the decision request until the decision is rendered, and at the latest until
// the request time-out: the page is never left hidden, whatever fails.

/**
 * Applies `style` now (synchronously, so the body is hidden before it is painted) with the page's CSP
 * nonce, and shows the page again after `timeout` ms at the latest. Returns the function that shows it
 * now; calling it again does nothing.
 */
export function prehide(style: string, nonce: string | undefined, timeout: number): () => void {
  const element = document.createElement('style');
  if (nonce) element.nonce = nonce;
  element.textContent = style;
  (document.head || document.documentElement).appendChild(element);
  const show = () => {
    clearTimeout(timer);
    element.remove();
  };
  const timer = setTimeout(show, timeout);
  return show;
}
