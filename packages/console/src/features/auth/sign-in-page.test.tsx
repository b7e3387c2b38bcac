import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockServer, renderPage } from '../../test/render';
import { SignInPage } from './sign-in-page';

describe('SignInPage', () => {
  it('signs in and sends the credentials once', async () => {
    const server = mockServer({
      'POST /api/admin/session': ({ body }) => ({ user: { id: 1, username: (body as { username: string }).username, role: 'editor', admin: false }, csrfToken: 't' }),
    });
    renderPage(<SignInPage />, { path: '/sign-in', route: '/sign-in' });
    await userEvent.type(await screen.findByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'ana', password: 'correct horse battery' });
  });

  it("shows the server's message when the credentials are wrong", async () => {
    mockServer({
      'POST /api/admin/session': () =>
        new Response(JSON.stringify({ error: { code: 'INVALID_CREDENTIALS', message: 'The username or password is not right' } }), { status: 401 }),
    });
    renderPage(<SignInPage />, { path: '/sign-in', route: '/sign-in' });
    await userEvent.type(await screen.findByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The username or password is not right');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Create the first administrator' })).toBeNull();
  });

  it('says how to create the first administrator when the server has no users, instead of refusing the password', async () => {
    mockServer({
      'GET /api/admin/setup': () => ({ needsFirstAdmin: true }),
      'POST /api/admin/session': () =>
        new Response(JSON.stringify({ error: { code: 'INVALID_CREDENTIALS', message: 'The username or password is not right' } }), { status: 401 }),
    });
    renderPage(<SignInPage />, { path: '/sign-in', route: '/sign-in' });
    const help = await screen.findByRole('region', { name: 'Create the first administrator' });
    expect(help).toHaveTextContent('npm run admin -- create-user --username NAME --role publisher --admin');
    expect(help).toHaveTextContent('TAGWELL_ADMIN_USERNAME and TAGWELL_ADMIN_PASSWORD');
    await userEvent.type(screen.getByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'anything at all');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No one can sign in yet: this server has no users. Create the first administrator as shown above, then sign in.');
    expect(alert).not.toHaveTextContent('The username or password is not right');
    // axe-core, as the end-to-end tests run it: no serious or critical violation.
    const result = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
