import { toText } from './read-path';
import type { Settings } from './types';

const cache = new WeakMap<Settings, RegExp>();

/** The settings' `pattern` as a RegExp, built once per settings object. */
export function patternOf(settings: Settings): RegExp {
  let re = cache.get(settings);
  if (!re) cache.set(settings, (re = new RegExp(settings.pattern as string, settings.caseInsensitive ? 'i' : '')));
  return re;
}

/** A value test shared by the query-parameter and cookie conditions: presence, `value` or `pattern`. */
export function matchesValue(actual: string | undefined, settings: Settings): boolean {
  if (actual === undefined) return false;
  if (settings.pattern !== undefined) return patternOf(settings).test(actual);
  if (settings.value === undefined) return true;
  const expected = toText(settings.value);
  return settings.caseInsensitive ? actual.toLowerCase() === expected.toLowerCase() : actual === expected;
}

/** The first query parameter whose name matches case-insensitively (SPEC §3). */
export function queryParam(name: string, search = location.search): string | undefined {
  const wanted = name.toLowerCase();
  let found: string | undefined;
  new URLSearchParams(search).forEach((value, key) => {
    if (found === undefined && key.toLowerCase() === wanted) found = value;
  });
  return found;
}
