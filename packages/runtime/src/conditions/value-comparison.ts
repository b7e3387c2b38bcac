import { patternOf } from '../core/match';
import { toText } from '../core/read-path';
import type { ConditionModule } from '../core/types';

// Numbers and numeric text only: Number(true) would be 1, but a boolean is not a number.
const number = (value: unknown, text = toText(value)): number => (typeof value === 'number' ? value : text.trim() === '' ? NaN : Number(text));

const valueComparison: ConditionModule = (settings, event, ctx) => {
  const left = ctx.resolve(settings.left, event);
  const operator = settings.operator as string;
  if (operator === 'isTruthy') return !!left;
  if (operator === 'isFalsy') return !left;
  if (operator === 'matchesRegex') return patternOf(settings).test(toText(left));
  const right = ctx.resolve(settings.right, event);
  if (operator.indexOf('han') > 0) {
    const a = number(left);
    const b = number(right);
    if (a !== a || b !== b) return false;
    return operator === 'lessThan' ? a < b : operator === 'lessThanOrEqual' ? a <= b : operator === 'greaterThan' ? a > b : a >= b;
  }
  let l = toText(left);
  let r = toText(right);
  if (settings.caseInsensitive) {
    l = l.toLowerCase();
    r = r.toLowerCase();
  }
  return operator === 'equals' ? l === r : operator === 'contains' ? l.includes(r) : operator === 'startsWith' ? l.startsWith(r) : l.endsWith(r);
};
export default valueComparison;
