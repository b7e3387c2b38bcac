/**
 * Who is calling the admin API, and whether they may (docs/ADMIN-API.md): the session cookie
 * names the user; state-changing calls need the session's CSRF token and no foreign Origin; each
 * route states the permission it needs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, roleNeeded, type Permission } from '@tagwell/schema';
import { ApiError } from '../app/errors';
import type { Session, Storage, User } from '../storage';
import { SESSION_COOKIE, sameToken, sessionCaller } from './sessions';

export interface Caller {
  user: User;
  session: Session;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (signing in). */
    public?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const VERB: Record<Exclude<Permission, 'manage-users'>, string> = { read: 'reading', edit: 'saving versions', publish: 'publishing' };

/** Throws FORBIDDEN unless the caller may; returns the caller for the handler. */
export function requirePermission(request: FastifyRequest, permission: Permission): Caller {
  const caller = request.caller;
  if (!caller) throw new ApiError('UNAUTHENTICATED');
  if (!allows(caller.user, permission)) {
    throw new ApiError(
      'FORBIDDEN',
      permission === 'manage-users'
        ? 'managing users needs an administrator'
        : `${VERB[permission]} needs the ${roleNeeded(permission)} role (you are a ${caller.user.role})`,
    );
  }
  return caller;
}

/** The origin the browser shows for this server, as an Origin header would name it. */
const ownOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.headers.host ?? ''}`;

/** Hooks for the admin scope: resolve the session, then refuse what needs one or a CSRF token. */
export function authHooks(scope: FastifyInstance, storage: Storage): void {
  scope.decorateRequest('caller', undefined);
  scope.addHook('onRequest', async (request) => {
    const unsafe = !SAFE_METHODS.has(request.method);
    // A browser sends Origin on every cross-origin request and on same-origin POSTs; a foreign one
    // is a cross-site request whatever the cookie says.
    const origin = request.headers.origin;
    if (unsafe && origin !== undefined && origin !== ownOrigin(request)) throw new ApiError('CSRF_FAILED', 'the request came from another site');

    request.caller = await sessionCaller(storage, request.cookies[SESSION_COOKIE]);
    if (request.routeOptions.config.public) return;
    if (!request.caller) throw new ApiError('UNAUTHENTICATED');
    if (unsafe && !sameToken(request.headers['x-csrf-token'], request.caller.session.csrfToken)) throw new ApiError('CSRF_FAILED');
  });
}
