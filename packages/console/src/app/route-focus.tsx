import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (it may be loading) before focus goes to the next best. */
const WAIT_MS = 5000;

/**
 * The heading of the page on show: inside a section layout (`data-section`, the property's pages)
 * the section's own first heading, else the first `h1` of the main area (or of the page, signed
 * out). Undefined while the page is still loading and has none yet.
 */
function pageHeading(): HTMLElement | undefined {
  const main = document.getElementById('main');
  const scope = main?.querySelector<HTMLElement>('[data-section]') ?? main ?? document.body;
  const heading = scope.querySelector<HTMLElement>('h1, h2');
  if (heading) return heading;
  if (scope.querySelector('.loading')) return undefined;
  return main?.querySelector<HTMLElement>('h1') ?? main ?? document.querySelector<HTMLElement>('h1') ?? undefined;
}

/**
 * After each navigation (a new path, not a new query string), the page starts at its top and focus
 * moves to its heading, so a keyboard or screen reader user starts reading the new page rather than
 * wherever the last one left them. Focus the user has moved meanwhile stays where they put it. The
 * first page of a visit is left to the browser.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // The browser would put a page reached by Back where it was left, after this has put it at the top.
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const left = document.activeElement;
    const moved = () => {
      const now = document.activeElement;
      return now !== left && now !== document.body && now !== null && left?.isConnected === true;
    };
    const focus = (): boolean => {
      const heading = pageHeading();
      if (!heading) return false;
      if (!moved()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focus()) return;
    // Still loading: wait for the heading to appear.
    const observer = new MutationObserver(() => focus() && stop());
    const timer = setTimeout(() => {
      stop();
      if (!moved()) document.getElementById('main')?.focus({ preventScroll: true });
    }, WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
