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
      while (reached < stage) {
        const current = ++reached;
        for (const subscription of stages[current]!) subscription.trigger({});
      }
    },
  };
  const advance = (stage: number) => () => ctx.safe('Page lifecycle', () => lifecycle.advance(stage), undefined);
  // Registration is synchronous; the first stage fires once every rule is registered.
  Promise.resolve().then(() => {
    advance(LIBRARY_LOADED)();
    const state = document.readyState;
    if (state !== 'loading') advance(DOM_READY)();
    else document.addEventListener('DOMContentLoaded', advance(DOM_READY));
    if (state === 'complete') advance(WINDOW_LOADED)();
    else window.addEventListener('load', advance(WINDOW_LOADED));
  });
  return lifecycle;
}

export const lifecycleEvent =
  (stage: number): EventModule =>
  (subscriptions, ctx) =>
    getLifecycle(ctx).add(stage, subscriptions);
