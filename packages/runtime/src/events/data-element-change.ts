import { every } from '../core/timers';
import type { EventModule } from '../core/types';

/** SPEC §9: data-element change polling every 1 s. */
export const POLL_MS = 1000;

const fingerprint = (value: unknown): string => {
  try {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value + ':' + String(value);
  } catch {
    return '[unreadable]';
  }
};

const dataElementChange: EventModule = (subscriptions, ctx) => {
  const watched = subscriptions.map((subscription) => {
    const name = subscription.settings.name as string;
    return { subscription, name, last: fingerprint(ctx.getVar(name)) };
  });
  every(ctx, 'Data element change', POLL_MS, () => {
    // Each element is read once per tick, however many rules watch it.
    const seen = new Map<string, unknown>();
    for (const watch of watched) {
      if (!seen.has(watch.name)) seen.set(watch.name, ctx.getVar(watch.name));
      const value = seen.get(watch.name);
      const now = fingerprint(value);
      if (now !== watch.last) {
        watch.last = now;
        watch.subscription.trigger({ detail: { name: watch.name, value } });
      }
    }
  });
};
export default dataElementChange;
