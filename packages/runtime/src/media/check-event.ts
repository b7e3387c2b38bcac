// The schema of the events a site's own player sends (`_satellite.sendMediaEvent`, docs/MEDIA.md), checked
// by hand: the runtime has no dependencies. An event that does not match is refused with the reason.

/** The event types a page may send; pings are the container's own. */
const TYPES = ['sessionStart', 'play', 'pauseStart', 'bufferStart', 'seekStart', 'seekComplete', 'chapterStart', 'chapterComplete', 'sessionComplete', 'sessionEnd'];
/** The fields each type takes besides `playerId`, `type` and `playhead`. */
const EXTRA: Record<string, string[]> = { sessionStart: ['name', 'length', 'getPlayhead'], chapterStart: ['chapter'] };

export interface PageEvent {
  playerId: string;
  type: string;
  playhead?: number;
  name?: string;
  length?: number;
  getPlayhead?: () => number;
  chapter?: string;
}

const text = (v: unknown) => typeof v == 'string' && v.trim() != '' && v.length <= 255;
const seconds = (v: unknown) => typeof v == 'number' && isFinite(v) && v >= 0;
const quote = (v: unknown) => JSON.stringify(('' + v).slice(0, 40));

/** Why `event` does not match its schema, or nothing when it does. Never throws on what a page passes. */
export function problemOf(event: unknown): string | undefined {
  if (!event || typeof event != 'object') return 'an event must be an object';
  const e = event as Record<string, unknown>;
  if (!TYPES.includes(e.type as string)) return `type must be one of ${TYPES.join(', ')}`;
  if (!text(e.playerId)) return 'playerId must be a non-empty string';
  for (const key of Object.keys(e)) if (!['playerId', 'type', 'playhead'].concat(EXTRA[e.type as string] || []).includes(key)) return `${e.type} has no field ${quote(key)}`;
  if (e.playhead !== undefined && !seconds(e.playhead)) return 'playhead must be a number of seconds, 0 or more';
  if (e.type == 'sessionStart') {
    if (!text(e.name)) return 'sessionStart needs name, a non-empty string of at most 255 characters';
    if (!seconds(e.length)) return 'sessionStart needs length, a number of seconds, 0 or more';
    if (e.getPlayhead !== undefined && typeof e.getPlayhead != 'function') return 'getPlayhead must be a function';
  }
  if (e.type == 'chapterStart' && !text(e.chapter)) return 'chapterStart needs chapter, a non-empty string of at most 255 characters';
}
