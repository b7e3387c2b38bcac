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

/** Per event key, its times, newest first. */
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

/** The stored text's history: its events' times, newest first. A value that is not JSON, or not the history's shape, is discarded. */
function parse(text: string | null): Store {
  const store: Store = {};
  let stored: Store = {};
  try {
    stored = JSON.parse(text!);
  } catch {
    // Corrupt: read as empty, and replaced on the next write.
  }
  // for...in takes null, a number or a string: nothing of theirs has the shape.
  for (const key in stored) {
    const times = KEY.test(key) && Array.isArray(stored[key]) ? stored[key].filter((t) => typeof t == 'number') : [];
    if (times.length) store[key] = times.sort((a, b) => b - a);
  }
  return store;
}

/** `"<key>":[<t>,...]`, as JSON writes the key's entry. */
const entryText = (key: string, times: number[]) => '"' + key + '":' + JSON.stringify(times);

export interface History {
  /**
   * The events of a hit the container sent (or a custom event its rules heard) happened now. Never throws.
   * Kept in memory and stored in a task of their own, once for all the events of a task: writing the stored
   * history (up to 2 MB) is not the hit's task's work. A page left first stores them then.
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
  /**
   * The stored history as this page last read or wrote it: its text, its times by key, and each key's entry
   * text. Read again only when the stored text is another (another page of the site wrote it), so that a long
   * history (up to 2 MB) is parsed once a page, and a write rebuilds only the entries it changed.
   */
  let text: string | null | undefined;
  let held: Store = {};
  let texts: Record<string, string> = {};
  const stored = (): Store => {
    const current = localStorage.getItem(HISTORY_KEY);
    if (current !== text) {
      text = current;
      held = parse(current);
      texts = {};
    }
    return held;
  };
  /** How often the event happened in the last `days` days: its stored times (newest first) and those waiting. */
  const countOf = (store: Store, name: string, days: number) => {
    const now = Date.now();
    const key = eventKey(name);
    const within = Math.min(days, HISTORY_DAYS) * DAY;
    let n = 0;
    for (const t of store[key] || []) {
      if (now - t >= within) break;
      n++;
    }
    for (const [t, k] of pending) if (k == key && now - t < within) n++;
    return n;
  };
  /**
   * Stores what waits within SPEC §9's limits: times of the last 30 days, the 1000 events that happened last,
   * and the newest times while the stored text stays within 2097152 bytes (counted exactly as JSON writes it:
   * keys are [0-9a-z], so every character is a byte), the older ones left out.
   */
  const write = (now: number) => {
    const store = stored();
    const last = (key: string) => store[key]![store[key]!.length - 1]!;
    // An event's entry text is kept from write to write: every change to its times forgets it.
    const changed = (key: string) => {
      delete texts[key];
      if (!store[key]!.length) delete store[key];
    };
    for (const [t, key] of pending) {
      const times = (store[key] ||= []);
      // Newest first, after the times it ties with (usually at the front: it happened now).
      let at = 0;
      while (at < times.length && times[at]! >= t) at++;
      times.splice(at, 0, t);
      changed(key);
    }
    for (const key in store) {
      const times = store[key]!;
      const n = times.length;
      while (times.length && !recent(now, last(key))) times.pop();
      if (times.length < n) changed(key);
    }
    // The events that happened last, by their newest time.
    let keys = Object.keys(store).sort((a, b) => store[b]![0]! - store[a]![0]!);
    for (const key of keys.splice(HISTORY_EVENTS)) {
      store[key]!.length = 0;
      changed(key);
    }
    // `{}`, less the comma the first entry does not take.
    let size = 1;
    for (const key of keys) size += (texts[key] ||= entryText(key, store[key]!)).length + 1;
    while (size > HISTORY_BYTES) {
      // The oldest time goes: `,<t>` from its list, or `,"<key>":[<t>]` for its event's only time.
      const key = keys.reduce((a, b) => (last(b) < last(a) ? b : a));
      const times = store[key]!;
      size -= ('' + times.pop()).length + (times.length ? 1 : key.length + 6);
      changed(key);
      if (!store[key]) keys = keys.filter((k) => k != key);
    }
    localStorage.setItem(HISTORY_KEY, (text = '{' + keys.map((key) => (texts[key] ||= entryText(key, store[key]!))).join(',') + '}'));
  };
  const store = () => {
    try {
      // The choice as it is now: withdrawn since the events happened, they are not kept.
      if (pending.length && allowed()) write(Date.now());
    } catch {
      // Storage full or unavailable: the history stays as it was, and this page reads it again.
      text = undefined;
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
          const store = stored();
          for (const [parameter, event, days] of config.history!) out[parameter] = '' + countOf(store, event, days);
        }
      } catch {
        // No storage: no history parameters.
      }
      return out;
    },
    count(name, days) {
      try {
        return allowed() ? countOf(stored(), name, days) : 0;
      } catch {
        // No storage: nothing happened.
        return 0;
      }
    },
  };
}

