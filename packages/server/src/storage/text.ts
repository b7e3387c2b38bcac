/**
 * Small value rules shared by the writers: times, text PostgreSQL accepts, size limits, event names.
 */

/** ISO 8601 UTC with milliseconds; `undefined` means now. */
export function isoTime(value: string | Date | undefined): string {
  const date = value === undefined ? new Date() : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a time: ${String(value)}`);
  return date.toISOString();
}

/**
 * PostgreSQL text cannot hold U+0000 and a hostile hit may carry one; both engines store the
 * replacement character instead, so they keep the same data and neither write fails.
 */
export function clean(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

export function cleanOrNull(text: string | null | undefined): string | null {
  return text == null ? null : clean(text);
}

/**
 * `clean` through a JSON-shaped value (variables, context data, documents), as a copy that JSON
 * would read back equal: a key whose value is undefined is left out, as JSON.stringify leaves it.
 */
export function cleanDeep<T>(value: T): T {
  if (typeof value === 'string') return clean(value) as T;
  if (Array.isArray(value)) return value.map(cleanDeep) as T;
  if (value && typeof value === 'object') {
    // A loop, not entries and fromEntries: it runs for every stored hit, and this is a fifth of the time.
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const name = clean(key);
      // An own `__proto__` key stays a key, as JSON.parse makes it, instead of setting the prototype.
      if (name === '__proto__') Object.defineProperty(out, name, { value: cleanDeep(item), enumerable: true, writable: true, configurable: true });
      else out[name] = cleanDeep(item);
    }
    return out as T;
  }
  return value;
}

export const REJECTED_QUERY_BYTES = 64 * 1024;

/** The first `maxBytes` of UTF-8, cut at a character boundary. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** `event1,event5=3,event9:abc` -> `['event1', 'event5', 'event9']` (values and serials dropped). */
export function eventNames(events: string | null | undefined): string[] {
  if (!events) return [];
  return events
    .split(',')
    .map((token) => token.replace(/[=:].*$/s, '').trim())
    .filter(Boolean);
}

/** Stored form of the names, wrapped in commas so `,event2,` matches exactly one name. */
export function eventNamesColumn(names: readonly string[]): string {
  return names.length ? `,${names.join(',')},` : '';
}
