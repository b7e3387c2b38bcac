import { CUSTOMER_ID_MAX, CUSTOMER_ID_TYPE } from '@tagwell/schema';

// SPEC §8: 'Rejected these customer ids'. The service checks what the page sends and keeps
// nothing: an accepted id is acknowledged, a refused one is named by its type and the reason,
// never by the id itself.

export type Rejection = { type: string; reason: 'empty id' | 'unknown type' | 'oversized' | 'invalid authState' };

export interface CustomerIdVerdict {
  accepted: string[];
  rejected: Rejection[];
}

/** Authentication states, as the site's analysts' library numbers them: unknown, authenticated, logged out. */
const AUTH_STATES = [0, 1, 2];
/** More types than any site declares: the rest of a request this large is refused as oversized. */
export const MAX_CUSTOMER_IDS = 20;

/** A type as it may be logged: what the page sent, cut short, with nothing but the characters a type may hold. */
const printable = (type: string) => type.slice(0, 50).replace(/[^A-Za-z0-9_.-]/g, '?') || '(empty)';

/** Judges `{ <type>: { id, authState } }` against the types the properties declare. */
export function checkCustomerIds(ids: Record<string, unknown>, knownTypes: ReadonlySet<string>): CustomerIdVerdict {
  const verdict: CustomerIdVerdict = { accepted: [], rejected: [] };
  Object.keys(ids).forEach((type, index) => {
    const entry = ids[type];
    const value = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : { id: entry };
    const id = typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id).trim() : '';
    const authState = value.authState === undefined ? 0 : value.authState;
    const reject = (reason: Rejection['reason']) => verdict.rejected.push({ type: printable(type), reason });
    if (index >= MAX_CUSTOMER_IDS || type.length > 50 || id.length > CUSTOMER_ID_MAX) reject('oversized');
    else if (!CUSTOMER_ID_TYPE.test(type) || !knownTypes.has(type)) reject('unknown type');
    else if (!id) reject('empty id');
    else if (!AUTH_STATES.includes(authState as number)) reject('invalid authState');
    else verdict.accepted.push(type);
  });
  return verdict;
}
