import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../lib/types';
import { mockServer, renderPage } from '../../test/render';
import { UsersPage } from './index';
import { validateNewUser } from './validate';

const ADMIN = { id: 1, username: 'ada', role: 'publisher' as const, admin: true };

function usersApi(initial: UserRow[]) {
  let users = [...initial];
  return {
    'GET /api/admin/users': () => ({ users }),
    'POST /api/admin/users': ({ body }: { body: unknown }) => {
      const { username, role, admin } = body as UserRow;
      const user: UserRow = { id: users.length + 10, username, role, admin: admin ?? false, createdAt: '2026-11-21T08:00:00.000Z' };
      users = [...users, user];
      return new Response(JSON.stringify(user), { status: 201 });
    },
    'PATCH /api/admin/users/:id': ({ url, body }: { url: string; body: unknown }) => {
      const id = Number(url.split('/').pop());
      users = users.map((u) => (u.id === id ? { ...u, ...(body as Partial<UserRow>) } : u));
      return users.find((u) => u.id === id);
    },
    'DELETE /api/admin/users/:id': ({ url }: { url: string }) => {
      users = users.filter((u) => u.id !== Number(url.split('/').pop()));
      return undefined;
    },
  };
}
const USERS: UserRow[] = [
  { ...ADMIN, createdAt: '2026-11-01T08:00:00.000Z' },
  { id: 2, username: 'ed', role: 'editor', admin: false, createdAt: '2026-11-02T08:00:00.000Z' },
];
const open = () => renderPage(<UsersPage />, { path: '/users' });

/** axe-core's WCAG 2.1 A/AA and best-practice rules as the end-to-end tests run them; serious and critical only. */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}


describe('validateNewUser', () => {
  it('needs a username without spaces, a password of at least 12 characters and a role', () => {
    expect(validateNewUser({ username: 'ana', password: '123456789012', role: 'viewer' })).toEqual({});
    expect(validateNewUser({ username: ' ', password: '12345678901', role: 'owner' })).toEqual({
      username: 'Enter a username',
      password: 'The password must be at least 12 characters (it has 11)',
      role: 'Choose a role',
    });
    expect(validateNewUser({ username: 'an a', password: '123456789012', role: 'editor' })).toEqual({ username: 'A username cannot contain spaces' });
  });
});

describe('the users page', () => {
  it('lists the users', async () => {
    mockServer(usersApi(USERS), ADMIN);
    open();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['ada (you)', 'ed']);
    expect(screen.getByLabelText('Role of ed')).toHaveValue('editor');
    expect(screen.getByLabelText('ed is an administrator')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Delete ada' })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('checks the new user form before sending it', async () => {
    const mock = mockServer(usersApi(USERS), ADMIN);
    open();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('At least 12 characters. The password must be at least 12 characters (it has 5)');
    expect(password).toHaveFocus();
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates a user', async () => {
    const mock = mockServer(usersApi(USERS), ADMIN);
    open();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'publisher');
    await userEvent.click(screen.getByLabelText('Administrator (may manage users)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.getByText('Created the user ana.')).toBeInTheDocument());
    const post = mock.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ username: 'ana', password: 'correct horse battery', role: 'publisher', admin: true });
    expect(post?.headers['x-csrf-token']).toBe('csrf-test');
    expect(await screen.findByRole('rowheader', { name: 'ana' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it('shows the server’s refusal', async () => {
    mockServer(
      { ...usersApi(USERS), 'POST /api/admin/users': () => new Response(JSON.stringify({ error: { code: 'CONFLICT', message: 'The username ed is taken' } }), { status: 409 }) },
      ADMIN,
    );
    open();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Username'), 'ed');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The username ed is taken');
  });

  it('changes a role', async () => {
    const mock = mockServer(usersApi(USERS), ADMIN);
    open();
    const save = await screen.findByRole('button', { name: 'Save changes to ed' });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Role of ed'), 'publisher');
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByText('Saved ed: publisher.')).toBeInTheDocument());
    expect(mock.calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([['/api/admin/users/2', { role: 'publisher' }]]);
  });

  it('deletes a user only after a confirmation', async () => {
    const mock = mockServer(usersApi(USERS), ADMIN);
    open();
    const remove = await screen.findByRole('button', { name: 'Delete ed' });
    await userEvent.click(remove);
    const confirm = screen.getByRole('group', { name: /^Delete the user ed\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete ed' })).toHaveFocus());
    expect(mock.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete ed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete ed' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'ed' })).toBeNull());
    expect(mock.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/users/2']);
  });
});
