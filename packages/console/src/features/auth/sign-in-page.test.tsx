import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  });
});
