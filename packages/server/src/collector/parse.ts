import { longName } from '@tagwell/schema';
import type { HitEvent, HitVariables, LinkType, ParsedHit, Rejection } from './model';
import { quote, reject } from './rejection';

// Reads an Adobe Analytics image request (CONTRACT §4) into the model of CONTRACT §2. Pure and
// linear in the length of the hit; never throws: anything it cannot read is a Rejection.
//
// Decoding: every key and value goes through decodeURIComponent, in GET queries and POST bodies
// alike. A `+` stays a `+`: neither our encoder (encodeURIComponent) nor AppMeasurement writes `+`
// for a space, both escape a real `+` as %2B, and CONTRACT §4 says the POST body is "the same
// query" as the GET, so both must read the same.
//
// Where the query is: the URL query for a GET (an image request, how our transport sends a hit of up
// to 2047 characters) and for a POST without a body (sendBeacon(url) with no data, how it sends one
// while the page is left or for an exit link); the
// body for a POST with one, which must then be application/x-www-form-urlencoded or text/plain
// (415 otherwise) and comes with no URL query.

export interface HitInput {
  method: 'GET' | 'POST';
  /** The URL path. Anything from a `?` on is taken as the query when `query` is empty. */
  path: string;
  /** The raw URL query, without the `?`. */
  query: string;
  /** The request body of a POST, as text; empty or absent: the query is the URL's. */
  body?: string;
  /** The Content-Type header of a POST with a body. */
  contentType?: string;
  host: string;
}

export interface ParseOptions {
  /** Longest query (GET) or body (POST) read, in UTF-8 bytes; longer is a 413 before any decoding. */
  maxQueryLength?: number;
  /** Most `&`-separated parts (keys and context-data markers); more is refused before any is read. */
  maxKeys?: number;
  /** Longest key as sent (checked before decoding it), and longest dotted context-data key. */
  maxKeyLength?: number;
  /** Deepest context-data nesting, `c.` counted: `c.&tool.&name=x&.tool&.c` is 2. */
  maxDepth?: number;
}

/** 64 KiB: far above our GET limit (2047, CONTRACT §4) and any POST our tracker sends. */
export const DEFAULT_MAX_QUERY_LENGTH = 64 * 1024;
/** AppMeasurement sends a few hundred keys at most (75 props, 250 eVars, the rest). */
export const DEFAULT_MAX_KEYS = 1000;
/** Query keys are short (`v250`); context-data keys are names an author chose, dots and all. */
export const DEFAULT_MAX_KEY_LENGTH = 256;
/** The tracker nests context data on the dots of its keys; SDRs use two or three levels. */
export const DEFAULT_MAX_DEPTH = 10;

/**
 * Query keys of the protocol and the browser that are not variables: ours (packages/schema
 * AUTOMATIC_KEYS without the variables) and the ones AppMeasurement adds that carry no page data
 * (plugins, Java, connection type, fallback and legacy visitor ids, org id...), and `tnta`, the
 * activities and experiences shown, as Analytics for Target sends them (issue 15 item 4; the
 * container's personalisation sends it, experiments/hit-exposures.ts reads it). Not here, so not
 * accepted: `vid` (a custom visitor id, free text), ActivityMap/ClickMap keys (they carry link URLs),
 * `D` (dynamic-variable prefix).
 */
export const TECHNICAL_KEYS: ReadonlySet<string> = new Set([
  'AQB', 'AQE', 'ndh', 't', 'ce', 's', 'c', 'k', 'bw', 'bh',
  'pf', 'fid', 'aid', 'ns', 'j', 'v', 'p', 'ct', 'hp', 'cl', 'cdp', 'mcorgid', 'lrt', 'aamlh', 'aamb', 'sdid', 'pccr', 'vvp',
  'tnta',
]);

const PATH = /^\/b\/ss\/([A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]+)*)\/1\/([^/]+)\/s(\d+)$/;
const MAX_PATH = 2048;
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'text/plain']);
/** One item of `events`: name, optional serial, optional numeric value (Adobe's syntax). */
export const EVENT_ITEM = /^([A-Za-z][A-Za-z0-9]*)(?::([A-Za-z0-9]{1,20}))?(?:=(-?\d+(?:\.\d+)?))?$/;
const LINK_TYPE = /^lnk_([ode])$/;

// longName builds regexes on every call; the keys a collector sees are few, so remember them.
// Bounded, since the keys come from anyone.
const longNames = new Map<string, string | null>();
export function longNameOf(key: string): string | undefined {
  let name = longNames.get(key);
  if (name === undefined) {
    name = longName(key) ?? null;
    if (longNames.size < 4096) longNames.set(key, name);
  }
  return name ?? undefined;
}

