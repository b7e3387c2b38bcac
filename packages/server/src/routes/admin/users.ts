import type { FastifyInstance } from 'fastify';
import { ROLES } from '@tagwell/schema';
import { z } from 'zod';
import { requirePermission } from '../../admin/auth';
import { hashPassword, passwordProblem, refuseWeakPassword } from '../../admin/passwords';
import { ApiError } from '../../app/errors';
import { StorageConflictError, type Storage, type User } from '../../storage';
import { parseBody, wholeNumber } from './body';
import { publicUser, startSession } from './session';

const password = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const username = z.string().regex(/^[a-z0-9][a-z0-9._@-]{1,63}$/i, 'letters, digits and . _ @ - (2 to 64 characters)');
const createUser = z.object({ username, password, role: z.enum(ROLES), admin: z.boolean().default(false) });
const changeUser = z.object({ role: z.enum(ROLES).optional(), password: password.optional(), admin: z.boolean().optional() });

const listed = (user: User) => ({ ...publicUser(user), createdAt: user.createdAt });

/**
 * Users, for administrators only (docs/ADMIN-API.md "Audit log and users"). Sessions follow the
 * account: a new password ends all the user's sessions (storage.updateUser), an administrator
 * changing their own gets a new session in the same answer; deleting a user ends theirs; a new
 * role or administrator flag applies from the user's next request, which reads the user again.
 */
export function userRoutes(scope: FastifyInstance, storage: Storage): void {
  const find = async (id: string): Promise<User> => {
    const user = await storage.findUserById(wholeNumber(id, 'id'));
    if (!user) throw new ApiError('NOT_FOUND', `no user with id ${id}`);
    return user;
  };

  scope.get('/users', async (request) => {
    requirePermission(request, 'manage-users');
    return { users: (await storage.listUsers()).map(listed) };
  });

  scope.post('/users', async (request, reply) => {
    const { user: actor } = requirePermission(request, 'manage-users');
    const body = parseBody(createUser, request.body);
    await refuseWeakPassword(body.password, body.username);
    let user: User;
    try {
      user = await storage.createUser({ username: body.username, passwordHash: await hashPassword(body.password), role: body.role, admin: body.admin });
    } catch (error) {
      if (error instanceof StorageConflictError) throw new ApiError('USERNAME_TAKEN', body.username);
      throw error;
    }
    await storage.appendAudit({ actor: actor.username, action: 'user.create', detail: { username: user.username, role: user.role, admin: user.admin } });
    return reply.code(201).send(listed(user));
  });

  scope.patch<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const { user: actor } = requirePermission(request, 'manage-users');
    const user = await find(request.params.id);
    const change = parseBody(changeUser, request.body);
    if (change.admin === false && user.admin && (await storage.countAdmins(user.id)) === 0) throw new ApiError('LAST_ADMIN');
    if (change.password !== undefined) await refuseWeakPassword(change.password, user.username);
    // A new password ends every session of the user, this one too when it is their own.
    await storage.updateUser(user.id, {
      role: change.role,
      admin: change.admin,
      passwordHash: change.password === undefined ? undefined : await hashPassword(change.password),
    });
    await storage.appendAudit({
      actor: actor.username,
      action: 'user.update',
      // Never the password: only that it changed.
      detail: {
        username: user.username,
        role: change.role,
        admin: change.admin,
        passwordChanged: change.password !== undefined || undefined,
        sessionsEnded: change.password !== undefined || undefined,
      },
    });
    const updated = (await storage.findUserById(user.id))!;
    if (change.password === undefined || user.id !== actor.id) return listed(updated);
    // Their own password: a new session (new cookie, new CSRF token) replaces the one that made the
    // change, so a copy of the old cookie, perhaps the reason for the change, opens nothing.
    const session = await startSession(storage, request, reply, updated);
    return { ...listed(updated), ...(session && { csrfToken: session.csrfToken }) };
  });

  scope.delete<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const { user: actor } = requirePermission(request, 'manage-users');
    const user = await find(request.params.id);
    if (user.admin && (await storage.countAdmins(user.id)) === 0) throw new ApiError('LAST_ADMIN');
    await storage.deleteUser(user.id);
    await storage.appendAudit({ actor: actor.username, action: 'user.delete', detail: { username: user.username } });
    return reply.code(204).send();
  });
}
