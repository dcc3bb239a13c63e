import type { Role } from '@wac/contract/auth';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { Spinner } from '../ui/spinner';
import { homeFor } from './route-table';

/** Spec 2: signed-out users go to /login; a full-screen spinner while auth loads; a wrong role goes to /chat. */
export function RequireAuth({ children, role }: { children: ReactNode; role?: Role }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner size="large" fullScreen label="Loading" />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (role && user?.role !== role) return <Navigate to="/chat" replace />;
  return <>{children}</>;
}

/** Public-only routes: a signed-in user is sent to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Spinner size="large" fullScreen label="Loading" />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <>{children}</>;
}

export function HomeRedirect() {
  const { user } = useAuth();
  return <Navigate to={homeFor(user?.role)} replace />;
}
