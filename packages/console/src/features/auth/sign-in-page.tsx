import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '../../components/status';
import { ApiError, api } from '../../lib/api';
import { useSession } from './session';

interface SetupStatus {
  needsFirstAdmin: boolean;
}

/** Whether the server has no users yet (`GET /api/admin/setup`); a server that cannot say counts as set up. */
function useSetupStatus() {
  return useQuery({
    queryKey: ['setup'],
    queryFn: async () => {
      try {
        return await api.get<SetupStatus>('/api/admin/setup');
      } catch {
        return { needsFirstAdmin: false };
      }
    },
    retry: false,
  });
}

const NO_USERS = 'No one can sign in yet: this server has no users. Create the first administrator as shown above, then sign in.';

/** How to create the first administrator (docs/OPERATING.md "Users and the first administrator"). */
function FirstAdministrator() {
  return (
    <section className="notice first-admin" aria-labelledby="first-admin-heading">
      <h2 id="first-admin-heading">Create the first administrator</h2>
      <p>This server has no users yet. On the server, in the Tagwell folder and with the same data folder or database, run:</p>
      <pre>
        <code>npm run admin -- create-user --username NAME --role publisher --admin</code>
      </pre>
      <p>
        It asks for the password: at least 12 characters and hard to guess (three or four unrelated words will do). Or start the server once with{' '}
        <code>TAGWELL_ADMIN_USERNAME</code> and <code>TAGWELL_ADMIN_PASSWORD</code> set. Then sign in here; the administrator adds everyone else under Users.
      </p>
    </section>
  );
}

export function SignInPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const setup = useSetupStatus();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const needsFirstAdmin = setup.data?.needsFirstAdmin === true;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/sign-in' ? from : '/', { replace: true });
    } catch (e) {
      // With no users at all, no password is right: say what to do instead.
      const none = e instanceof ApiError && e.code === 'INVALID_CREDENTIALS' && (await setup.refetch()).data?.needsFirstAdmin === true;
      setError(none ? new Error(NO_USERS) : e);
      setBusy(false);
    }
  }

  return (
    <div className="sign-in">
      <h1 tabIndex={-1}>Sign in to Tagwell</h1>
      {needsFirstAdmin ? <FirstAdministrator /> : null}
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <label htmlFor="username">Username</label>
        <input id="username" name="username" autoComplete="username" required autoFocus />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        {error ? <ErrorMessage id="sign-in-error" error={error} /> : null}
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
