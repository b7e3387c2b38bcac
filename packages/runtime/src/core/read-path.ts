// Reads a dotted path from page-owned objects, which may hold anything: throwing getters,
// proxies, cycles. Prototype keys are never followed.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function readPath(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path.split('.')) {
    if (value === null || value === undefined || FORBIDDEN.has(key)) return undefined;
    const type = typeof value;
    if (type !== 'object' && type !== 'function' && type !== 'string') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Text for a value interpolated into a string: primitives only, objects give ''. */
export function toText(value: unknown): string {
  const type = typeof value;
  return type === 'string' ? (value as string) : type === 'number' || type === 'boolean' || type === 'bigint' ? String(value) : '';
}

/** True for undefined, null and the empty string: the values a default replaces. */
export const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';
