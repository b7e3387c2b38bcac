/**
 * The first administrator (docs/ADMIN-API.md): from env on a start with no users, or from
 * `npm run admin -- create-user`. Never overwrites anyone.
 */
import { isRole, type Role } from '@tagwell/schema';
import type { Storage, User } from '../storage';
import { checkPasswordRules, hashPassword } from './passwords';

/** Throws (and so stops the start) when the password from env breaks the password rules. */
export async function createFirstAdmin(storage: Storage, input: { username: string; password: string }, log: (msg: string) => void): Promise<User | undefined> {
  if ((await storage.countUsers()) > 0) return undefined;
  try {
    await checkPasswordRules(input.password, input.username);
  } catch (error) {
    throw new Error(`TAGWELL_ADMIN_PASSWORD: ${(error as Error).message}`, { cause: error });
  }
  const user = await createAccount(storage, { ...input, role: 'publisher', admin: true }, 'system');
  log(`admin: created the first administrator ${user.username}`);
  return user;
}

/**
 * Checks the password rules (passwords.ts: length, then guessability with the username as a
 * penalised word), hashes, stores, writes the audit entry. Throws with a clear message.
 */
export async function createAccount(
  storage: Storage,
  input: { username: string; password: string; role: Role; admin: boolean },
  actor: string,
): Promise<User> {
  if (!isRole(input.role)) throw new Error(`role must be viewer, editor or publisher, not ${JSON.stringify(input.role)}`);
  await checkPasswordRules(input.password, input.username);
  const user = await storage.createUser({ username: input.username, passwordHash: await hashPassword(input.password), role: input.role, admin: input.admin });
  await storage.appendAudit({ actor, action: 'user.create', detail: { username: user.username, role: user.role, admin: user.admin } });
  return user;
}
