import type { Context, EventModule, Subscription } from './types';

// Page lifecycle events fire in a fixed order, even when the container loads late:
// library loaded, page bottom, DOM ready, window loaded.
export const LIBRARY_LOADED = 0;
export const PAGE_BOTTOM = 1;
export const DOM_READY = 2;
export const WINDOW_LOADED = 3;

export interface Lifecycle {
  add(stage: number, subscriptions: Subscription[]): void;
  /** Fires every stage up to and including `stage` that has not fired yet. */
  advance(stage: number): void;
}

export function getLifecycle(ctx: Context): Lifecycle {
  return (ctx.shared.lifecycle as Lifecycle) || (ctx.shared.lifecycle = createLifecycle(ctx));
}

function createLifecycle(ctx: Context): Lifecycle {
  const stages: Subscription[][] = [[], [], [], []];
  let reached = -1;
  const lifecycle: Lifecycle = {
    add: (stage, subscriptions) => stages[stage]!.push(...subscriptions),
    advance(stage) {
      while (reached < stage) for (const subscription of stages[++reached]!) subscription.trigger({});
    },
  };
  const at = (stage: number) => () => ctx.safe('Page lifecycle', () => lifecycle.advance(stage), undefined);
  // Registration is synchronous; the first stage fires once every rule is registered.
  Promise.resolve().then(() => {
    const state = document.readyState;
    at(state == 'complete' ? WINDOW_LOADED : state == 'loading' ? LIBRARY_LOADED : DOM_READY)();
    document.addEventListener('DOMContentLoaded', at(DOM_READY));
    addEventListener('load', at(WINDOW_LOADED));
  });
  return lifecycle;
}

export const lifecycleEvent =
  (stage: number): EventModule =>
  (subscriptions, ctx) =>
    getLifecycle(ctx).add(stage, subscriptions);
