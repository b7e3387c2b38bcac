import { guardValue, NEEDS_GUARD, scrubText, URL_KEYS, type GuardOptions } from '@tagwell/runtime/privacy/index';
import { deniedQueryParams, queryKey, type Property } from '@tagwell/schema';
import type { HitEvent, ParsedHit } from './model';
import { parseEvents, put, tryDecode } from './parse';

// Issue 4 item 6, defence in depth: the runtime's privacy guard runs again at the collector on
// every value it stores (the same code, so the same spellings and the same rounds until nothing
// changes), and client addresses are truncated before storage.

export type PrivacyOptions = GuardOptions;

/**
 * The guard's options for every property the server serves: the postcode-marked fields of all of
 * them (SPEC §5, long names mapped to query keys) and all their denied query parameters, the
 * URL-passed visitor id's among them (docs/IDENTITY.md).
 */
export function privacyForProperties(properties: Property[]): PrivacyOptions {
  const marked = new Set<string>();
  const denied = new Set<string>();
  for (const property of properties) {
    for (const field of property.settings.privacy.postcodeFields) {
      const key = queryKey(field);
      if (key) marked.add(key);
    }
    for (const name of deniedQueryParams(property.settings)) denied.add(name);
  }
  return { postcodeMarked: [...marked], deniedParams: [...denied] };
}

// queryKey builds regexes on every call; variable names are few, so remember them (bounded).
const queryKeys = new Map<string, string | null>();
function queryKeyOf(name: string): string | undefined {
  let key = queryKeys.get(name);
  if (key === undefined) {
    key = queryKey(name) ?? null;
    if (queryKeys.size < 4096) queryKeys.set(name, key);
  }
  return key ?? undefined;
}

// The runtime's scrubText gives back text the rules can find nothing in at once (NEEDS_GUARD, tested there
// against the rules themselves). Checked here too before a cache lookup builds its key: most values are such
// text, and the rest is remembered, since the same page names and URLs arrive again and again.
const CACHE_LIMIT = 10_000;
const CACHEABLE = 2048;

/**
 * Guarded values by query key, then by value: two lookups, no key string made per value (a string
 * made for a lookup is hashed, and that was a seventh of the privacy pass). At most CACHE_LIMIT values.
 */
interface GuardCache {
  byKey: Map<string, Map<string, string>>;
  size: number;
}
const caches = new Map<string, GuardCache>();

function cacheFor(options: PrivacyOptions): GuardCache {
  // By value, not identity: options mutated in place must not meet stale results.
  const signature = (options?.postcodeMarked ?? []).join('\0') + '\u0001' + (options?.deniedParams ?? []).join('\0');
  let cache = caches.get(signature);
  if (!cache) {
    if (caches.size >= 16) caches.clear();
    caches.set(signature, (cache = { byKey: new Map(), size: 0 }));
  }
  return cache;
}

/** The guard of one query key's value. */
type Guard = (key: string, value: string) => string;

/** guardValue, skipped where it cannot change anything and remembered where it ran. Never throws. */
function guardWith(options: PrivacyOptions): Guard {
  const cache = cacheFor(options);
  return (key, value) => {
    if (!URL_KEYS.includes(key) && !NEEDS_GUARD.test(value)) return value;
    if (value.length > CACHEABLE) return guardValue(key, value, options);
    let values = cache.byKey.get(key);
    let out = values?.get(value);
    if (out === undefined) {
      out = guardValue(key, value, options);
      if (cache.size >= CACHE_LIMIT) {
        cache.byKey.clear();
        cache.size = 0;
        values = undefined;
      }
      if (!values) cache.byKey.set(key, (values = new Map()));
      values.set(value, out);
      cache.size++;
    }
    return out;
  };
}

const texts = new Map<string, string>();
/** scrubText, skipped and remembered as the guard is (keys such as `v88` come with every hit). Never throws. */
function text(value: string): string {
  if (!NEEDS_GUARD.test(value)) return value;
  let out = value.length > CACHEABLE ? undefined : texts.get(value);
  if (out === undefined) {
    try {
      out = scrubText(value);
    } catch {
      out = '';
    }
    if (value.length <= CACHEABLE) {
      if (texts.size >= CACHE_LIMIT) texts.clear();
      texts.set(value, out);
    }
  }
  return out;
}

