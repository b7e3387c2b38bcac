import { useRef, useState, type FormEvent } from 'react';
import { ROLES, type Role } from '@tagwell/schema';
import { ErrorMessage } from '../../components/status';
import { useCreateUser } from './api';
import { MIN_PASSWORD, validateNewUser, type UserFormErrors } from './validate';

const FIELDS = ['username', 'password', 'role'] as const;

export function NewUserForm() {
  const create = useCreateUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [admin, setAdmin] = useState(false);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [created, setCreated] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    const found = validateNewUser({ username, password, role });
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`#new-user-${first}`)?.focus();
      return;
    }
    create.mutate(
      { username: username.trim(), password, role, admin },
      {
        onSuccess: () => {
          setCreated(username.trim());
          setUsername('');
          setPassword('');
          setRole('viewer');
          setAdmin(false);
        },
      },
    );
  }

  const invalid = (field: keyof UserFormErrors) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `new-user-${field}-error` } : {});
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="new-user-heading" className="user-form">
      <h2 id="new-user-heading">Add a user</h2>
      <div className="field">
        <label htmlFor="new-user-username">Username</label>
        <input id="new-user-username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" {...invalid('username')} />
        {errors.username ? (
          <p className="field-error" id="new-user-username-error">
            {errors.username}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="new-user-password">Password</label>
        <p className="hint" id="new-user-password-hint">
          At least {MIN_PASSWORD} characters.
        </p>
        <input
          id="new-user-password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'new-user-password-hint new-user-password-error' : 'new-user-password-hint'}
        />
        {errors.password ? (
          <p className="field-error" id="new-user-password-error">
            {errors.password}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="new-user-role">Role</label>
        <p className="hint" id="new-user-role-hint">
          viewer reads; editor also saves drafts; publisher also publishes and rolls back.
        </p>
        <select id="new-user-role" value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby="new-user-role-hint">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="field checkbox">
        <input id="new-user-admin" type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
        <label htmlFor="new-user-admin">Administrator (may manage users)</label>
      </div>
      {create.isError ? <ErrorMessage error={create.error} /> : null}
      <div className="actions">
        <button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create user'}
        </button>
      </div>
      <p role="status" className={created ? 'success' : undefined}>
        {created ? `Created the user ${created}.` : ''}
      </p>
    </form>
  );
}
