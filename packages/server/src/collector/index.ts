// The collector's pure core: Adobe Analytics image requests read, checked against the SDR and
// scrubbed, with no I/O (issue 4 items 2 and 6). The HTTP routes and storage live elsewhere.
import type { ParsedHit, Rejection } from './model';
import { parseHit, type HitInput } from './parse';
import { scrubParsed, type PrivacyOptions } from './privacy';
import { validateHit, type ValidationRules } from './validate';

export { SCHEMA_MISMATCH, type HitEvent, type HitVariables, type LinkType, type ParsedHit, type Rejection } from './model';
export { DEFAULT_MAX_QUERY_LENGTH, TECHNICAL_KEYS, parseEvents, parseHit, type HitInput, type ParseOptions } from './parse';
export { rulesForProperties, validateHit, type RulesOptions, type ValidationResult, type ValidationRules } from './validate';
export { privacyForProperties, scrubParsed, scrubQuery, truncateIp, type PrivacyOptions } from './privacy';

/** A hit accepted and scrubbed, ready to store. */
export interface Collected {
  ok: true;
  hit: ParsedHit;
}

/**
 * parseHit, validateHit with `rules`, then scrubParsed with `privacy`: the stored form of an
 * accepted hit, or the Rejection to answer with (its `detail` is already scrubbed; the raw query
 * of a rejected hit can be stored through scrubQuery). Never throws.
 */
export function collectHit(input: HitInput, rules: ValidationRules, privacy: PrivacyOptions): Collected | Rejection {
  const parsed = parseHit(input, { maxQueryLength: rules.maxQueryLength });
  if (!parsed.ok) return parsed;
  const verdict = validateHit(parsed, rules);
  if (!verdict.ok) return verdict;
  return { ok: true, hit: scrubParsed(parsed, privacy) };
}
