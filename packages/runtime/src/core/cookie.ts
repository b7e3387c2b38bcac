import type { CookieApi, CookieOptions } from './types';

/** Text without an escape is as it is: most cookie names and values, read on every get. */
const decode = (text: string): string => {
  try {
    return text.includes('%') ? decodeURIComponent(text) : text;
  } catch {
    return text;
  }
};

// Reading document.cookie can wait on a synchronous round trip to the browser's cookie store, which
// took milliseconds a read on the bench's throttled page (docs/PERFORMANCE.md, "Cookies"). One read
// serves every get of one run of the container: forgotten when this turn's microtasks run, on a write
// through this API, when the page enters the container (boot.ts, safe) and after a custom code action.
let jar: string[] | undefined;

/** The next get reads document.cookie again. */
export const forgetCookies = () => (jar = undefined);

/** Reads and writes first-party cookies; `defaultDomain` applies when an option omits it. */
export function createCookieApi(defaultDomain?: string): CookieApi {
  const write = (name: string, value: string, options: CookieOptions = {}, days = options.expires) => {
    forgetCookies();
    const domain = (options.domain || defaultDomain || '').replace(/^\./, '');
    const host = location.hostname;
    document.cookie =
      encodeURIComponent(name) + '=' + encodeURIComponent(value) + '; path=' + (options.path || '/') +
      // A domain the page is not under would make the browser drop the cookie silently.
      (domain && (host == domain || host.endsWith('.' + domain)) ? '; domain=' + domain : '') +
      (days === undefined ? '' : '; expires=' + new Date(Date.now() + days * 864e5).toUTCString()) +
      '; SameSite=Lax' + (location.protocol == 'https:' ? '; Secure' : '');
  };
  return {
    get(name) {
      if (!jar) Promise.resolve().then(forgetCookies);
      for (const part of (jar = jar || document.cookie.split(/; */))) {
        const eq = part.indexOf('=');
        // A nameless cookie shows as its bare value (`flag`): slice(0, -1) would read it as `fla`.
        if (eq > 0 && decode(part.slice(0, eq)) === name) return decode(part.slice(eq + 1));
      }
    },
    set: write,
    remove: (name, options) => write(name, '', options, -1),
  };
}
