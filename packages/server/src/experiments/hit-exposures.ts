/**
 * Exposures from analytics hits (issue 15 item 4): the page reports what it showed as Analytics for
 * Target does client side, a `tnta` value on a hit (`<activity>:<experience>:<traffic type>|<event>`,
 * comma-separated; packages/runtime/src/personalisation/analytics.ts). The collector accepts the key
 * and keeps it in the stored hit's query; a hit naming an experience of an active activity exposes
 * the hit's visitor to it, as a display notification of the Delivery API does.
 */
import { tryDecode } from '../collector/parse';
import type { Conversion, Exposure, Unscoped } from './store';

/** What the reading needs of an activity (schema `Activity` fits). */
export interface ExperiencesShape {
  id: number;
  experiences: readonly unknown[];
}

/** One item: activity and experience first; the traffic type and event codes after are not read. */
const ITEM = /^(\d{1,15}):(\d{1,9})(?::\d+)*(?:\|\d+)*$/;

/** The first `tnta` of a stored hit's query (as received: GET query or POST body), decoded; null without one. */
export function tntaOf(query: string): string | null {
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    // The collector reads keys decoded (`%74nta` is `tnta`), and so does this.
    if (eq < 0 || (part.slice(0, eq) !== 'tnta' && tryDecode(part.slice(0, eq)) !== 'tnta')) continue;
    return tryDecode(part.slice(eq + 1)) ?? null;
  }
  return null;
}

/** The activity and experience pairs a `tnta` value names, each once, in order. */
export function tntaItems(tnta: string): Array<{ activity: number; experience: number }> {
  const out: Array<{ activity: number; experience: number }> = [];
  for (const item of tnta.split(',')) {
    const m = ITEM.exec(item.trim());
    if (!m) continue;
    const pair = { activity: Number(m[1]), experience: Number(m[2]) };
    if (!out.some((p) => p.activity === pair.activity && p.experience === pair.experience)) out.push(pair);
  }
  return out;
}

/**
 * The exposures a hit's `tnta` records: experiences of `activities` (the active ones where the hit
 * was sent) only, for the hit's visitor id (`mid`, sent only with Statistics consent): none without it.
 */
export function hitExposures(activities: readonly ExperiencesShape[], hit: { visitorId: string | null | undefined; query: string; receivedAt: string | Date }): Array<Unscoped<Exposure>> {
  if (!hit.visitorId) return [];
  const tnta = tntaOf(hit.query);
  if (!tnta) return [];
  const out: Array<Unscoped<Exposure>> = [];
  for (const { activity, experience } of tntaItems(tnta)) {
    const known = activities.find((a) => a.id === activity);
    if (known && experience < known.experiences.length) out.push({ activity, experience, visitorId: hit.visitorId, at: hit.receivedAt });
  }
  return out;
}

/** What one stored batch records: exposures first, since a conversion counts only for a visitor already exposed. */
export interface HitEvents {
  exposures: Exposure[];
  conversions: Conversion[];
}
