// The collector's pure core: Adobe Analytics image requests read, checked against the SDR and
// scrubbed, with no I/O (issue 4 items 2 and 6). The HTTP routes and storage live elsewhere.
import type { ParsedHit, Rejection } from './model';
import { parseHit, type HitInput, type ParseOptions } from './parse';
import { scrubParsed, scrubQuery, type PrivacyOptions } from './privacy';
import { cutQuery } from './rejection';
import { validateHit, type ValidationRules } from './validate';

export { SCHEMA_MISMATCH, type HitEvent, type HitVariables, type LinkType, type ParsedHit, type Rejection } from './model';
export {
  DEFAULT_MAX_DEPTH, DEFAULT_MAX_KEY_LENGTH, DEFAULT_MAX_KEYS, DEFAULT_MAX_QUERY_LENGTH, TECHNICAL_KEYS, parseEvents, parseHit, type HitInput, type ParseOptions,
} from './parse';
export { cutQuery } from './rejection';
export { rulesForProperties, validateHit, type RulesOptions, type ValidationResult, type ValidationRules } from './validate';
export { privacyForProperties, scrubHeader, scrubParsed, scrubQuery, truncateIp, type PrivacyOptions } from './privacy';

/** A hit accepted and scrubbed, ready to store. */
export interface Collected {
  ok: true;
  hit: ParsedHit;
}

/**
 * parseHit (with `limits`; the longest query is the rules'), validateHit with `rules`, then
 * scrubParsed with `privacy`: the stored form of an accepted hit, or the Rejection to answer with
 * (its `detail` is already scrubbed; keptQuery gives what a rejected hit's record may keep of its
 * query). Never throws.
 */
export function collectHit(input: HitInput, rules: ValidationRules, privacy: PrivacyOptions, limits: Omit<ParseOptions, 'maxQueryLength'> = {}): Collected | Rejection {
  const parsed = parseHit(input, { ...limits, maxQueryLength: rules.maxQueryLength });
  if (!parsed.ok) return parsed;
  const verdict = validateHit(parsed, rules);
  if (!verdict.ok) return verdict;
  return { ok: true, hit: scrubParsed(parsed, privacy) };
}

/**
 * What a rejected hit's record keeps of its query or body: the first `maxBytes`, scrubbed. Only
 * that much is ever scrubbed, so a rejected megabyte costs what a rejected kilobyte does.
 */
export function keptQuery(raw: string, maxBytes: number, privacy: PrivacyOptions): string {
  if (maxBytes <= 0 || !raw) return '';
  return scrubQuery(cutQuery(raw, maxBytes), privacy);
}
