// SPEC §9: a URL-passed id, valid 5 minutes, carries the visitor id to the site's hosts that do
// not share its cookie: `<param>=TS%3D<unix seconds>%7CMCMID%3D<id>`, the shape the site's
// analysts' library already writes.

/** SPEC §9: a URL-passed id is adopted for 5 minutes after the link was followed. */
const VALID_SECONDS = 300;
/** Clocks of two machines differ: an id stamped this far ahead is still taken. */
const SKEW_SECONDS = 60;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return '';
  }
};

const sameName = (part: string, name: string) => decode(part.split('=')[0]!).toLowerCase() == name.toLowerCase();

/** The parameter's value for `id`, stamped `now` (unix seconds), encoded for a query. */
export const urlIdValue = (id: string, now: number): string => encodeURIComponent('TS=' + now + '|MCMID=' + id);

/** The id a query (`location.search`) passes, when it is well formed and fresh; an expired or malformed one is ignored. */
export function readUrlId(search: string, name: string, now: number): string | undefined {
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!sameName(part, name)) continue;
    const fields: Record<string, string> = {};
    for (const pair of decode(part.slice(part.indexOf('=') + 1)).split('|')) fields[pair.split('=')[0]!] = pair.slice(pair.indexOf('=') + 1);
    const ts = fields.TS || '';
    const id = fields.MCMID || '';
    if (/^\d{38}$/.test(id) && /^\d{1,11}$/.test(ts) && now - +ts <= VALID_SECONDS && +ts - now <= SKEW_SECONDS) return id;
  }
}

/** `url` without the parameter (any spelling of its name); the rest of the query and the hash as they were. */
export function withoutParam(url: string, name: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const head = hashAt < 0 ? url : url.slice(0, hashAt);
  const q = head.indexOf('?');
  if (q < 0) return url;
  const kept = head.slice(q + 1).split('&').filter((part) => !sameName(part, name));
  return head.slice(0, q) + (kept.join('') ? '?' + kept.join('&') : '') + hash;
}

/** `url` with the parameter set to `value` (replacing one it had), before the hash. */
export function withParam(url: string, name: string, value: string): string {
  const bare = withoutParam(url, name);
  const hashAt = bare.indexOf('#');
  const head = hashAt < 0 ? bare : bare.slice(0, hashAt);
  return head + (head.indexOf('?') < 0 ? '?' : '&') + name + '=' + value + (hashAt < 0 ? '' : bare.slice(hashAt));
}

/** Whether `host` is one of `patterns` (`*.domain`: any host under it). */
export const hostIn = (host: string, patterns: string[] | undefined): boolean =>
  (patterns || []).some((p) => (p.slice(0, 2) == '*.' ? host.endsWith(p.slice(1)) : host == p));

/** Whether two hosts read the same cookie: both under the cookie domain (or the same host). */
export function shareCookie(a: string, b: string, domain: string | undefined): boolean {
  const d = (domain || '').replace(/^\./, '');
  const under = (h: string) => !!d && (h == d || h.endsWith('.' + d));
  return a == b || (under(a) && under(b));
}
