import type { Context, EventModule, Occurrence, Subscription } from './types';

// Page lifecycle events fire in a fixed order, even when the container loads late:
// library loaded, page bottom, DOM ready, window loaded.
export const LIBRARY_LOADED = 0;
export const PAGE_BOTTOM = 1;
export const DOM_READY = 2;
export const WINDOW_LOADED = 3;

/**
 * The occurrence of an event the rules now run for: the same for every rule run in one turn of the event loop
 * (one click, DOM ready, one custom event, direct call or polling tick), so they set analytics variables for
 * the same hit (actions/shared/tracker.ts). `carry`: this turn goes on with that occurrence, the one of a
 * lifecycle stage that resumes in a task of its own (`stageTasks`).
 */
export function occurrence(ctx: Context, carry?: Occurrence): Occurrence {
  const shared = ctx.shared;
  return (!carry && (shared.occurrence as Occurrence)) || (Promise.resolve().then(() => (shared.occurrence = undefined)), (shared.occurrence = carry || {}));
}

export interface Lifecycle {
  add(stage: number, subscriptions: Subscription[]): void;
  /** Fires every stage up to and including `stage` that has not fired yet. */
  advance(stage: number): void;
}

export function getLifecycle(ctx: Context): Lifecycle {
  return (ctx.shared.lifecycle as Lifecycle) || (ctx.shared.lifecycle = createLifecycle(ctx));
}

/**
 * A task of DOM ready or window loaded rules ends once it has run this long (ms, the page's clock): the rules
 * left go on in a task of their own, in order and for the same hit, so that many rules never make one long
 * task (over 50 ms) that holds up the visitor's input. A rule is never split. Library loaded and page bottom
 * always run at once: the page's personalisation hides it from library loaded before its first paint, and the
 * page's own code follows `_satellite.pageBottom()`.
 */
export const STAGE_TASK_MS = 20;

/**
 * `advance` with TW_STAGE_TASKS: the rules of the stages reached run in order from one queue, each with its stage
 * and the occurrence of the turn that reached it. A stage reached from a rule runs after the rest of that rule's.
 */
function stageTasks(ctx: Context, stages: Subscription[][]): Lifecycle['advance'] {
  const queue: Array<[stage: number, subscription: Subscription, occurrence: Occurrence | false]> = [];
  let reached = -1;
  /** The queue is running, or waits for its next task. */
  let busy = false;
  /** `resumed`: in a task of its own, where each rule still sets variables for its own turn's hit. */
  const run = (resumed?: 1) => {
    // Taken just before the first rule, which therefore always runs: the queue moves on however slow a rule is.
    const from = performance.now();
    for (busy = true; queue.length; ) {
      const [stage, subscription, turn] = queue[0]!;
      if (stage >= DOM_READY && performance.now() - from > STAGE_TASK_MS) {
        try {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => ctx.safe('Page lifecycle', () => run(1), undefined);
          channel.port2.postMessage(0);
          return;
        } catch {
          // A page that broke MessageChannel: the rest runs in this task, as it did before tasks were bounded.
        }
      }
      queue.shift();
      if (TW_OCCURRENCES && resumed) occurrence(ctx, turn as Occurrence);
      subscription.trigger({});
    }
    busy = false;
  };
  return (stage) => {
    while (reached < stage) for (const subscription of stages[++reached]!) queue.push([reached, subscription, TW_OCCURRENCES && occurrence(ctx)]);
    if (!busy) run();
  };
}

function createLifecycle(ctx: Context): Lifecycle {
  const stages: Subscription[][] = [[], [], [], []];
  let reached = -1;
  const lifecycle: Lifecycle = {
    add: (stage, subscriptions) => stages[stage]!.push(...subscriptions),
    advance: TW_STAGE_TASKS
      ? stageTasks(ctx, stages)
      : (stage) => {
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
