import { queryKey } from '@tagwell/schema';
import type { Beacon } from '../../lib/types';
import type { HitEntry } from './trace';

/** The hit list's filters, as kept in the console's address (`?type=link&variable=eVar17&value=no&event=event25&host=…`). */
export interface HitFilters {
  type?: 'page' | 'link';
  /** A variable's long name (`eVar17`), query key (`v17`), `events`, or a context-data key (`c.key` or `key`). */
  variable?: string;
  /** Text the value contains, ignoring case; alone, any variable's value. */
  value?: string;
  /** An event the hit carries (`event25`). */
  event?: string;
}

export const FILTER_KEYS = ['type', 'variable', 'value', 'event'] as const;

/** The filters in an address's query; unknown values are ignored. */
export function readFilters(params: URLSearchParams): HitFilters {
  const type = params.get('type');
  const filters: HitFilters = {};
  if (type === 'page' || type === 'link') filters.type = type;
  // As typed (a space at the end is still being typed); matching trims.
  for (const key of ['variable', 'value', 'event'] as const) {
    const text = params.get(key);
    if (text) filters[key] = text;
  }
  return filters;
}

/** The events a hit carries, without their serial or value (`event1:abc=3` -> `event1`). */
export function eventsOf(beacon: Beacon): string[] {
  const events = beacon.variables.events;
  const list = Array.isArray(events) ? events : typeof events === 'string' && events ? events.split(',') : [];
  return list.map((e) => e.split(/[:=]/)[0]!.trim()).filter(Boolean);
}

/** Every variable of the hit under each name it goes by, with its value as text. */
function variablesOf(beacon: Beacon): Array<{ names: string[]; value: string }> {
  const out: Array<{ names: string[]; value: string }> = [];
  for (const [name, value] of Object.entries(beacon.variables)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : value;
    out.push({ names: [name, queryKey(name) ?? name], value: text });
  }
  for (const [key, value] of Object.entries(beacon.contextData ?? {})) out.push({ names: [key, `c.${key}`], value });
  if (beacon.linkName) out.push({ names: ['linkName', 'pev2'], value: beacon.linkName });
  return out;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether the hit passes every filter set. */
export function matchesFilters(entry: HitEntry, filters: HitFilters): boolean {
  const { beacon } = entry;
  const variable = filters.variable?.trim();
  const wanted = filters.value?.trim().toLowerCase();
  const event = filters.event?.trim();
  if (filters.type && beacon.hitType !== filters.type) return false;
  if (event && !eventsOf(beacon).some((e) => same(e, event))) return false;
  if (variable || wanted) {
    const candidates = variablesOf(beacon).filter((v) => !variable || v.names.some((n) => same(n, variable)));
    if (!candidates.some((v) => !wanted || v.value.toLowerCase().includes(wanted))) return false;
  }
  return true;
}

export const filterHits = (entries: HitEntry[], filters: HitFilters): HitEntry[] => entries.filter((entry) => matchesFilters(entry, filters));

/** What the filter fields offer: the variables and events the received hits carry, sorted. */
export function filterChoices(entries: HitEntry[]): { variables: string[]; events: string[] } {
  const variables = new Set<string>();
  const events = new Set<string>();
  for (const { beacon } of entries) {
    for (const name of Object.keys(beacon.variables)) if (name !== 'events') variables.add(name);
    for (const key of Object.keys(beacon.contextData ?? {})) variables.add(`c.${key}`);
    for (const event of eventsOf(beacon)) events.add(event);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return { variables: [...variables].sort(byName), events: [...events].sort(byName) };
}
