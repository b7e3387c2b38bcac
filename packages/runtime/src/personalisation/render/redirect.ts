import type { RenderEnv } from '../types';

/**
 * SPEC §4: a redirect offer renders alone and the body stays hidden until the navigation (the
 * caller keeps its prehiding). Only http(s) URLs: anything else could run code. Replaces the page
 * in the history, so Back does not land on the page that redirected.
 */
export function redirect(url: unknown, env: RenderEnv): boolean {
  if (typeof url == 'string' && /^https?:\/\//i.test(url)) {
    location.replace(url);
    return true;
  }
  env.log.warn('Invalid redirect data');
  return false;
}
