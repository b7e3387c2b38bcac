import type { ConditionConfig, Context, RuleConfig, RuleEvent } from './types';

const passes = (condition: ConditionConfig, rule: RuleConfig, event: RuleEvent, ctx: Context): boolean =>
  // A throwing condition counts as false (ARCHITECTURE: runtime shape), negated or not.
  ctx.safe(`Condition "${condition.type}" of rule "${rule.name}"`, () => !!condition.module(condition.settings, event, ctx) !== !!condition.negate, false);

/** Evaluates a rule for one occurrence of its event and runs its actions in order; true when it ran. */
export function runRule(rule: RuleConfig, event: RuleEvent, ctx: Context): boolean {
  event.rule = rule.name;
  for (const condition of rule.conditions) {
    if (!passes(condition, rule, event, ctx)) {
      ctx.log.debug(`Rule "${rule.name}": condition "${condition.type}" not met`);
      return false;
    }
  }
  for (const exception of rule.exceptions) {
    if (passes(exception, rule, event, ctx)) {
      ctx.log.debug(`Rule "${rule.name}": exception "${exception.type}" matched`);
      return false;
    }
  }
  ctx.log.log(`Rule "${rule.name}" fired`);
  runActions(rule, event, ctx, 0);
  return true;
}

function runActions(rule: RuleConfig, event: RuleEvent, ctx: Context, from: number): void {
  const fail = (index: number, error: unknown) =>
    ctx.log.error(`Rule "${rule.name}" stopped: action ${index + 1} ("${rule.actions[index]!.type}") failed: ${describe(error)}`);
  for (let i = from; i < rule.actions.length; i++) {
    const action = rule.actions[i]!;
    let result: unknown;
    try {
      result = action.module(action.settings, event, ctx);
    } catch (error) {
      // A throwing action stops its rule.
      fail(i, error);
      return;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      // An action that returns a promise holds the rest of the rule until it settles.
      (result as Promise<unknown>).then(
        () => runActions(rule, event, ctx, i + 1),
        (error) => fail(i, error),
      );
      return;
    }
  }
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
}
