/**
 * Sessions: a random token in an HTTP-only, SameSite=Strict cookie; storage keeps only its
 * SHA-256, so a copy of the database signs nobody in. Each session has its own CSRF token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session, Storage, User } from '../storage';

export const SESSION_COOKIE = 'tw_session';
export const SESSION_HOURS = 8;

export const sessionId = (token: string): string => createHash('sha256').update(token).digest('base64url');

export function newSession(userId: number, now = new Date()): { token: string; session: Session } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    session: {
      id: sessionId(token),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
      csrfToken: randomBytes(32).toString('base64url'),
    },
  };
}

/**
 * The session and user a session cookie's token names, or undefined when the session is missing,
 * expired or its user gone. The one lookup behind the admin API and the hit readers.
 */
export async function sessionCaller(storage: Storage, token: string | undefined): Promise<{ session: Session; user: User } | undefined> {
  if (!token) return undefined;
  const session = await storage.findSession(sessionId(token));
  const user = session && (await storage.findUserById(session.userId));
  return session && user ? { session, user } : undefined;
}

/** Constant-time comparison of the header against the session's token. */
export function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieOptions(secure: boolean, maxAgeSeconds = SESSION_HOURS * 3600) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure, maxAge: maxAgeSeconds };
}
