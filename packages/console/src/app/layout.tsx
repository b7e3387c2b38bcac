import { NavLink, Outlet, useNavigate } from 'react-router';
import { useSession } from '../features/auth';

const LINKS = [
  { to: '/properties', label: 'Properties' },
  { to: '/debugger', label: 'Debugger' },
  { to: '/reports', label: 'Reports' },
  { to: '/activities', label: 'Activities' },
  { to: '/audit', label: 'Audit log' },
];

export function Layout() {
  const { user, signOut, can } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Tagwell</span>
        <nav aria-label="Main">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
            {can('manage-users') && (
              <li>
                <NavLink to="/users">Users</NavLink>
              </li>
            )}
          </ul>
        </nav>
        {user && (
          <div className="who">
            <span>
              {user.username} <span className="role">({user.role})</span>
            </span>
            <button type="button" className="link" onClick={() => signOut().then(() => navigate('/sign-in'))}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