/**
 * A request header (Host, User-Agent) as it may be stored: at most `max` characters, through the
 * runtime's privacy guard like every other stored text, remembered as text is (a user agent holds
 * digits, and the same few come with every hit). Never throws.
 */
export function scrubHeader(value: string | string[] | undefined, max: number): string {
  const header = typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';
  return text(header.length > max ? header.slice(0, max).replace(/[\uD800-\uDBFF]$/, '') : header);
}

/**
 * An event serial may be any 20 letters and digits, and a value any number: an NHS number fits
 * either. A part the guard would change is dropped whole (half a serial means nothing).
 */
function scrubEvent(event: HitEvent): HitEvent {
  const name = text(event.name);
  const id = event.id === undefined ? undefined : text(event.id);
  const value = event.value === undefined ? undefined : text(event.value);
  if (name === event.name && id === event.id && value === event.value) return event;
  const out: HitEvent = { name };
  if (id !== undefined && id === event.id) out.id = id;
  if (value !== undefined && value === event.value) out.value = value;
  return out;
}

const serialise = (events: HitEvent[]): string =>
  events.map((e) => e.name + (e.id !== undefined ? ':' + e.id : '') + (e.value !== undefined ? '=' + e.value : '')).join(',');

/**
 * One hit's privacy pass (scrubParsed): its guard, and whether any value changed. The helpers below take it
 * rather than close over it: under tsx, which keeps function names, every closure a call makes is named as it
 * is made, and a closure made per hit was measurable at the collector's rate.
 */
interface Pass {
  guard: Guard;
  changed: boolean;
}

function guarded(pass: Pass, key: string, value: string): string {
  const out = pass.guard(key, value);
  if (out !== value) pass.changed = true;
  return out;
}

function scrubbed(pass: Pass, value: string): string {
  const out = text(value);
  if (out !== value) pass.changed = true;
  return out;
}

function scrubbedRecord(pass: Pass, record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record)) put(out, scrubbed(pass, key), guarded(pass, key, record[key]!));
  return out;
}

/**
 * The hit as it may be stored: every variable, context-data key and value, link field, URL, event
 * serial, technical field and the raw query through the runtime's guard (guardValue: URLs lose
 * denied parameters and have each part scrubbed; postcode-marked fields become `postcode na`;
 * all other text loses e-mail addresses and NHS numbers and has postcodes replaced).
 * Returns a new object; never throws on a hit parseHit returned.
 */
export function scrubParsed(parsed: ParsedHit, options: PrivacyOptions): ParsedHit {
  const guardValueOf = guardWith(options);
  // Whether any value changed: when none did, the raw query has nothing to hide either (below).
  const pass: Pass = { guard: guardValueOf, changed: false };
  // Loops over own keys, not fromEntries(entries().map()): this runs on every value of every hit.
  const variables: ParsedHit['variables'] = {};
  for (const name of Object.keys(parsed.variables)) {
    const value = parsed.variables[name]!;
    // Variable names are AppMeasurement's long names (parseHit), never `__proto__`.
    variables[name] = Array.isArray(value) ? value.map((item) => scrubbed(pass, item)) : guarded(pass, queryKeyOf(name) ?? name, value);
  }
  // A key that holds something to hide goes with its value (as in scrubQuery).
  const contextData: Record<string, string> = {};
  for (const key of Object.keys(parsed.contextData)) if (scrubbed(pass, key) === key) put(contextData, key, guarded(pass, 'c.' + key, parsed.contextData[key]!));
  const technical = scrubbedRecord(pass, parsed.technical);
  const unknown = scrubbedRecord(pass, parsed.unknown);
  const events = parsed.events.map(scrubEvent);
  const eventsRaw = parsed.eventsRaw === null ? null : scrubEventsText(parsed.eventsRaw);
  if (eventsRaw !== parsed.eventsRaw) pass.changed = true;
  const keys = parsed.keys.map((key) => scrubbed(pass, key));
  // Every part of a query parseHit read is in the model, but for repeated keys (only the first is
  // kept) and context-data groups with no keys: with neither, and no value changed, the raw query
  // is safe as it is, and decoding it all again is saved.
  const whole = !pass.changed && !parsed.duplicates.length && !EMPTY_GROUP.test(parsed.query);
  return {
    ...parsed,
    reportSuites: [...parsed.reportSuites],
    codeVersion: text(parsed.codeVersion),
    linkName: parsed.linkName === null ? null : guardValueOf('pev2', parsed.linkName),
    linkUrl: parsed.linkUrl === null ? null : guardValueOf('pev1', parsed.linkUrl),
    variables,
    events,
    eventsRaw,
    contextData,
    timestamp: parsed.timestamp === null ? null : (technical.t ?? null),
    technical,
    unknown,
    keys,
    duplicates: parsed.duplicates.map(text),
    query: whole ? parsed.query : scrubQueryWith(parsed.query, guardValueOf),
  };
}

