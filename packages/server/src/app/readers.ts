/**
 * Who may read hits (CONTRACT §2): the stored beacons, the live stream and the production source
 * maps. A signed-in console user (the admin API's session cookie, any role: every role reads), or a
 * script that sends `Authorization: Bearer <token>` with the TAGWELL_API_TOKEN the server was
 * started with. Hits hold what visitors searched for and the results of their health tools, so
 * nobody else may.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allows } from '@tagwell/schema';
import { SESSION_COOKIE, sessionCaller } from '../admin/sessions';
import type { Storage } from '../storage';
import { errorBody } from './errors';

export interface ReaderCheck {
  /** Whether the request comes from a reader. Never throws: a storage failure is a no. */
  allows(request: FastifyRequest): Promise<boolean>;
  /** An onRequest/preHandler hook: 401 UNAUTHENTICATED unless the request comes from a reader. */
  require(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** The value of one cookie from a Cookie header, without parsing the others. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** `Bearer <token>` from an Authorization header. */
const bearer = (header: string | undefined): string | undefined => /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '')?.[1];

export function readerCheck(storage: Storage, apiToken: string | undefined): ReaderCheck {
  // Compared as SHA-256 digests in constant time: neither the length nor any prefix of the token shows in the timing.
  const expected = apiToken ? digest(apiToken) : undefined;

  const allowsRequest = async (request: FastifyRequest): Promise<boolean> => {
    const given = bearer(request.headers.authorization);
    if (given !== undefined && expected && timingSafeEqual(digest(given), expected)) return true;
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (!token) return false;
    try {
      const caller = await sessionCaller(storage, token);
      return Boolean(caller && allows(caller.user, 'read'));
    } catch (error) {
      request.log.warn({ err: error }, 'session lookup failed');
      return false;
    }
  };

  return {
    allows: allowsRequest,
    async require(request, reply) {
      if (await allowsRequest(request)) return undefined;
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="tagwell"')
        .header('cache-control', 'no-store')
        .send(errorBody('UNAUTHENTICATED', 'reading hits needs a signed-in user or the API token'));
    },
  };
}
