// What a rule condition reads about the request (the on-device engine's decisioning context):
// the page's address, parsed the way that engine parses it, the location's parameters as nested
// objects with lower-cased copies (`<key>_lc`), and the visitor's allocation.

/** parseUri's loose pattern, the one the on-device engine parses addresses with. */
const LOOSE =
  /^(?:(?![^:@]+:[^:@/]*@)([^:/?#.]+):)?(?:\/\/)?((?:(([^:@]*)(?::([^:@]*))?)?@)?([^:/?#]*)(?::(\d*))?)(((\/(?:[^?#](?![^?#/]*\.[^?#/.]+(?:[?#]|$)))*\/?)?([^?#/]*))(?:\?([^#]*))?(?:#(.*))?)/;

export interface PageContext {
  url: string;
  path: string;
  query: string;
  fragment: string;
  url_lc: string;
  path_lc: string;
  query_lc: string;
  fragment_lc: string;
}

export function pageContext(url: unknown): PageContext {
  const text = typeof url === 'string' ? url : '';
  const match = text ? LOOSE.exec(text) : null;
  const page = { url: text, path: match?.[9] ?? '', query: match?.[12] ?? '', fragment: match?.[13] ?? '' };
  return { ...page, url_lc: page.url.toLowerCase(), path_lc: page.path.toLowerCase(), query_lc: page.query.toLowerCase(), fragment_lc: page.fragment.toLowerCase() };
}

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `a.b` keys become nested objects, as the engine unflattens parameters. */
function unflatten(parameters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (key.includes('.') && !key.includes('..') && !key.startsWith('.') && !key.endsWith('.')) {
      const parts = key.split('.');
      let at = out;
      for (const part of parts.slice(0, -1)) {
        if (!isPlain(at[part])) at[part] = {};
        at = at[part] as Record<string, unknown>;
      }
      at[parts[parts.length - 1]!] = value;
    } else out[key] = value;
  }
  return out;
}

function withLowerCase(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...object };
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === 'string') out[`${key}_lc`] = value.toLowerCase();
    if (isPlain(value)) out[key] = withLowerCase(value);
  }
  return out;
}

export const parameterContext = (parameters: Record<string, unknown> | undefined): Record<string, unknown> => withLowerCase(unflatten(parameters ?? {}));
