import { toText } from '../core/read-path';

/** A customer id as the service takes it (docs/IDENTITY.md): authState 0 unknown, 1 authenticated, 2 logged out. */
export interface CustomerId {
  id: string;
  authState: number;
}

/**
 * `{ <type>: { id, authState } }` or `{ <type>: '<id>' }`, as the site's code writes it, in the form
 * the service takes; undefined when it is not an object. The service judges each id (SPEC §8).
 */
export function customerIds(ids: unknown): Record<string, CustomerId> | undefined {
  if (!ids || typeof ids != 'object') return;
  const out: Record<string, CustomerId> = {};
  for (const type of Object.keys(ids)) {
    const value = (ids as Record<string, unknown>)[type];
    const entry = value && typeof value == 'object' ? (value as Record<string, unknown>) : { id: value };
    out[type] = { id: toText(entry.id), authState: +toText(entry.authState) || 0 };
  }
  return out;
}

/** A short digest (FNV-1a, 32 bits) of what was sent, so the same ids are not sent twice in a day. Not a secret. */
export function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}
