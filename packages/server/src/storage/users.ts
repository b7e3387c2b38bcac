/**
 * Users and sessions for the admin API. Passwords arrive hashed and session ids arrive as token
 * hashes: storage never sees a secret.
 */
import type { Selectable } from 'kysely';
import type { Engine } from './engine';
import { StorageConflictError, isUniqueViolation } from './errors';
import type { UsersTable } from './tables';
import type { NewUser, Session, User, UserChange } from './types';

export async function createUser(engine: Engine, user: NewUser): Promise<User> {
  try {
    const row = await engine.db
      .insertInto('users')
      .values({ username: user.username, password_hash: user.passwordHash, role: user.role, is_admin: user.admin ? 1 : 0, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return fromUserRow(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new StorageConflictError(`user ${user.username} already exists`, { cause: error });
    throw error;
  }
}

export async function findUserByUsername(engine: Engine, username: string): Promise<User | undefined> {
  const row = await engine.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  return row && fromUserRow(row);
}

export async function findUserById(engine: Engine, id: number): Promise<User | undefined> {
  const row = await engine.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && fromUserRow(row);
}

export async function listUsers(engine: Engine): Promise<User[]> {
  return (await engine.db.selectFrom('users').selectAll().orderBy('username').execute()).map(fromUserRow);
}

/** Administrators other than `exceptId`: the last one may not be removed or demoted. */
export async function countAdmins(engine: Engine, exceptId?: number): Promise<number> {
  let query = engine.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('is_admin', '=', 1);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function countUsers(engine: Engine): Promise<number> {
  const row = await engine.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Returns false when there is no such user. A new password hash also ends every session of the
 * user, in the same transaction: a password reset locks out whoever held the old one, and no
 * caller can forget it.
 */
export async function updateUser(engine: Engine, id: number, change: UserChange): Promise<boolean> {
  const values = {
    ...(change.role && { role: change.role }),
    ...(change.passwordHash && { password_hash: change.passwordHash }),
    ...(change.admin !== undefined && { is_admin: change.admin ? 1 : 0 }),
  };
  if (Object.keys(values).length === 0) return (await findUserById(engine, id)) !== undefined;
  return engine.db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('users').set(values).where('id', '=', id).executeTakeFirst();
    if (change.passwordHash) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** Also ends the user's sessions (foreign key, on delete cascade). */
export async function deleteUser(engine: Engine, id: number): Promise<boolean> {
  const result = await engine.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function createSession(engine: Engine, session: Session): Promise<void> {
  try {
    await engine.db
      .insertInto('sessions')
      .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt, csrf_token: session.csrfToken })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new StorageConflictError('session id already exists', { cause: error });
    throw error;
  }
}

/** An unexpired session, or undefined: an expired one reads as signed out. */
export async function findSession(engine: Engine, id: string, now = new Date()): Promise<Session | undefined> {
  const row = await engine.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && { id: row.id, userId: Number(row.user_id), expiresAt: row.expires_at, csrfToken: row.csrf_token };
}

export async function deleteSession(engine: Engine, id: string): Promise<void> {
  await engine.db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Returns how many it removed. */
export async function deleteExpiredSessions(engine: Engine, now = new Date()): Promise<number> {
  const result = await engine.db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function fromUserRow(row: Selectable<UsersTable>): User {
  return {
    id: Number(row.id),
    username: row.username,
    passwordHash: row.password_hash,
    role: row.role,
    admin: Number(row.is_admin) === 1,
    createdAt: row.created_at,
  };
}
