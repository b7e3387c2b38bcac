import type { CookieApi, CookieOptions } from './types';

const DAY_MS = 86_400_000;

/** Reads and writes first-party cookies; `defaultDomain` applies when an option omits it. */
export function createCookieApi(defaultDomain?: string): CookieApi {
  const write = (name: string, value: string, options: CookieOptions, expires?: Date) => {
    let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${options.path ?? '/'}`;
    const domain = options.domain ?? defaultDomain;
    // A domain the page is not under would make the browser drop the cookie silently.
    if (domain && isUnder(location.hostname, domain)) cookie += `; domain=${domain}`;
    if (expires) cookie += `; expires=${expires.toUTCString()}`;
    cookie += '; SameSite=Lax';
    if (location.protocol === 'https:') cookie += '; Secure';
    document.cookie = cookie;
  };
  return {
    get(name) {
      for (const part of document.cookie.split(';')) {
        const eq = part.indexOf('=');
        const key = safeDecode(part.slice(0, eq).trim());
        if (key === name) return safeDecode(part.slice(eq + 1).trim());
      }
      return undefined;
    },
    set(name, value, options = {}) {
      write(name, value, options, options.expires === undefined ? undefined : new Date(Date.now() + options.expires * DAY_MS));
    },
    remove(name, options = {}) {
      write(name, '', options, new Date(0));
    },
  };
}

function isUnder(host: string, domain: string): boolean {
  const d = domain.replace(/^\./, '').toLowerCase();
  return host === d || host.endsWith('.' + d);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
