/**
 * The elements matching `selector`, at once when on the page, else as soon as one is added, or
 * none after `timeout` ms (SPEC §9: selector polling times out at 5000 ms). Rejects on a selector
 * the browser cannot parse.
 */
export const waitForSelector = (selector: string, timeout: number) =>
  new Promise<Element[]>((resolve) => {
    const find = () => [...document.querySelectorAll(selector)];
    const now = find();
    if (now.length) return resolve(now);
    const done = (elements: Element[]) => {
      clearTimeout(timer);
      observer.disconnect();
      resolve(elements);
    };
    // The selector parsed once, so later finds cannot throw.
    const observer = new MutationObserver(() => {
      const found = find();
      if (found.length) done(found);
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    const timer = setTimeout(done, timeout, []);
  });
