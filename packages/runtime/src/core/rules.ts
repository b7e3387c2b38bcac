import type { ConditionConfig, Context, RuleConfig, RuleEvent } from './types';

/** Evaluates a rule for one occurrence of its event and runs its actions in order; true when it ran. */
export function runRule(rule: RuleConfig, event: RuleEvent, ctx: Context): boolean {
  event.rule = rule.name;
  // A large container parses a rule's conditions and actions when the rule first runs, not as it starts.
  if (TW_RULE_BODIES && !rule.actions) ctx.config.loadBody!(rule);
  // A throwing condition counts as false (ARCHITECTURE: runtime shape), negated or not. Components
  // are named by their place in the rule, as in the property document. (No computed access to
  // rule parts: their names are mangled in containers.)
  const first = (list: ConditionConfig[] | undefined, part: string, expected: boolean): string | undefined => {
    const i = (list || []).findIndex(
      (c, j) => ctx.safe(`Rule "${rule.name}" ${part}[${j}]`, () => !!c.module(c.settings, event, ctx) != !!c.negate, false) != expected,
    );
    return i < 0 ? undefined : `${part}[${i}]`;
  };
  const failed = first(rule.conditions, 'conditions', true) || first(rule.exceptions, 'exceptions', false);
  // One property read when no debugger is connected; nothing at all in production containers.
  if (TW_DEBUG_BRIDGE && ctx.bridge) ctx.bridge.onRule(rule, event, failed);
  if (failed) {
    ctx.log.debug(`Rule "${rule.name}" not run: ${failed}`);
    return false;
  }
  ctx.log.log(`Rule "${rule.name}" fired`);
  runActions(rule, event, ctx, 0);
  return true;
}

function runActions(rule: RuleConfig, event: RuleEvent, ctx: Context, from: number): void {
  // A throwing or rejecting action stops its rule.
  const fail = (i: number) => (error: unknown) =>
    ctx.log.error(`Rule "${rule.name}" stopped: actions[${i}] failed:`, error);
  for (let i = from; i < rule.actions.length; i++) {
    const action = rule.actions[i]!;
    let result: unknown;
    try {
      result = action.module(action.settings, event, ctx);
    } catch (error) {
      return fail(i)(error);
    }
    if (result && typeof (result as Promise<unknown>).then == 'function') {
      // An action that returns a promise holds the rest of the rule until it settles.
      (result as Promise<unknown>).then(() => runActions(rule, event, ctx, i + 1), fail(i));
      return;
    }
  }
}
