import { every } from '../core/timers';
import type { EventModule } from '../core/types';

/** SPEC §9: element-exists polling every 3 s. */
export const POLL_MS = 3000;
/** SPEC §9: selector polling times out at 5000 ms: one last look then, and no polling after it. */
export const TIMEOUT_MS = 5000;

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
  const safeCheck = () => ctx.safe('Element exists', check, undefined);
  // Not during registration: the first check waits until every rule is registered, as the lifecycle does.
  Promise.resolve().then(safeCheck);
  document.addEventListener('DOMContentLoaded', safeCheck);
  const polling = every(ctx, 'Element exists', POLL_MS, check);
  setTimeout(() => {
    clearInterval(polling);
    safeCheck();
  }, TIMEOUT_MS);
};
export default elementExists;
