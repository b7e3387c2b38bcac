import { createHmac, randomBytes } from 'node:crypto';
import { IDENTITY_LIMITS } from '@tagwell/schema';
import { errorBody } from '../app/errors';
import { checkCustomerIds, type Rejection } from './customer-ids';
import { mintVisitorId, VISITOR_ID } from './mint';

// SPEC §7, §9: the identity service the containers ask for the visitor id, its location hint and
// blob, and whether the visitor opted out (docs/IDENTITY.md has every request and answer). It
// keeps nothing: no address, no user agent, no customer id; the only state is the visitor's own
// opt-out cookie on the service's host.

export const IDENTITY_PATH = '/id/v1/';
export const OPT_OUT_COOKIE = 'tw_optout';
/** An opt-out outlives any id: five years. */
const OPT_OUT_SECONDS = 5 * 365 * 86_400;

export interface IdentitySettings {
  /** The location hint every answer carries: the region of the service, never the visitor's. */
  locationHint: number;
  /** SPEC §9: how long the hint and blob hold (604800 s). */
  ttlSeconds: number;
  /** SPEC §9: how long a client keeps the opt-out answer (7200 s). */
  optOutTtlSeconds: number;
}

export interface IdentityServiceOptions extends IdentitySettings {
  /** The customer id types the properties declare (settings.identity.customerIdTypes). */
  customerIdTypes: ReadonlySet<string>;
  /** Whether pages of this origin may read the answers (CORS with credentials). */
  allowOrigin(origin: string): boolean;
  /** Where refused customer ids are reported: their types and reasons only. */
  warn(message: string, detail: { rejected: Rejection[] }): void;
}

export interface IdentityRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  origin?: string;
  cookie?: string;
  /** A parsed JSON body, or its text (text/plain, which browsers send without a preflight). */
  body?: unknown;
  secure: boolean;
}

export interface IdentityAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

const hasOptedOut = (cookie: string | undefined) => (cookie ?? '').split(';').some((part) => part.trim() === `${OPT_OUT_COOKIE}=1`);

/** The service as a function of the request, so the server and the browser tests' own server answer alike. */
export function createIdentityService(options: IdentityServiceOptions): (request: IdentityRequest) => IdentityAnswer {
  // The blob is opaque to the page: a keyed digest of the id and hint, with a key that never leaves this process.
  const blobKey = randomBytes(32);
  const blob = (mid: string) => createHmac('sha256', blobKey).update(`${mid}|${options.locationHint}`).digest('base64url').slice(0, 22);

  return (request) => {
    const headers: Record<string, string> = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' };
    if (request.origin && options.allowOrigin(request.origin)) {
      Object.assign(headers, { 'access-control-allow-origin': request.origin, 'access-control-allow-credentials': 'true', vary: 'Origin' });
    }
    const answer = (body: unknown, status = 200): IdentityAnswer => ({ status, headers, body });
    const optedOut = hasOptedOut(request.cookie);
    const optOutTtl = options.optOutTtlSeconds;
    const route = `${request.method} ${request.path.slice(IDENTITY_PATH.length)}`;

    if (request.method === 'OPTIONS') {
      Object.assign(headers, { 'access-control-allow-methods': 'GET, POST, DELETE', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' });
      return { status: 204, headers };
    }
    switch (route) {
      case 'GET visitor': {
        const container = request.query.get('container');
        if (container !== null && !/^\d{1,9}$/.test(container)) return answer(errorBody('BAD_REQUEST', 'The ID sync container ID is not a valid integer.'), 400);
        // An opted-out visitor gets no id, and none is minted.
        if (optedOut) return answer({ optOut: true, optOutTtl });
        // The page's own id keeps its value: only the hint and blob are renewed.
        const given = request.query.get('mid');
        const mid = given !== null && VISITOR_ID.test(given) ? given : mintVisitorId();
        return answer({ mid, locationHint: options.locationHint, blob: blob(mid), ttl: options.ttlSeconds, optOut: false, optOutTtl });
      }
      case 'GET opt-out':
        return answer({ optOut: optedOut, optOutTtl });
      case 'POST opt-out':
      case 'DELETE opt-out': {
        const out = request.method === 'POST';
        // SameSite=None only over https, where the browser allows it; the site's own hosts share the service's site.
        const attributes = `Path=${IDENTITY_PATH}; HttpOnly; ${request.secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
        headers['set-cookie'] = out ? `${OPT_OUT_COOKIE}=1; Max-Age=${OPT_OUT_SECONDS}; ${attributes}` : `${OPT_OUT_COOKIE}=; Max-Age=0; ${attributes}`;
        return answer({ optOut: out, optOutTtl });
      }
      case 'POST customer-ids': {
        let body = request.body;
        try {
          if (typeof body === 'string') body = JSON.parse(body);
        } catch {
          body = undefined;
        }
        const ids = body && typeof body === 'object' ? (body as Record<string, unknown>).customerIds : undefined;
        if (!ids || typeof ids !== 'object' || Array.isArray(ids)) return answer(errorBody('BAD_REQUEST', 'customerIds must be an object of { id, authState } by type'), 400);
        if (optedOut) return answer({ optOut: true, accepted: [], rejected: [] });
        const verdict = checkCustomerIds(ids as Record<string, unknown>, options.customerIdTypes);
        if (verdict.rejected.length) options.warn('Rejected these customer ids', { rejected: verdict.rejected });
        return answer({ optOut: false, ...verdict, ttl: IDENTITY_LIMITS.idSyncIntervalSeconds });
      }
      default:
        return answer(errorBody('NOT_FOUND'), 404);
    }
  };
}
