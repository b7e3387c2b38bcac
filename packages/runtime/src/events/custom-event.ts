import type { EventModule, Subscription } from '../core/types';

/** Listens in the capture phase on the document, so events that do not bubble are heard too. */
const customEvent: EventModule = (subscriptions, ctx) => {
  const byType = new Map<string, Subscription[]>();
  for (const subscription of subscriptions) {
    const type = subscription.settings.eventType as string;
    byType.set(type, [...(byType.get(type) || []), subscription]);
  }
  byType.forEach((list, type) =>
    document.addEventListener(
      type,
      (event) =>
        ctx.safe(`Custom event "${type}"`, () => {
          // A custom event the rules listen to goes into the visitor's event history (issue 16); only with the event history (TW_EVENT_HISTORY).
          if (TW_EVENT_HISTORY && ctx.target) ctx.target.record([type]);
          const target = event.target as Element | null;
          for (const { settings, trigger } of list) {
            const selector = settings.selector as string | undefined;
            const element = selector ? (target && typeof target.closest === 'function' ? target.closest(selector) : null) : target;
            if (selector && !element) continue;
            trigger({ element: element as Element | null, nativeEvent: event, detail: (event as CustomEvent).detail });
          }
        }, undefined),
      true,
    ),
  );
};
export default customEvent;
