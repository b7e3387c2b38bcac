import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Permission } from '@tagwell/schema';
import { ErrorMessage, Loading } from '../../components/status';
import { useSession } from './session';

/** Renders its children for a signed-in user allowed `permission`; sends others to sign in. */
export function RequireSession({ permission = 'read', children }: { permission?: Permission; children: ReactNode }) {
  const { user, loading, error, can } = useSession();
  const location = useLocation();
  if (loading) return <Loading label="Checking your session" />;
  if (error) return <ErrorMessage error={error} />;
  if (!user) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  if (!can(permission)) return <p role="alert">Your role ({user.role}) cannot open this page.</p>;
  return <>{children}</>;
}

/** Shows its children only when the user may do `permission` (the server enforces it too). */
export function IfAllowed({ permission, children, otherwise = null }: { permission: Permission; children: ReactNode; otherwise?: ReactNode }) {
  return <>{useSession().can(permission) ? children : otherwise}</>;
}
