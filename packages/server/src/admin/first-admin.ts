/**
 * The first administrator (docs/ADMIN-API.md): from env on a start with no users, or from
 * `npm run admin -- create-user`. Never overwrites anyone.
 */
import { isRole, type Role } from '@tagwell/schema';
import type { Storage, User } from '../storage';
import { hashPassword, passwordProblem } from './passwords';

export async function createFirstAdmin(storage: Storage, input: { username: string; password: string }, log: (msg: string) => void): Promise<User | undefined> {
  if ((await storage.countUsers()) > 0) return undefined;
  const user = await createAccount(storage, { ...input, role: 'publisher', admin: true }, 'system');
  log(`admin: created the first administrator ${user.username}`);
  return user;
}

/** Checks the password rules, hashes, stores, writes the audit entry. Throws with a clear message. */
export async function createAccount(
  storage: Storage,
  input: { username: string; password: string; role: Role; admin: boolean },
  actor: string,
): Promise<User> {
  if (!isRole(input.role)) throw new Error(`role must be viewer, editor or publisher, not ${JSON.stringify(input.role)}`);
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const user = await storage.createUser({ username: input.username, passwordHash: await hashPassword(input.password), role: input.role, admin: input.admin });
  await storage.appendAudit({ actor, action: 'user.create', detail: { username: user.username, role: user.role, admin: user.admin } });
  return user;
}
