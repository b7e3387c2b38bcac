/**
 * The stored form of a hit's content (issue 18: under 200 bytes a hit): everything but the columns
 * queries filter on, in one compressed blob. Lossless: decodeHitRecord gives back exactly what
 * encodeHitRecord was given.
 *
 * What makes it small, in order:
 * 1. What can be derived is not stored: a column equal to its variable (pageName, pageURL, prop5,
 *    linkName) and `variables.events` equal to the names in `events` are stored as a marker.
 * 2. The raw query keeps each `key=value` whose value is exactly encodeURIComponent of a value the
 *    record already holds (pageName, a prop, the events...) as a reference to it, and one that
 *    is encodeURIComponent of other text as that text.
 * 3. DEFLATE with a preset dictionary of what every hit repeats (AppMeasurement's keys, the record's
 *    own skeleton, common user agents), so even one short hit compresses.
 *
 * The first byte is the format: a later dictionary is a new format, and old rows stay readable.
 */
import { inflateRawSync } from 'node:zlib';
import { recordBytes } from './record-codec.mjs';
import type { HitVariables, LinkType, NewHit } from './types';
import { eventNames } from './text';

/** The content a hit row keeps in `record`: the hit's fields that no column holds. */
export type HitContent = Pick<
  NewHit,
  'hitType' | 'linkType' | 'linkName' | 'pageName' | 'pageUrl' | 'siteSection' | 'events' | 'variables' | 'contextData' | 'query' | 'clientIp' | 'userAgent'
>;

const FORMAT_1 = 1;

/** Stands for "the same as the variable" in a column's place, and for the derived list in `variables.events`. */
const SAME = 0;

// Strings every hit repeats, most frequent last (DEFLATE reaches the end of the dictionary cheapest).
export const RECORD_DICTIONARY = Buffer.from(
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    '"eVar1":"eVar2":"eVar3":"eVar4":"eVar5":"eVar10":"eVar20":"eVar35":"prop1":"prop2":"prop3":"prop4":',
    '"channel":"server":"referrer":"campaign":"currencyCode":"GBP","linkURL":"linkType":"o","linkName":',
    '&c1=&c2=&c3=&c4=&v1=&v2=&v3=&v10=&v20=&v35=&ch=&server=&r=https\u0001https://&pev1=&pev2=&pe=lnk_o',
    '&s=1920x1080&c=24&j=1.6&v=N&k=Y&bw=1280&bh=720&mcorgid=&AQE=1',
    'AQB=1\u0000ndh=1\u0000pf=1\u0000t=0/0/2026 0:0:0 0 0\u0000fid=\u0000ce=UTF-8\u0000pageName\u00021\u0000g\u00022\u0000',
    '"marketingCloudVisitorID":"',
    '"event1","event2","event3","event5","event14","event15"',
    ',{},"192.0.2.0","Mozilla/5.0 (',
    '&cc=GBP&c5\u00024&events\u00020&mid\u0001',
    `[${FORMAT_1},0,null,null,${SAME},${SAME},${SAME},"event1",{"pageName":"","pageURL":"https://www.","prop5":"","events":${SAME}},{},"192.0.2.0","`,
  ].join(''),
  'latin1',
);

// A 4 KB window holds the dictionary and a typical record; the state it needs is small and quick to set up.
const ZLIB_1 = { dictionary: RECORD_DICTIONARY, windowBits: 12, memLevel: 5, level: 6 } as const;

/**
 * How a record's text becomes its bytes: the format byte, then the text DEFLATEd with these
 * options. SQLite's writer thread is given it (engines/sqlite-worker.mjs `tagwell_hit_record`) and
 * compresses the records of a group commit there, off the event loop; the bytes are the same.
 */
export const RECORD_CODEC = { format: FORMAT_1, ...ZLIB_1 } as const;

export function encodeHitRecord(hit: HitContent): Uint8Array {
  return encodeRecordText(hitRecordText(hit));
}

/** A record's bytes from its text (hitRecordText), as SQLite's writer thread makes them (record-codec.mjs). */
export function encodeRecordText(text: string): Uint8Array {
  return recordBytes(text, FORMAT_1, ZLIB_1);
}

export function decodeHitRecord(bytes: Uint8Array): HitContent {
  return hitFromRecordText(hitRecordTextOf(bytes));
}

/** A stored record's text, uncompressed (compaction.ts packs many of these into a block). */
export function hitRecordTextOf(bytes: Uint8Array): string {
  if (bytes[0] !== FORMAT_1) throw new Error(`unknown hit record format ${bytes[0]}`);
  return inflateRawSync(Buffer.from(bytes.buffer, bytes.byteOffset + 1, bytes.length - 1), ZLIB_1).toString('utf8');
}

