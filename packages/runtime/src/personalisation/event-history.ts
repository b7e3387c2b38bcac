import type { PersonalisationConfig } from '../core/types';
import type { ConsentState } from './types';

// The visitor's event history (issue 16 item 1, SPEC §3, §4, §9; docs/PERSONALISATION.md "Event
// history"): for each event, a hash key of its name and the times it happened, in one localStorage
// entry of the page, kept only with the property's personalizationStorageEnabled (the config's
// `history`) and the visitor's Statistics choice. The page-load decision sends how often the events
// of its audiences happened. What is stored is read by key and index only: no name the compiler
// shortens (internal-properties.ts) is read from it.

/** The one localStorage entry: `{ "<event key>": [<ms since 1970>, ... newest first] }`. */
export const HISTORY_KEY = 'tw_history';
/** SPEC §9: at most 1000 events (keys), kept 30 days, trimmed oldest first beyond 2097152 bytes. */
export const HISTORY_EVENTS = 1000;
export const HISTORY_DAYS = 30;
export const HISTORY_BYTES = 2097152;
const DAY = 864e5;
/** An event key as eventKey writes it: anything else in the entry is foreign, and discarded. */
const KEY = /^[0-9a-z]{1,7}$/;

type Store = Record<string, number[]>;
/** One time an event happened: when, and the event's key. */
type Entry = [time: number, key: string];

/** FNV-1a (32 bits) of the event's name, lower-cased, in base 36: the store never holds the name itself (SPEC §3). */
export function eventKey(name: string): string {
  let hash = 2166136261;
  name = name.toLowerCase();
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return (hash >>> 0).toString(36);
}

const recent = (now: number, t: number) => now - t < HISTORY_DAYS * DAY;

/** What is kept of the last 30 days. A value that is not JSON, or not the history's shape, is discarded. */
function read(now: number): Entry[] {
  const entries: Entry[] = [];
  let stored: Store = {};
  try {
    stored = JSON.parse(localStorage.getItem(HISTORY_KEY)!);
  } catch {
    // Corrupt: read as empty, and replaced on the next write.
  }
  // for...in takes null, a number or a string: nothing of theirs has the shape.
  for (const key in stored)
    if (KEY.test(key) && Array.isArray(stored[key])) for (const t of stored[key]) if (typeof t == 'number' && recent(now, t)) entries.push([t, key]);
  return entries;
}

/**
 * Stores the entries within SPEC §9's limits, newest first: the 1000 events that happened last, and
 * times while the stored text stays within 2097152 bytes (counted exactly as JSON writes it: keys are
 * [0-9a-z], so every character is a byte), the older ones left out.
 */
function write(entries: Entry[]): void {
  const kept: Store = {};
  // `{}`, less the comma the first event does not take.
  let size = 1;
  let events = 0;
  for (const [t, key] of entries.sort((a, b) => b[0] - a[0])) {
    const list = kept[key];
    if (!list && events == HISTORY_EVENTS) continue;
    // `,<t>` in its list, or `,"<key>":[<t>]` for a new event.
    if ((size += ('' + t).length + (list ? 1 : key.length + 6)) > HISTORY_BYTES) break;
    if (list) list.push(t);
    else {
      kept[key] = [t];
      events++;
    }
  }
  localStorage.setItem(HISTORY_KEY, JSON.stringify(kept));
}

export interface History {
  /**
   * The events of a hit the container sent (or a custom event its rules heard) happened now. Never throws.
   * Kept in memory and stored in a task of their own, once for all the events of a task: reading, sorting and
   * writing the stored history (up to 2 MB) is not the hit's task's work. A page left first stores them then.
   */
  record(names: string[]): void;
  /** The page-load decision's parameters: `tw.history.<event>_<days>d` = how often the event happened in those days. Never throws. */
  counts(): Record<string, string>;
  /** How often the event happened in the last `days` days (an in-app message's rule set, messages/rule-set.ts); 0 without a history. Never throws. */
  count(name: string, days: number): number;
}

export function createHistory(config: PersonalisationConfig, consent: () => ConsentState): History {
  /** SPEC §4: kept only with the setting and the Statistics choice; what was kept goes once either is off. */
  const allowed = (): boolean => {
    const state = consent();
    if (config.history && state == 'send') return true;
    if (!config.history || state == 'drop') localStorage.removeItem(HISTORY_KEY);
    return false;
  };
  /** Recorded, not stored yet: every count reads them beside the stored history. */
  let pending: Entry[] = [];
  const entries = (now: number) => read(now).concat(pending.filter(([t]) => recent(now, t)));
  const store = () => {
    try {
      // The choice as it is now: withdrawn since the events happened, they are not kept.
      if (pending.length && allowed()) write(entries(Date.now()));
    } catch {
      // Storage full or unavailable: the history stays as it was.
    }
    pending = [];
  };
  try {
    allowed();
    // Capturing, so the events are stored before the page's own pagehide listeners run.
    addEventListener('pagehide', store, true);
  } catch {
    // No storage on this page (a sandboxed frame): no history.
  }
  return {
    record(names) {
      try {
        if (names.length && allowed()) {
          const now = Date.now();
          if (!pending.length) setTimeout(store, 0);
          for (const name of names) pending.push([now, eventKey(name)]);
        }
      } catch {
        // No storage: nothing recorded.
      }
    },
    counts() {
      const out: Record<string, string> = {};
      try {
        // No parameter asked for: nothing read (a page's first localStorage read costs its head ms; docs/PERFORMANCE.md).
        if (config.history!.length && allowed()) {
          const now = Date.now();
          const all = entries(now);
          for (const [parameter, event, days] of config.history!) out[parameter] = '' + countIn(all, now, event, days);
        }
      } catch {
        // No storage: no history parameters.
      }
      return out;
    },
    count(name, days) {
      try {
        const now = Date.now();
        return allowed() ? countIn(entries(now), now, name, days) : 0;
      } catch {
        // No storage: nothing happened.
        return 0;
      }
    },
  };
}

const countIn = (entries: Entry[], now: number, name: string, days: number) => entries.filter(([t, key]) => key == eventKey(name) && now - t < days * DAY).length;
