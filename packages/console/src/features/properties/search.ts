/**
 * The search of the rule and data element lists: every word must appear in the item's text. A rule
 * is also found by what it matches and what it sends: an address, a path or a host that its path
 * and host conditions match; a variable by its name, its query key or its SDR description; an
 * event; a data element it reads; a custom event or direct call that fires it.
 */
import { queryKey } from '@tagwell/schema';
import { describeRule } from './describe-rule';
import type { DataElementInput, PropertyDocument, RuleInput } from './document';

export function matchesSearch(text: string, search: string): boolean {
  const haystack = text.toLowerCase();
  return words(search).every((word) => haystack.includes(word));
}

const words = (search: string) => search.toLowerCase().split(/\s+/).filter(Boolean);

/** Every string in a settings object, keys and values, as written. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  return out;
}

/** A pattern as the text it matches: `^/service-search(/|$)` -> `/service-search(/|)`, `^www\.x\.org$` -> `www.x.org`. */
const patternText = (pattern: string) => pattern.replace(/\\(.)/g, '$1').replace(/[\^$]/g, '');

const compile = (pattern: string, caseInsensitive?: boolean): RegExp | undefined => {
  try {
    return new RegExp(pattern, caseInsensitive ? 'i' : '');
  } catch {
    return undefined;
  }
};

/** What a rule is searched by. */
export interface RuleSearch {
  text: string;
  /** The patterns of its path and host conditions (not the negated ones, nor exceptions): the pages it runs on. */
  paths: RegExp[];
  hosts: RegExp[];
}

/** Name, description, component types, every setting, the sentence, the variables and events it sends with their query keys and SDR descriptions. */
export function ruleSearch(rule: RuleInput, property: PropertyDocument): RuleSearch {
  const components = [...rule.events, ...(rule.conditions ?? []), ...(rule.exceptions ?? []), ...rule.actions];
  const sdr = (property.sdr ?? {}) as Record<string, string>;
  const sent: string[] = [];
  for (const action of rule.actions) {
    if (action.type !== 'set-variables') continue;
    const settings = action.settings as { variables?: Record<string, unknown>; events?: Array<{ name: string }>; contextData?: Record<string, unknown> };
    for (const name of [...Object.keys(settings.variables ?? {}), ...(settings.events ?? []).map((e) => e.name)]) sent.push(name, queryKey(name) ?? '', sdr[name] ?? '');
  }
  const patterns = { paths: [] as RegExp[], hosts: [] as RegExp[] };
  const text: string[] = [rule.name, rule.description ?? '', describeRule(rule, property), ...sent];
  for (const component of components) {
    text.push(component.type, ...strings(component.settings));
    const settings = component.settings as { pattern?: string; caseInsensitive?: boolean } | undefined;
    if ((component.type === 'path' || component.type === 'host') && settings?.pattern !== undefined) text.push(patternText(settings.pattern));
  }
  for (const condition of rule.conditions ?? []) {
    const settings = condition.settings as { pattern?: string; caseInsensitive?: boolean } | undefined;
    if (condition.negate || (condition.type !== 'path' && condition.type !== 'host') || settings?.pattern === undefined) continue;
    const re = compile(settings.pattern, settings.caseInsensitive);
    if (re) (condition.type === 'path' ? patterns.paths : patterns.hosts).push(re);
  }
  return { text: text.join('\n'), ...patterns };
}

/** `http://www.x.org/a/?q=1`, `www.x.org/a/`, `/a/` or `www.x.org`, read as the host and path a page has. */
function asAddress(word: string): { host?: string; path?: string } | undefined {
  if (word.startsWith('/')) return { path: word.split(/[?#]/)[0] };
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(word) ? word : /^[a-z\d-]+(\.[a-z\d-]+)+(:\d+)?(\/|$)/i.test(word) ? `http://${word}` : undefined;
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname, path: url.slice(url.indexOf('//') + 2).includes('/') ? parsed.pathname : undefined };
  } catch {
    return undefined;
  }
}

/** Every word in the rule's text, or an address its path or host conditions match. */
export function matchesRule(rule: RuleSearch, search: string): boolean {
  const haystack = rule.text.toLowerCase();
  return search
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => {
      if (haystack.includes(word.toLowerCase())) return true;
      // Paths as written (a pattern may care about case); hosts in lower case, as URL gives them.
      const address = asAddress(word);
      if (!address) return false;
      const host = address.host;
      const path = address.path;
      return (host !== undefined && rule.hosts.some((re) => re.test(host))) || (path !== undefined && rule.paths.some((re) => re.test(path)));
    });
}

/** Name, description, type, settings and default. */
export function dataElementSearchText(element: DataElementInput): string {
  return [element.name, element.description ?? '', element.type, ...strings(element.settings), element.default ?? ''].join('\n');
}