/** The record's text before compression: the JSON of what no column holds, then the query. */
export function hitRecordText(hit: HitContent): string {
  const v = hit.variables;
  const derivedEvents = sameList(v.events, eventNames(hit.events));
  const variables = derivedEvents ? { ...v, events: SAME } : v;
  const record = [
    FORMAT_1,
    hit.hitType === 'page' ? 0 : 1,
    hit.linkType,
    same(hit.linkName, v.linkName),
    same(hit.pageName, v.pageName),
    same(hit.pageUrl, v.pageURL),
    same(hit.siteSection, v.prop5),
    hit.events,
    variables,
    hit.contextData,
    hit.clientIp,
    hit.userAgent,
  ];
  const query = encodeQuery(hit.query, valuesOf(hit));
  // 1: the query is kept as it came (it holds a character the encoded form uses).
  if (query === null) record.push(1);
  // The query after the JSON and a U+0000, which JSON text never holds raw: its separators stay one byte.
  return `${JSON.stringify(record)}${SEGMENT}${query ?? hit.query}`;
}

export function hitFromRecordText(text: string): HitContent {
  const split = text.indexOf(SEGMENT);
  const query = text.slice(split + 1);
  const [, type, linkType, linkName, pageName, pageUrl, siteSection, events, stored, contextData, clientIp, userAgent, rawQuery] = JSON.parse(text.slice(0, split)) as [
    number, 0 | 1, LinkType | null, Stored, Stored, Stored, Stored, string | null, Record<string, unknown>, Record<string, string>, string | null, string | null, 1 | undefined,
  ];
  const variables = stored as HitVariables;
  if (stored.events === SAME) variables.events = eventNames(events);
  const hit: HitContent = {
    hitType: type === 0 ? 'page' : 'link',
    linkType,
    linkName: from(linkName, variables.linkName),
    pageName: from(pageName, variables.pageName),
    pageUrl: from(pageUrl, variables.pageURL),
    siteSection: from(siteSection, variables.prop5),
    events,
    variables,
    contextData,
    query: '',
    clientIp,
    userAgent,
  };
  hit.query = rawQuery === 1 ? query : decodeQuery(query, valuesOf(hit));
  return hit;
}

/** The values a query may refer to, in an order both sides compute alike (everything but the query). */
function valuesOf(hit: HitContent): string[] {
  const values: string[] = [];
  for (const value of [hit.events, hit.linkName, hit.pageName, hit.pageUrl, hit.siteSection]) if (value) values.push(value);
  for (const value of Object.values(hit.variables)) if (typeof value === 'string' && value) values.push(value);
  for (const value of Object.values(hit.contextData)) if (typeof value === 'string' && value) values.push(value);
  return values;
}

type Stored = string | null | typeof SAME;

function same(column: string | null, variable: unknown): Stored {
  return column !== null && column === variable ? SAME : column;
}

function from(stored: Stored, variable: unknown): string | null {
  return stored === SAME ? (variable as string) : stored;
}

function sameList(list: unknown, names: readonly string[]): boolean {
  return Array.isArray(list) && list.length === names.length && list.every((name, i) => name === names[i]);
}

// Query form: segments joined by U+0000; after the key, U+0002 and the number of a value of the
// record, or U+0001 and a decoded value. A query holding any of the three (stored text never holds
// U+0000: text.ts `clean`) is kept as it came: encodeQuery gives null.
const SEGMENT = '\u0000';
const DECODED = '\u0001';
const VALUE = '\u0002';

export function encodeQuery(query: string, values: readonly string[]): string | null {
  if (query.includes(DECODED) || query.includes(VALUE) || query.includes(SEGMENT)) return null;
  const refs = new Map<string, number>();
  values.forEach((value, i) => {
    const encoded = encodeURIComponent(value);
    if (!refs.has(encoded)) refs.set(encoded, i);
  });
  return query
    .split('&')
    .map((segment) => {
      const eq = segment.indexOf('=');
      if (eq < 0) return segment;
      const value = segment.slice(eq + 1);
      const ref = refs.get(value);
      if (ref !== undefined) return `${segment.slice(0, eq)}${VALUE}${ref}`;
      if (!value.includes('%')) return segment;
      let text: string;
      try {
        text = decodeURIComponent(value);
      } catch {
        return segment;
      }
      if (encodeURIComponent(text) !== value || text.includes(SEGMENT) || text.includes(DECODED)) return segment;
      return `${segment.slice(0, eq)}${DECODED}${text}`;
    })
    .join(SEGMENT);
}

/**
 * The query as it came, from its stored form. A key holds neither mark (a query holding one is kept
 * whole), so the first mark of a segment is the one after its key: decoded text may hold the other
 * (`%02` is U+0002), and it stays text.
 */
export function decodeQuery(stored: string, values: readonly string[]): string {
  return stored
    .split(SEGMENT)
    .map((segment) => {
      const decoded = segment.indexOf(DECODED);
      const ref = segment.indexOf(VALUE);
      const at = decoded < 0 || (ref >= 0 && ref < decoded) ? ref : decoded;
      if (at < 0) return segment;
      const rest = segment.slice(at + 1);
      return `${segment.slice(0, at)}=${encodeURIComponent(segment[at] === VALUE ? values[Number(rest)]! : rest)}`;
    })
    .join('&');
}
