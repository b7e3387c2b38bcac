import type { ActionModule } from '../core/types';

const GUARD_KEY = 'tw.reloaded';
/** A reload to the same address within this window is taken as a loop. */
const LOOP_WINDOW_MS = 10_000;

/**
 * SPEC §4: after the query-string case, the identifier parameter is removed from the address
 * and the page reloaded, once: a page that comes back with the parameter again is left alone.
 */
const removeQueryParameter: ActionModule = (settings, _event, ctx) => {
  const wanted = (settings.name as string).toLowerCase();
  const url = new URL(location.href);
  const names: string[] = [];
  url.searchParams.forEach((_value, key) => {
    if (key.toLowerCase() === wanted) names.push(key);
  });
  if (!names.length) return;
  names.forEach((name) => url.searchParams.delete(name));
  const target = url.href;
  let previous: [string, number] | null = null;
  try {
    previous = JSON.parse(sessionStorage.getItem(GUARD_KEY) || 'null');
    sessionStorage.setItem(GUARD_KEY, JSON.stringify([target, Date.now()]));
  } catch {
    // Without storage the guard is the parameter's absence after the reload.
  }
  if (previous && previous[0] === target && Date.now() - previous[1] < LOOP_WINDOW_MS) {
    ctx.log.warn(`Not reloading again to remove "${settings.name}"`);
    return;
  }
  location.replace(target);
};
export default removeQueryParameter;
