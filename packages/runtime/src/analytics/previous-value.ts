import type { CookieApi } from '../core/types';
import { scrubText } from '../privacy/scrub-text';

/** SPEC §9: the previous-value cookie lives 30 minutes. */
const LIFETIME_DAYS = 30 / 1440;

/**
 * The value stored by the last call (or '' when none within 30 minutes); stores `current` for the next one.
 * What is stored has been through the privacy guard's text rules (SPEC §5): a page name holding a postcode
 * or an e-mail address reaches the hit scrubbed, and must not wait in a cookie for the next page either.
 */
export function getPreviousValue(cookie: CookieApi, name: string, current: string): string {
  const previous = cookie.get(name) ?? '';
  cookie.set(name, scrubText(current), { expires: LIFETIME_DAYS });
  return previous;
}
