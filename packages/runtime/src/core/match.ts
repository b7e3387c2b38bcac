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

// The parameters of the last query text read, by lower-cased name (the first occurrence of each): every
// query-parameter data element of a hit reads the same text, which is parsed again only once it changes.
let parsed: [search: string, params: Map<string, string>] | undefined;

/** The first query parameter whose name matches case-insensitively (SPEC §3). */
export function queryParam(name: string, search = location.search): string | undefined {
  if (!parsed || parsed[0] !== search) {
    const params = new Map<string, string>();
    new URLSearchParams(search).forEach((value, key) => {
      key = key.toLowerCase();
      if (!params.has(key)) params.set(key, value);
    });
    parsed = [search, params];
  }
  return parsed[1].get(name.toLowerCase());
}
