import type { CookieApi, CookieOptions } from './types';

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Reads and writes first-party cookies; `defaultDomain` applies when an option omits it. */
export function createCookieApi(defaultDomain?: string): CookieApi {
  const write = (name: string, value: string, options: CookieOptions = {}, days = options.expires) => {
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
      for (const part of document.cookie.split(/; */)) {
        const eq = part.indexOf('=');
        // A nameless cookie shows as its bare value (`flag`): slice(0, -1) would read it as `fla`.
        if (eq > 0 && decode(part.slice(0, eq)) === name) return decode(part.slice(eq + 1));
      }
    },
    set: write,
    remove: (name, options) => write(name, '', options, -1),
  };
}
