/**
 * The property document as the console edits it: the raw input form (z.input), so that saving
 * never adds defaults the author did not write and a diff shows only what was changed.
 */
import { formatPath, validateAll, type PropertyInput } from '@tagwell/schema';

export type PropertyDocument = PropertyInput;
export type RuleInput = NonNullable<PropertyInput['rules']>[number];
export type DataElementInput = NonNullable<PropertyInput['dataElements']>[number];
export type EventInput = RuleInput['events'][number];
export type ConditionInput = NonNullable<RuleInput['conditions']>[number];
export type ActionInput = RuleInput['actions'][number];
export type Path = ReadonlyArray<string | number>;

/** One schema problem: `rules[3].name` and its message. */
export interface Issue {
  path: string;
  message: string;
}

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** JSON text with object keys in order: the same content whatever order its keys were set in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/** True when `a` and `b` hold the same content (as saved: undefined keys do not count). */
export const sameContent = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** A copy of `target` with `value` at `path`; `undefined` removes an object key. */
export function setIn<T>(target: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const base = (target ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>;
  const next = Array.isArray(base) ? [...base] : { ...base };
  const child = setIn((base as Record<string | number, unknown>)[head], rest, value);
  if (child === undefined && !Array.isArray(next)) delete (next as Record<string, unknown>)[head as string];
  else (next as Record<string | number, unknown>)[head] = child;
  return next as T;
}

export function getIn(target: unknown, path: Path): unknown {
  let value = target;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
  return value;
}

export const pathText = (path: Path): string => formatPath(path as Array<string | number>);

/** `rules[3].name: must not be empty` -> its path and message (a quoted key may hold ": "). */
export function splitIssue(text: string): Issue {
  let inQuotes = false;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== '\\') inQuotes = !inQuotes;
    else if (!inQuotes && c === ':' && text[i + 1] === ' ') return { path: text.slice(0, i), message: text.slice(i + 2) };
  }
  return { path: '(document)', message: text };
}

/** The compiler's validation as path-keyed issues, every one at once (schema and references); [] when valid. */
export function validateDocument(document: unknown): Issue[] {
  const result = validateAll(document);
  return result.ok ? [] : result.errors.map(splitIssue);
}

/** The document with item `index` of `rules` or `dataElements` replaced (or appended at the end). */
export function replaceItem<K extends 'rules' | 'dataElements'>(document: PropertyDocument, key: K, index: number, item: NonNullable<PropertyDocument[K]>[number] | undefined): PropertyDocument {
  const list = [...((document[key] ?? []) as unknown[])];
  if (item === undefined) list.splice(index, 1);
  else list[index] = item;
  return { ...document, [key]: list };
}

/** A DOM id for the field at a path (kept unique: every other character is escaped). */
export const fieldId = (path: string): string => 'f-' + path.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);

export const rulesOf = (document: PropertyDocument): RuleInput[] => document.rules ?? [];
export const dataElementsOf = (document: PropertyDocument): DataElementInput[] => document.dataElements ?? [];