/** A context-data group opened and closed at once: every group with no keys has one inside. */
const EMPTY_GROUP = /(?:^|&)[^&=]+\.&\.[^&=]+(?:&|$)/;

const enc = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '';
  }
};

/** `events` as it may be stored: each item through scrubEvent, rewritten only when one changed. */
function scrubEventsText(raw: string): string {
  const events = parseEvents(raw);
  const safe = events.map(scrubEvent);
  return safe.some((e, i) => e !== events[i]) ? serialise(safe) : raw;
}

/** One top-level `key=value` (or bare key) of a query. */
function scrubPair(segment: string, guard: Guard): string {
  const eq = segment.indexOf('=');
  const rawKey = eq < 0 ? segment : segment.slice(0, eq);
  const key = tryDecode(rawKey);
  const safeKey = key === undefined ? undefined : text(key);
  const outKey = key === undefined ? loose(rawKey) : safeKey === key ? rawKey : enc(safeKey!);
  if (eq < 0) return outKey;
  const rawValue = segment.slice(eq + 1);
  const value = tryDecode(rawValue);
  if (value === undefined) return outKey + '=' + loose(rawValue);
  // A key that does not decode is no variable: its value is free text.
  const safe = key === 'events' ? scrubEventsText(value) : guard(key ?? '', value);
  return outKey + '=' + (safe === value ? rawValue : enc(safe));
}

const isOpen = (key: string) => key.length > 1 && key.endsWith('.');
const isClose = (key: string) => key.length > 1 && key.startsWith('.');

/**
 * One context-data block, `c.` to its `.c`. Values are guarded in place; when a key (or a group
 * name) holds something to hide, its entries go and the block is written anew, nested as the
 * tracker nests it, so no part of the key is left in a group marker.
 */
function scrubContextBlock(block: string[], guard: Guard): string[] {
  const stack: string[] = [];
  const leaves: Array<{ at: number; rawKey: string; rawValue: string; dotted: string; value: string }> = [];
  let dirty = false;
  for (let at = 0; at < block.length; at++) {
    const segment = block[at]!;
    const eq = segment.indexOf('=');
    const key = tryDecode(eq < 0 ? segment : segment.slice(0, eq));
    const value = eq < 0 ? '' : tryDecode(segment.slice(eq + 1));
    if (key === undefined || value === undefined) return block.map((part) => scrubPair(part, guard));
    if (eq < 0 && isOpen(key)) {
      const name = key.slice(0, -1);
      if (stack.length && text(name) !== name) dirty = true;
      stack.push(name);
    } else if (eq < 0 && isClose(key)) stack.pop();
    else {
      const dotted = stack.length > 1 ? stack.slice(1).join('.') + '.' + key : key;
      if (text(dotted) !== dotted) dirty = true;
      leaves.push({ at, rawKey: eq < 0 ? segment : segment.slice(0, eq), rawValue: eq < 0 ? '' : segment.slice(eq + 1), dotted, value });
    }
  }
  if (!dirty) {
    const out = [...block];
    for (const leaf of leaves) {
      const safe = guard('c.' + leaf.dotted, leaf.value);
      if (safe !== leaf.value) out[leaf.at] = leaf.rawKey + '=' + enc(safe);
    }
    return out;
  }
  const kept = new Map<string, string>();
  for (const { dotted, value } of leaves) {
    if (text(dotted) !== dotted || dotted.split('.').some((part) => !part) || kept.has(dotted)) continue;
    kept.set(dotted, guard('c.' + dotted, value));
  }
  return kept.size ? nest(kept) : [];
}