/** decodeURIComponent, or undefined on malformed escapes (including lone surrogates). */
export function tryDecode(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** UTF-8 length, counted only when the string could be over the limit. */
function overLimit(text: string, max: number): boolean {
  return text.length > max || (text.length * 3 > max && Buffer.byteLength(text, 'utf8') > max);
}

/** The items of an `events` value; an item that is not `name(:serial)?(=number)?` is kept whole as its name. */
export function parseEvents(raw: string): HitEvent[] {
  const out: HitEvent[] = [];
  for (const item of raw.split(',')) {
    if (!item) continue;
    const m = EVENT_ITEM.exec(item);
    const event: HitEvent = { name: m ? m[1]! : item };
    if (m?.[2] !== undefined) event.id = m[2];
    if (m?.[3] !== undefined) event.value = m[3];
    out.push(event);
  }
  return out;
}

/**
 * Reads one hit. Returns the model, or a Rejection for a bad path, a POST body that is not
 * urlencoded (415), a query over the limit (413), more keys than the limit, a key too long or
 * context data nested too deep (each checked before the work it would cost), malformed escapes or
 * unbalanced context data. The schema (AQB/AQE, keys, events, currency) is validateHit's.
 */
export function parseHit(input: HitInput, options: ParseOptions = {}): ParsedHit | Rejection {
  try {
    return parse(input, {
      maxQueryLength: options.maxQueryLength ?? DEFAULT_MAX_QUERY_LENGTH,
      maxKeys: options.maxKeys ?? DEFAULT_MAX_KEYS,
      maxKeyLength: options.maxKeyLength ?? DEFAULT_MAX_KEY_LENGTH,
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    });
  } catch {
    // Nothing above should throw; a hit it could not read is still the client's fault, never a 5xx.
    return reject('unreadable hit');
  }
}

/**
 * Sets an own property of a record read from a query, `__proto__` too (as Object.fromEntries does,
 * never the prototype). Records filled this way, as they are read, cost a third of Maps copied by
 * fromEntries, which was a third of the parse (and of the privacy pass over them).
 */
export function put(record: Record<string, string>, key: string, value: string): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/** More than `max` parts separated by `&`, counted without splitting. */
function overParts(query: string, max: number): boolean {
  let parts = 1;
  for (let at = query.indexOf('&'); at >= 0; at = query.indexOf('&', at + 1)) if (++parts > max) return true;
  return false;
}

function parse(input: HitInput, limits: Required<ParseOptions>): ParsedHit | Rejection {
  const { maxQueryLength: max, maxKeys, maxKeyLength, maxDepth } = limits;
  let path = String(input.path ?? '');
  let urlQuery = String(input.query ?? '');
  const q = path.indexOf('?');
  if (q >= 0) {
    if (!urlQuery) urlQuery = path.slice(q + 1);
    path = path.slice(0, q);
  }
  if (path.length > MAX_PATH) return reject(`bad path: over ${MAX_PATH} characters`);
  const m = PATH.exec(path);
  if (!m) return reject(`bad path ${quote(path)}: expected /b/ss/<report suites>/1/<code version>/s<random>`);
  const codeVersion = tryDecode(m[2]!);
  if (codeVersion === undefined) return reject(`bad path: malformed percent-encoding in code version ${quote(m[2]!)}`);

  let query: string;
  if (input.method === 'POST' && !input.body) {
    // navigator.sendBeacon(url) with no data: a bodiless POST, the query in the URL, no Content-Type
    // (how our container sends a hit of up to 2047 characters while the page is left or for an exit link).
    query = urlQuery;
  } else if (input.method === 'POST') {
    const type = String(input.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type) return reject('not urlencoded: POST without a Content-Type', 415);
    if (!FORM_TYPES.has(type)) return reject(`not urlencoded: Content-Type ${quote(type)}; expected application/x-www-form-urlencoded or text/plain`, 415);
    query = String(input.body ?? '');
    if (query && urlQuery) return reject('POST with a query both in the URL and in the body');
  } else if (input.method === 'GET') {
    query = urlQuery;
  } else {
    return reject(`method ${quote(String(input.method))}: expected GET or POST`);
  }
  // The limits come before any work on the parts: each costs one pass at most.
  if (overLimit(query, max)) return reject(`query over ${max} bytes`, 413);
  if (query.startsWith('?')) query = query.slice(1);
  if (overParts(query, maxKeys)) return reject(`over ${maxKeys} keys`);

  const variables: HitVariables = {};
  const technical: Record<string, string> = {};
  const unknown: Record<string, string> = {};
  const contextData: Record<string, string> = {};
  const keys: string[] = [];
  const duplicates = new Set<string>();
  const seen = new Set<string>();
  // Context-data groups open now: ['c', 'tool'] inside `c.&tool.&`, and the dotted prefix each
  // opened: ['', 'tool.']. A key inside is its prefix and itself, so no key joins the whole stack
  // (that made deep nesting quadratic).
  const stack: string[] = [];
  const prefixes: string[] = [];
  let eventsRaw: string | null = null;
  let pe: string | null = null;

  // One part at a time, not split up front: a hit refused at its first bad part costs no more.
  for (let start = 0, end = 0; start <= query.length; start = end + 1) {
    end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    const segment = query.slice(start, end);
    if (!segment) continue;
    const eq = segment.indexOf('=');
    const rawKey = eq < 0 ? segment : segment.slice(0, eq);
    if (rawKey.length > maxKeyLength) return reject(`key over ${maxKeyLength} characters`);
    const key = tryDecode(rawKey);
    if (key === undefined) return reject(`malformed percent-encoding in key ${quote(rawKey)}`);
    if (eq < 0 && key.length > 1 && key.endsWith('.')) {
      // `name.` opens a level; `c.` opens context data.
      const name = key.slice(0, -1);
      if (!stack.length) {
        if (name !== 'c') return reject(`context data: ${quote(key)} outside c. … .c`);
        keys.push('c.');
      }
      if (stack.length >= maxDepth) return reject(`context data nested deeper than ${maxDepth} levels`);
      const prefix = stack.length ? prefixes[prefixes.length - 1]! + name + '.' : '';
      if (prefix.length > maxKeyLength) return reject(`context-data key over ${maxKeyLength} characters`);
      stack.push(name);
      prefixes.push(prefix);
      continue;
    }
    if (eq < 0 && key.length > 1 && key.startsWith('.')) {
      // `.name` closes the level opened last.
      const name = key.slice(1);
      const open = stack.pop();
      prefixes.pop();
      if (open === undefined) return reject(`context data: ${quote(key)} closes nothing`);
      if (open !== name) return reject(`context data: ${quote(key)} closes ${quote(open + '.')}`);
      continue;
    }
    const rawValue = eq < 0 ? '' : segment.slice(eq + 1);
    const value = tryDecode(rawValue);
    if (value === undefined) return reject(`malformed percent-encoding in the value of ${quote(key)}`);

    if (stack.length) {
      const prefix = prefixes[prefixes.length - 1]!;
      if (prefix.length + key.length > maxKeyLength) return reject(`context-data key over ${maxKeyLength} characters`);
      const dotted = prefix + key;
      if (Object.hasOwn(contextData, dotted)) duplicates.add('c.' + dotted);
      else put(contextData, dotted, value);
      continue;
    }
    keys.push(key);
    if (seen.has(key)) {
      duplicates.add(key);
      continue;
    }
    seen.add(key);
    const name = longNameOf(key);
    if (name === 'events') eventsRaw = value;
    else if (name === 'linkType') {
      pe = value;
      variables.linkType = LINK_TYPE.exec(value)?.[1] ?? value;
    } else if (name !== undefined) variables[name] = value;
    else put(TECHNICAL_KEYS.has(key) ? technical : unknown, key, value);
  }
  if (stack.length) return reject(`context data: ${quote(stack.map((s) => s + '.').join(''))} not closed (missing .c)`);

  const events = eventsRaw ? parseEvents(eventsRaw) : [];
  if (eventsRaw !== null) variables.events = [...new Set(events.map((e) => e.name))];

  const linkType = (pe && (LINK_TYPE.exec(pe)?.[1] as LinkType | undefined)) || null;
  const pev1 = variables.linkURL;
  const pev2 = variables.linkName;
  return {
    ok: true,
    method: input.method,
    host: String(input.host ?? '').toLowerCase(),
    reportSuites: m[1]!.split(','),
    codeVersion,
    hitType: linkType ? 'link' : 'page',
    linkType,
    linkName: typeof pev2 === 'string' ? pev2 : null,
    linkUrl: typeof pev1 === 'string' ? pev1 : null,
    variables,
    events,
    eventsRaw,
    contextData,
    timestamp: technical.t ?? null,
    technical,
    unknown,
    keys,
    duplicates: [...duplicates],
    query,
  };
}
