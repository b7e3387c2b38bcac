import { TableWrap } from '../../components/table-wrap';
import { useRef, useState } from 'react';
import { ROLES, type Role } from '@tagwell/schema';
import { Confirm } from '../../components/confirm';
import { DateTime } from '../../components/date-time';
import { ErrorMessage, Loading } from '../../components/status';
import type { UserRow } from '../../lib/types';
import { useSession } from '../auth';
import { useDeleteUser, useUpdateUser, useUsers } from './api';
import { NewUserForm } from './new-user-form';

/** `/users` (admin only): list, add, change role or admin flag, delete with confirmation. */
export function UsersPage() {
  const users = useUsers();
  const { user: me } = useSession();
  return (
    <>
      <h1>Users</h1>
      <h2>All users</h2>
      {users.isPending ? (
        <Loading label="Loading the users" />
      ) : users.isError ? (
        <ErrorMessage error={users.error} />
      ) : (
        <TableWrap label="Users">
          <table>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role and administrator</th>
                <th scope="col">Created</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <UserRowView key={user.id} user={user} isMe={user.id === me?.id} />
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <NewUserForm />
    </>
  );
}

function UserRowView({ user, isMe }: { user: UserRow; isMe: boolean }) {
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [role, setRole] = useState<Role>(user.role);
  const [admin, setAdmin] = useState(user.admin);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const changed = role !== user.role || admin !== user.admin;
  const id = `user-${user.id}`;
  return (
    <tr>
      <th scope="row">
        {user.username}
        {isMe ? <span className="muted"> (you)</span> : null}
      </th>
      <td>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ id: user.id, ...(role !== user.role ? { role } : {}), ...(admin !== user.admin ? { admin } : {}) });
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-role`}>Role of {user.username}</label>
            <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <div className="field checkbox">
            <input id={`${id}-admin`} type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
            <label htmlFor={`${id}-admin`}>{user.username} is an administrator</label>
          </div>
          <button type="submit" className="secondary" disabled={!changed || update.isPending} aria-busy={update.isPending}>
            Save changes to {user.username}
          </button>
          <p role="status" className="visually-hidden-when-empty">
            {update.isPending ? 'Saving…' : update.isSuccess && !changed ? `Saved ${user.username}: ${user.role}${user.admin ? ', administrator' : ''}.` : ''}
          </p>
          {update.isError ? <ErrorMessage error={update.error} /> : null}
        </form>
      </td>
      <td>
        <DateTime iso={user.createdAt} />
      </td>
      <td>
        {isMe ? (
          <span className="muted">You cannot delete yourself.</span>
        ) : confirming ? (
          <Confirm
            confirmLabel={`Yes, delete ${user.username}`}
            busy={remove.isPending}
            onConfirm={() => remove.mutate(user.id)}
            onCancel={() => {
              setConfirming(false);
              remove.reset();
              setTimeout(() => deleteButton.current?.focus());
            }}
          >
            Delete the user {user.username}? They can no longer sign in; the audit log keeps their name.
          </Confirm>
        ) : (
          <button type="button" className="danger" ref={deleteButton} onClick={() => setConfirming(true)}>
            Delete {user.username}
          </button>
        )}
        {remove.isError ? <ErrorMessage error={remove.error} /> : null}
      </td>
    </tr>
  );
}
