import type { CookieApi } from '../core/types';

const WINDOW_MS = 30 * 60_000;
/** How long a visitor is remembered at all, as Adobe's getNewRepeat plugin does by default. */
const REMEMBER_DAYS = 30;

/**
 * 'New' on a first visit and while activity continues with gaps under 30 minutes, then 'Repeat'
 * (SPEC §9). Cookie value: `<last activity, ms since epoch>-<N|R>`, e.g. `1792591385000-N`; each
 * call rewrites it, which is what slides the window.
 */
export function getNewRepeat(cookie: CookieApi, name = 'tw_nr'): 'New' | 'Repeat' {
  const now = Date.now();
  const m = /^(\d+)-([NR])$/.exec(cookie.get(name) ?? '');
  const status = !m || (m[2] == 'N' && now - +m[1]! < WINDOW_MS) ? 'New' : 'Repeat';
  cookie.set(name, now + '-' + status[0], { expires: REMEMBER_DAYS });
  return status;
}
