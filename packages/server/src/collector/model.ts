// The collector's model of one Adobe Analytics image request (CONTRACT §2, §4).

/** SPEC §8: the reason of every rejected hit, word for word. `detail` says what did not match. */
export const SCHEMA_MISMATCH = 'The event does not match the expected schema.';

/** A hit the collector refuses: 400 (does not match), 413 (too long) or 415 (POST body not urlencoded). */
export interface Rejection {
  ok: false;
  reason: typeof SCHEMA_MISMATCH;
  /** What did not match, e.g. `unknown variable v999`, `currency USD is not GBP`. Values quoted in it are scrubbed. */
  detail: string;
  status: 400 | 413 | 415;
}

export type LinkType = 'o' | 'd' | 'e';

/** One item of `events`: `event5:abc=3` is `{ name: 'event5', id: 'abc', value: '3' }`. */
export interface HitEvent {
  name: string;
  /** The serial (Adobe's event serialisation id), when the item has one. */
  id?: string;
  /** The numeric value, as sent, when the item has one. */
  value?: string;
}

/**
 * Variables by AppMeasurement's long names: pageName, pageURL, referrer, channel, server, pageType,
 * campaign, products, purchaseID, transactionID, state, zip, currencyCode, propN, eVarN, hierN, listN,
 * linkName, linkURL, linkType (`o`, `d` or `e`, as AppMeasurement's s.linkType), marketingCloudVisitorID;
 * `events` is the list of event names.
 */
export type HitVariables = Record<string, string | string[]> & { events?: string[] };

export interface ParsedHit {
  ok: true;
  method: 'GET' | 'POST';
  /** The Host header, lower-cased. */
  host: string;
  /** From the path: `/b/ss/<rsid,rsid>/1/<codeVersion>/s<random>`. */
  reportSuites: string[];
  codeVersion: string;
  hitType: 'page' | 'link';
  /** From `pe=lnk_o|lnk_d|lnk_e`; null on a page hit. */
  linkType: LinkType | null;
  /** `pev2`, or null. */
  linkName: string | null;
  /** `pev1`, or null. */
  linkUrl: string | null;
  variables: HitVariables;
  /** Every item of `events` in order, with its serial and value. */
  events: HitEvent[];
  /** `events` as sent (decoded), or null when the hit has none. */
  eventsRaw: string | null;
  /** Context data by dotted key: `c.&tool.&name=bmi&.tool&.c` is `{ 'tool.name': 'bmi' }`. */
  contextData: Record<string, string>;
  /** `t` as sent: `d/m/yyyy h:m:s weekday offset` (month zero-based), or null. */
  timestamp: string | null;
  /** Protocol and browser fields (AQB, AQE, t, ndh, ce, s, c, k, bw, bh, fid, ...) by query key. */
  technical: Record<string, string>;
  /** Query keys that are neither variables nor technical fields (validateHit rejects them). */
  unknown: Record<string, string>;
  /** Top-level query keys in order, each context-data block as one `c.`: what AQB/AQE order is checked on. */
  keys: string[];
  /** Keys (query keys, or `c.<dotted>` for context data) that appeared more than once; the first value is kept. */
  duplicates: string[];
  /** The query as received (the URL query of a GET, the body of a POST). */
  query: string;
}
