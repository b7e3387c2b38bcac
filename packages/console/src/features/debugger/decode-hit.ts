import { queryKey, type Sdr, type SdrEntry } from '@tagwell/schema';
import type { Beacon } from '../../lib/types';

/** One variable of a hit as the debugger shows it: what was sent, under which key, and what it means. */
export interface HitRow {
  /** AppMeasurement's long name (`eVar12`), the event name (`event1`) or the context-data key. */
  name: string;
  /** The key in the image request (`v12`, `events`, `c.tool.name`). */
  query: string;
  value: string;
  /** The SDR's description; '' when the SDR describes it without words or is not loaded. */
  meaning: string;
  /** False for a variable the SDR does not know (the collector's validation would flag it). */
  inSdr: boolean;
}

const byName = (entries: SdrEntry[] | undefined, name: string) => entries?.find((e) => e.name === name);
const show = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/**
 * A beacon (CONTRACT §2) decoded into rows with their SDR meaning (docs/SDR.md): variables in the
 * order sent, then one row per event, then context data.
 */
export function decodeHit(beacon: Beacon, sdr: Sdr | undefined): HitRow[] {
  const rows: HitRow[] = [];
  for (const [name, value] of Object.entries(beacon.variables)) {
    if (name === 'events' || value === undefined) continue;
    const entry = byName(sdr?.variables, name);
    const query = entry?.query ?? queryKey(name) ?? name;
    // Protocol fields (g, r, cc, pe, pev1...) are described by the SDR's "sent on every hit" list.
    const automatic = entry ? undefined : sdr?.automatic.find((a) => a.query === query);
    rows.push({ name, query, value: show(value), meaning: entry?.description ?? automatic?.description ?? '', inSdr: !!(entry ?? automatic) });
  }
  const events = beacon.variables.events;
  for (const event of Array.isArray(events) ? events : events ? events.split(',') : []) {
    const entry = byName(sdr?.events, event);
    rows.push({ name: event, query: 'events', value: 'set', meaning: entry?.description ?? '', inSdr: !!entry });
  }
  for (const [key, value] of Object.entries(beacon.contextData ?? {})) {
    const entry = byName(sdr?.contextData, key);
    rows.push({ name: key, query: `c.${key}`, value, meaning: entry?.description ?? '', inSdr: !!entry });
  }
  return rows;
}

const LINK_TYPES: Record<string, string> = { o: 'custom link', d: 'download link', e: 'exit link' };

/** "Page view: nhs:conditions:asthma" or "Link (custom link): Feedback: Yes". */
export function hitTitle(beacon: Beacon): string {
  if (beacon.hitType === 'link') {
    const type = LINK_TYPES[beacon.linkType ?? ''] ?? 'link';
    return `Link (${type}): ${beacon.linkName ?? '(no link name)'}`;
  }
  const pageName = beacon.variables.pageName;
  return `Page view: ${typeof pageName === 'string' && pageName ? pageName : '(no page name)'}`;
}
