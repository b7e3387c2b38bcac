// The one first-party cookie of the visitor identity (docs/IDENTITY.md "The cookie"):
// `MID|<id>|LH|<hint>|BLOB|<blob>|TTL|<s>|OO|<s>|CID|<digest>|CIDTS|<s>`, times in unix seconds.

/** What the cookie keeps. A field that does not look as it should is left out, never trusted. */
export interface IdState {
  /** The visitor id: 38 digits. */
  mid?: string;
  /** The location hint: the region of the service that answered. */
  lh?: string;
  blob?: string;
  /** Until when the hint and blob hold (SPEC §9: 604800 s after the service's answer). */
  ttl?: number;
  /** Until when the opt-out answer holds (SPEC §9: 7200 s); with no `mid`, the visitor opted out. */
  oo?: number;
  /** A digest of the customer ids last sent, and when (SPEC §9: at most once a day while unchanged). */
  cid?: string;
  cidts?: number;
}

const SECONDS = /^\d{1,11}$/;
/** Fields in cookie order, each with the only form it may take. */
const FIELDS: Array<[keyof IdState, RegExp]> = [
  ['mid', /^\d{38}$/],
  ['lh', /^\d{1,5}$/],
  ['blob', /^[\w-]{1,256}$/],
  ['ttl', SECONDS],
  ['oo', SECONDS],
  ['cid', /^[\da-z]{1,13}$/],
  ['cidts', SECONDS],
];

/** The fields of `raw` (the cookie's, a frame's answer) that look as they should; times as numbers. */
export function cleanState(raw: Record<string, unknown>): IdState {
  const state: Record<string, string | number> = {};
  for (const [key, form] of FIELDS) {
    const value = raw[key];
    if ((typeof value == 'string' || typeof value == 'number') && form.test('' + value)) state[key] = form == SECONDS ? +value : '' + value;
  }
  return state;
}

/** Reads the cookie's value; anything unreadable is an empty state. */
export function parseState(text: string | undefined): IdState {
  const raw: Record<string, string> = {};
  const parts = (text || '').split('|');
  for (let i = 0; i + 1 < parts.length; i += 2) raw[parts[i]!.toLowerCase()] = parts[i + 1]!;
  return cleanState(raw);
}

/** The cookie's value: every field that is set, in order. */
export function serialiseState(state: IdState): string {
  return FIELDS.filter(([key]) => state[key] !== undefined)
    .map(([key]) => key.toUpperCase() + '|' + state[key])
    .join('|');
}
