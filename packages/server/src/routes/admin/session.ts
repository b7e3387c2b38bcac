import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../admin/auth';
import { verifyPassword } from '../../admin/passwords';
import { SESSION_COOKIE, cookieOptions, newSession } from '../../admin/sessions';
import { ApiError } from '../../app/errors';
import type { Session, Storage, User } from '../../storage';
import { parseBody } from './body';

const signIn = z.object({ username: z.string().min(1).max(100), password: z.string().min(1).max(1000) });

export const publicUser = (user: User) => ({ id: user.id, username: user.username, role: user.role, admin: user.admin });

const secure = (request: FastifyRequest) => request.protocol === 'https';

/**
 * A new session for `user`, stored (as a hash), with its cookie set on the reply, unless the
 * user's password is no longer `passwordHash`: a password changed while the old one was being
 * checked has already ended the user's sessions, perhaps before this one existed. Returns the
 * session, or undefined when refused.
 */
export async function startSession(storage: Storage, request: FastifyRequest, reply: FastifyReply, user: User): Promise<Session | undefined> {
  const { token, session } = newSession(user.id);
  await storage.createSession(session);
  if ((await storage.findUserById(user.id))?.passwordHash !== user.passwordHash) {
    await storage.deleteSession(session.id);
    return undefined;
  }
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(secure(request)));
  return session;
}

/** Sign in, who am I, sign out, and whether there is anyone to sign in (docs/ADMIN-API.md "Sessions, roles and CSRF"). */
export function sessionRoutes(scope: FastifyInstance, storage: Storage, options: { loginAttemptsPerMinute: number }): void {
  scope.post(
    '/session',
    {
      config: {
        public: true,
        // Per client address, in this process's memory only; a guessing script slows to a crawl.
        rateLimit: { max: options.loginAttemptsPerMinute, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const { username, password } = parseBody(signIn, request.body);
      const user = await storage.findUserByUsername(username);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        request.log.info({ username }, 'sign-in refused');
        throw new ApiError('INVALID_CREDENTIALS');
      }
      await storage.deleteExpiredSessions();
      const session = await startSession(storage, request, reply, user);
      if (!session) throw new ApiError('INVALID_CREDENTIALS');
      await storage.appendAudit({ actor: user.username, action: 'sign-in' });
      return { user: publicUser(user), csrfToken: session.csrfToken };
    },
  );

  // Public: whether the server has any user yet, so the sign-in page can say how to create the first
  // administrator instead of refusing a password. Nothing else. Once there is a user there always is
  // one (the last administrator cannot be removed), so storage is asked only until then.
  let hasUsers = false;
  scope.get('/setup', { config: { public: true } }, async () => {
    if (!hasUsers) hasUsers = (await storage.countUsers()) > 0;
    return { needsFirstAdmin: !hasUsers };
  });

  scope.get('/session', async (request) => {
    const { user, session } = requirePermission(request, 'read');
    return { user: publicUser(user), csrfToken: session.csrfToken };
  });

  scope.delete('/session', async (request, reply) => {
    const { user, session } = requirePermission(request, 'read');
    await storage.deleteSession(session.id);
    await storage.appendAudit({ actor: user.username, action: 'sign-out' });
    reply.clearCookie(SESSION_COOKIE, cookieOptions(secure(request), 0));
    return reply.code(204).send();
  });
}
