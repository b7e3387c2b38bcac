// The rule conditions of the artifact are JSON logic (the on-device engine applies them with
// json-logic-js). The server applies the very same conditions with this evaluator of the operators
// audience-logic.ts writes, with json-logic-js's semantics (loose ==, truthiness, var paths), so a
// rule means one thing wherever it is decided.

export type Logic = boolean | number | string | null | Logic[] | { [operator: string]: Logic };

/** json-logic-js: an empty array is false, everything else by JavaScript's truthiness. */
const truthy = (value: unknown): boolean => (Array.isArray(value) && value.length === 0 ? false : Boolean(value));

function readVar(data: unknown, path: unknown): unknown {
  if (path === null || path === undefined || path === '') return data;
  let value: unknown = data;
  for (const key of String(path).split('.')) {
    if (value === null || value === undefined) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined ? null : value;
}

// Operands are whatever the context holds; JavaScript's own comparisons decide, as in json-logic-js.
// == and != are loose on purpose (json-logic's semantics).
type Operand = string & number;
const OPERATORS: Record<string, (...args: Operand[]) => unknown> = {
  '==': (a, b) => a == b,
  '!=': (a, b) => a != b,
  '<': (a, b, c) => (c === undefined ? a < b : a < b && b < c),
  '<=': (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c),
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '!': (a) => !truthy(a),
  '!!': (a) => truthy(a),
  in: (a, b) => (b && typeof (b as unknown as { indexOf?: unknown }).indexOf === 'function' ? (b as unknown as string).indexOf(a) !== -1 : false),
  cat: (...parts) => parts.join(''),
  substr: (source, start, end) => {
    if (end < 0) {
      const rest = String(source).substr(start);
      return rest.substr(0, rest.length + end);
    }
    return String(source).substr(start, end);
  },
};

/** Applies a condition to the decision context; an unknown operator is an error (the artifact never holds one). */
export function applyLogic(logic: Logic, data: unknown): unknown {
  if (Array.isArray(logic)) return logic.map((item) => applyLogic(item, data));
  if (logic === null || typeof logic !== 'object') return logic;
  const [operator] = Object.keys(logic);
  if (operator === undefined || Object.keys(logic).length !== 1) return logic;
  const raw = logic[operator]!;
  const args = Array.isArray(raw) ? raw : [raw];
  if (operator === 'and') {
    let current: unknown = true;
    for (const arg of args) if (!truthy((current = applyLogic(arg, data)))) return current;
    return current;
  }
  if (operator === 'or') {
    let current: unknown = false;
    for (const arg of args) if (truthy((current = applyLogic(arg, data)))) return current;
    return current;
  }
  const values = args.map((arg) => applyLogic(arg, data));
  if (operator === 'var') return readVar(data, values[0]);
  const apply = OPERATORS[operator];
  if (!apply) throw new Error(`unknown JSON logic operator ${operator}`);
  return apply(...(values as Operand[]));
}

export const holds = (logic: Logic, data: unknown): boolean => truthy(applyLogic(logic, data));
