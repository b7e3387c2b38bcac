import type { EventModule, Subscription } from '../core/types';

/** `_satellite.track(id, detail)`: rules are found by identifier, not by scanning every rule. */
const directCall: EventModule = (subscriptions, ctx) => {
  const byId = new Map<string, Subscription[]>();
  for (const subscription of subscriptions) {
    const id = subscription.settings.id as string;
    byId.set(id, [...(byId.get(id) || []), subscription]);
  }
  ctx.shared.directCall = (identifier: string, detail: unknown): boolean => {
    const list = byId.get(identifier);
    if (list) for (const { trigger } of list) trigger({ identifier, detail });
    return !!list;
  };
};
export default directCall;
