import type { CookieApi } from '../core/types';

/** SPEC §9: the previous-value cookie lives 30 minutes. */
const LIFETIME_DAYS = 30 / 1440;

/** The value stored by the last call (or '' when none within 30 minutes); stores `current` for the next one. */
export function getPreviousValue(cookie: CookieApi, name: string, current: string): string {
  const previous = cookie.get(name) ?? '';
  cookie.set(name, current, { expires: LIFETIME_DAYS });
  return previous;
}
