/**
 * A field-by-field diff of two property documents. Rules and data elements are matched by name
 * (their identity: names are unique, SPEC validation), so moving one is a single `moved` entry
 * rather than every later item changed.
 */
import { pathText } from './document';

export interface DiffEntry {
  /** `rules[12].actions[0].settings.linkName`; indexes of rules and data elements are in `after`. */
  path: string;
  kind: 'added' | 'removed' | 'changed' | 'moved';
  before: unknown;
  after: unknown;
}

const NAMED = new Set(['rules', 'dataElements']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown) => v === null || typeof v !== 'object';

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const other = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === other.length && keys.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** What changed from `before` to `after`, in `after`'s order. */
export function diffDocuments(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(before, after, [], out);
  return out;
}

function walk(a: unknown, b: unknown, path: Array<string | number>, out: DiffEntry[]): void {
  if (deepEqual(a, b)) return;
  const key = path[path.length - 1];
  if (path.length === 1 && typeof key === 'string' && NAMED.has(key) && Array.isArray(a) && Array.isArray(b)) return named(a, b, key, out);
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
    for (const k of keys) walk(a[k], b[k], [...path, k], out);
    return;
  }
  // Lists of plain values (hosts, report suites, linkTrackVars) read best as a whole.
  if (Array.isArray(a) && Array.isArray(b) && !(a.every(isPrimitive) && b.every(isPrimitive))) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], [...path, i], out);
    return;
  }
  out.push({ path: pathText(path), kind: a === undefined ? 'added' : b === undefined ? 'removed' : 'changed', before: a, after: b });
}

const nameOf = (item: unknown): string | undefined => (isObject(item) && typeof item.name === 'string' ? item.name : undefined);

function named(a: unknown[], b: unknown[], key: string, out: DiffEntry[]): void {
  // Queues per name, so that duplicate names (an invalid draft) still pair up in order.
  const byName = new Map<string, number[]>();
  a.forEach((item, i) => {
    const name = nameOf(item);
    if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), i]);
  });
  const matched = new Map<number, number>(); // index in b -> index in a
  b.forEach((item, j) => {
    const name = nameOf(item);
    const i = name === undefined ? undefined : byName.get(name)?.shift();
    if (i !== undefined) matched.set(j, i);
  });
  const used = new Set(matched.values());
  const orderBefore = [...used].sort((x, y) => x - y).map((i) => nameOf(a[i]));
  const orderAfter = [...matched.keys()].map((j) => nameOf(b[j]));
  if (!deepEqual(orderBefore, orderAfter)) out.push({ path: key, kind: 'moved', before: orderBefore, after: orderAfter });
  a.forEach((item, i) => {
    if (!used.has(i)) out.push({ path: pathText([key, i]), kind: 'removed', before: item, after: undefined });
  });
  b.forEach((item, j) => {
    const i = matched.get(j);
    if (i === undefined) out.push({ path: pathText([key, j]), kind: 'added', before: undefined, after: item });
    else walk(a[i], item, [key, j], out);
  });
}
