import { allowedQueryKeys, buildSdr, EVENT_NAME, type Property } from '@tagwell/schema';
import type { ParsedHit, Rejection } from './model';
import { mediaProblems } from './media';
import { DEFAULT_MAX_QUERY_LENGTH, EVENT_ITEM, longNameOf, TECHNICAL_KEYS } from './parse';
import { quote, reject } from './rejection';

// Checks a parsed hit against the solution design reference (issue 4 item 2, SPEC §8).

export interface ValidationRules {
  /** Every top-level query key a hit may carry: the SDR's (allowedQueryKeys) and the technical ones. */
  allowedKeys: ReadonlySet<string>;
  /** Event names a hit may carry (`event1`, `purchase`). */
  allowedEvents: ReadonlySet<string>;
  /** Dotted context-data keys a hit may carry; undefined: any. */
  allowedContextData?: ReadonlySet<string>;
  /** Report suites a hit may be sent to; undefined: any. */
  allowedReportSuites?: ReadonlySet<string>;
  /** The one currency code `cc` may carry (SPEC §9: GBP). A hit without `cc` is accepted. */
  currency: string;
  /** Longest query (or POST body), in UTF-8 bytes: 413 beyond. */
  maxQueryLength: number;
}

export type ValidationResult = { ok: true } | Rejection;

/** Plain names as they are (`v999`), anything else quoted and scrubbed. */
const show = (text: string): string => {
  const quoted = quote(text);
  return /^[\w.:-]{1,40}$/.test(text) && quoted === JSON.stringify(text) ? text : quoted;
};

/** How many problems one rejection's detail lists before `and N more`. */
const MAX_LISTED = 5;

/**
 * Checks a hit against the rules. Every problem found is listed in the detail (`; `-separated);
 * the status is 413 for an oversized query, else 400. Never throws.
 */
export function validateHit(parsed: ParsedHit, rules: ValidationRules): ValidationResult {
  try {
    return check(parsed, rules);
  } catch {
    return reject('unreadable hit');
  }
}

function check(hit: ParsedHit, rules: ValidationRules): ValidationResult {
  if (hit.query.length > rules.maxQueryLength || (hit.query.length * 3 > rules.maxQueryLength && Buffer.byteLength(hit.query, 'utf8') > rules.maxQueryLength))
    return reject(`query over ${rules.maxQueryLength} bytes`, 413);

  const problems: string[] = [];
  const { keys } = hit;
  // AQB opens the hit and AQE closes it: a hit cut short on the way has no AQE.
  if (!keys.includes('AQB')) problems.push('missing AQB');
  else if (keys[0] !== 'AQB') problems.push('AQB not first');
  if (!keys.includes('AQE')) problems.push('missing AQE');
  else if (keys[keys.length - 1] !== 'AQE') problems.push('AQE not last');

  if (rules.allowedReportSuites)
    for (const rsid of hit.reportSuites) if (!rules.allowedReportSuites.has(rsid)) problems.push(`unknown report suite ${rsid}`);

  for (const key of new Set(keys)) {
    // `c.` in keys is a context-data block, unless a `c.=` pair put it among the unknown.
    if ((key === 'c.' && !Object.hasOwn(hit.unknown, 'c.')) || rules.allowedKeys.has(key)) continue;
    const name = longNameOf(key);
    problems.push(`unknown variable ${show(key)}${name && name !== key ? ` (${name})` : ''}`);
  }
  for (const key of hit.duplicates) problems.push(`repeated ${key.startsWith('c.') ? 'context data' : 'variable'} ${show(key.startsWith('c.') ? key.slice(2) : key)}`);

  if (rules.allowedContextData)
    for (const key of Object.keys(hit.contextData)) if (!rules.allowedContextData.has(key)) problems.push(`unknown context data ${show(key)}`);

  // Issue 16: a media hit's context data, per event (media.ts).
  problems.push(...mediaProblems(hit));

  if (hit.eventsRaw) {
    const items = hit.eventsRaw.split(',');
    const bad = items.some((item) => {
      const m = EVENT_ITEM.exec(item);
      return !m || !EVENT_NAME.test(m[1]!);
    });
    if (bad) problems.push(`bad events syntax ${quote(hit.eventsRaw)}`);
    else for (const item of new Set(items.map((i) => EVENT_ITEM.exec(i)![1]!))) if (!rules.allowedEvents.has(item)) problems.push(`unknown event ${item}`);
  }

  const cc = hit.variables.currencyCode;
  if (typeof cc === 'string' && cc !== rules.currency) problems.push(`currency ${show(cc)} is not ${rules.currency}`);

  if (hit.keys.includes('pe') && !hit.linkType)
    problems.push(`bad link type pe=${show(String(hit.variables.linkType ?? ''))}: expected lnk_o, lnk_d or lnk_e`);

  if (!problems.length) return { ok: true };
  const listed = problems.slice(0, MAX_LISTED).join('; ');
  return reject(problems.length > MAX_LISTED ? `${listed}; and ${problems.length - MAX_LISTED} more` : listed);
}

export interface RulesOptions {
  maxQueryLength?: number;
  /** Also reject hits sent to a report suite no property names (default false: any report suite). */
  checkReportSuites?: boolean;
}

/**
 * One rule set for every property the server serves: the union of their SDRs. A hit is accepted
 * when each of its keys, events and context-data keys is in some property's SDR. The union, not a
 * per-property match: a hit does not say which property sent it (report suites may be shared, and
 * a host may serve several), and checking against the union costs one set lookup per key. The
 * currency is the properties' when they agree, else SPEC §9's GBP.
 */
export function rulesForProperties(properties: Property[], options: RulesOptions = {}): ValidationRules {
  const allowedKeys = new Set<string>(TECHNICAL_KEYS);
  const allowedEvents = new Set<string>();
  const allowedContextData = new Set<string>();
  const reportSuites = new Set<string>();
  const currencies = new Set<string>();
  for (const property of properties) {
    const sdr = buildSdr(property);
    for (const key of allowedQueryKeys(sdr)) allowedKeys.add(key);
    for (const event of sdr.events) allowedEvents.add(event.name);
    // As the tracker's encoder nests them: empty segments dropped (`a..b` is sent as `a.b`).
    for (const entry of sdr.contextData) allowedContextData.add(entry.name.split('.').filter(Boolean).join('.'));
    for (const env of Object.values(property.environments)) for (const rsid of env.reportSuites) reportSuites.add(rsid);
    currencies.add(sdr.currency);
  }
  return {
    allowedKeys,
    allowedEvents,
    allowedContextData,
    ...(options.checkReportSuites ? { allowedReportSuites: reportSuites } : {}),
    currency: currencies.size === 1 ? [...currencies][0]! : 'GBP',
    maxQueryLength: options.maxQueryLength ?? DEFAULT_MAX_QUERY_LENGTH,
  };
}