/** Context data nested on the dots of its keys, sorted so each group opens and closes once (as the tracker's encoder does). */
function nest(entries: Map<string, string>): string[] {
  const out = ['c.'];
  const open: string[] = [];
  for (const path of [...entries.keys()].sort()) {
    const segs = path.split('.');
    const leaf = segs.pop()!;
    let same = 0;
    while (same < open.length && open[same] === segs[same]) same++;
    while (open.length > same) out.push('.' + enc(open.pop()!));
    for (const seg of segs.slice(same)) {
      open.push(seg);
      out.push(enc(seg) + '.');
    }
    out.push(enc(leaf) + '=' + enc(entries.get(path)!));
  }
  while (open.length) out.push('.' + enc(open.pop()!));
  out.push('.c');
  return out;
}

/**
 * A raw query (or POST body) with every value through the guard, context data included, keeping
 * each part that has nothing to hide byte for byte. Works on any text, also a query parseHit
 * refused (malformed escapes are scrubbed as the runtime's URL scrubber does), so rejected hits
 * can be stored safely too. Never throws.
 */
export function scrubQuery(query: string, options: PrivacyOptions): string {
  return scrubQueryWith(query, guardWith(options));
}

function scrubQueryWith(query: string, guard: Guard): string {
  try {
    const segments = query.split('&');
    const out: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      if (tryDecode(segments[i]!) === 'c.') {
        // The block runs to the marker that brings the depth back to zero.
        let depth = 0;
        let end = i;
        for (; end < segments.length; end++) {
          const key = segments[end]!.includes('=') ? '' : (tryDecode(segments[end]!) ?? '');
          if (isOpen(key)) depth++;
          else if (isClose(key)) depth--;
          if (!depth) break;
        }
        if (end < segments.length) {
          out.push(...scrubContextBlock(segments.slice(i, end + 1), guard));
          i = end;
          continue;
        }
      }
      out.push(scrubPair(segments[i]!, guard));
    }
    return out.join('&');
  } catch {
    return '';
  }
}

/**
 * Text that does not decode (a stray or malformed escape): scrubText reads what it can of it, and
 * what changed is written back encoded, so it cannot add a delimiter to the query.
 */
function loose(raw: string): string {
  const out = text(raw);
  return out === raw ? raw : enc(out);
}

/**
 * A client address as it may be stored: IPv4 with the last octet zeroed (`203.0.113.7` ->
 * `203.0.113.0`), IPv6 with the last 80 bits zeroed (`2001:db8:85a3:1234:...` -> `2001:db8:85a3::`),
 * written in RFC 5952's short form. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, as a
 * dual-stack socket reports IPv4 clients) is truncated and returned as IPv4. A zone (`%eth0`) and
 * brackets are dropped. Anything else, garbage included, is `''`.
 */
export function truncateIp(ip: string): string {
  try {
    let s = String(ip ?? '').trim();
    if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
    const v4 = ipv4(s);
    if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0`;
    const groups = ipv6(s.replace(/%[\w.-]+$/, ''));
    if (!groups) return '';
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.0`;
    return formatIpv6([groups[0]!, groups[1]!, groups[2]!, 0, 0, 0, 0, 0]);
  } catch {
    return '';
  }
}

function ipv4(s: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : undefined;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and an IPv4 tail), or undefined. */
function ipv6(s: string): number[] | undefined {
  if (!/^[\da-f:.]{2,45}$/i.test(s)) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const part = (text: string): number[] | undefined => {
    if (!text) return [];
    const out: number[] = [];
    const pieces = text.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4(piece);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[\da-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  if (!head || !tail) return undefined;
  // An IPv4 tail may only end the address.
  if (halves.length === 2 && halves[0]!.includes('.')) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : undefined;
}

/** RFC 5952: lower-case hex without leading zeros, the longest run of two or more zero groups (the first on a tie) as `::`. */
function formatIpv6(groups: number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return hex.slice(0, best).join(':') + '::' + hex.slice(best + bestLength).join(':');
}
