import { every } from '../core/timers';
import type { EventModule } from '../core/types';

/** SPEC §9: element-exists polling every 3 s. */
export const POLL_MS = 3000;

/** Fires once for each element that comes to match the selector. */
const elementExists: EventModule = (subscriptions, ctx) => {
  const seen = subscriptions.map(() => new WeakSet<Element>());
  const check = () =>
    subscriptions.forEach(({ settings, trigger }, i) => {
      const elements = document.querySelectorAll(settings.selector as string);
      for (let j = 0; j < elements.length; j++) {
        const element = elements[j]!;
        if (seen[i]!.has(element)) continue;
        seen[i]!.add(element);
        trigger({ element });
      }
    });
  // Not during registration: the first check waits until every rule is registered, as the lifecycle does.
  Promise.resolve().then(() => ctx.safe('Element exists', check, undefined));
  document.addEventListener('DOMContentLoaded', () => ctx.safe('Element exists', check, undefined));
  every(ctx, 'Element exists', POLL_MS, check);
};
export default elementExists;
