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
