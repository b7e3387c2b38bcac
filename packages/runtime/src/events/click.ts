import type { LazyEventModule, Subscription } from '../core/types';

/** SPEC §9: click rules wait 100 ms for anchors. */
export const ANCHOR_DELAY_MS = 100;

const click: LazyEventModule = (subscriptions, ctx) => {
  // Every rule's selector as one list (TW_CLICK_LIST), joined on the first click: not a cost of the start. Kept in
  // a one-element array rather than a `let`: with the define off esbuild drops this `const`, and it would keep a `let`.
  const list: string[] | false = TW_CLICK_LIST && [];
  document.addEventListener('click', (event) =>
    ctx.safe('Click', () => {
      const target = event.target as Element | null;
      if (!target || typeof target.closest !== 'function') return;
      // Given as a function (TW_RULE_BODIES, ContainerConfig.lazyRules), the subscriptions are made on the first click.
      if (TW_RULE_BODIES && typeof subscriptions == 'function') subscriptions = subscriptions();
      // Many click rules: a click that none of them matches, most clicks, is told by one test instead of one a rule.
      if (TW_CLICK_LIST)
        try {
          const joined = list as string[];
          if (!target.closest(joined[0] || (joined[0] = (subscriptions as Subscription[]).map((s) => s.settings.selector).join()))) return;
        } catch {
          // A selector this browser cannot read spoils the list: each rule's own test below.
        }
      let delay = false;
      const anchor = target.closest('a[href]') as HTMLAnchorElement | null;
      // Whether this click may take the visitor off the page, before any rule runs (our hold below prevents the default).
      // A page script that navigates from a plain button's click is not seen: its link hit goes as an image, as AppMeasurement's would.
      const leavesPage = anchor ? shouldHold(anchor, event) : submits(target, event);
      for (const { settings, trigger } of subscriptions as Subscription[]) {
        const element = target.closest(settings.selector as string);
        if (element && trigger({ element, nativeEvent: event, leavesPage }) && settings.anchorDelay !== false) delay = true;
      }
      if (delay && anchor && shouldHold(anchor, event)) {
        // Hold the navigation long enough for the hit to leave, then go where the visitor asked.
        event.preventDefault();
        const href = anchor.href;
        setTimeout(() => location.assign(href), ANCHOR_DELAY_MS);
      }
    }, undefined),
  );
};

/** A click on a form's submit button sends the form, which leaves the page unless the page stops it. */
function submits(target: Element, event: MouseEvent): boolean {
  const control = target.closest('button,input') as HTMLButtonElement | HTMLInputElement | null;
  return !!control && !!control.form && control.type == 'submit' && !event.defaultPrevented;
}

/** Only a plain left click that would navigate this window is held. */
function shouldHold(anchor: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  if (anchor.hasAttribute('download')) return false;
  const target = (anchor.getAttribute('target') || '').toLowerCase();
  if (target && target !== '_self' && !(target === '_top' && window.top === window) && !(target === '_parent' && window.parent === window)) return false;
  const href = anchor.getAttribute('href') || '';
  if (href.charAt(0) === '#' || /^\s*javascript:/i.test(href)) return false;
  // A link to another part of the same page does not unload it.
  return !(anchor.href.split('#')[0] === location.href.split('#')[0] && anchor.hash);
}
export default click;
