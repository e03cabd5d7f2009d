import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from './landing.ts';
import { defaultBranchCode, sessionStore, useSession } from './session.ts';

/**
 * Protected routes: without a session the user goes to login with the current path as
 * redirect. Staff routes take clinic and member sessions; a portal session goes to the console.
 */
export function RequireSession({
  portal = false,
  children,
}: {
  portal?: boolean;
  children: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const path = sessionStore.endedByUser() ? '?logout=1' : location.pathname + location.search;
    return <Navigate to={loginPathFor(portal, path)} replace />;
  }
  if (!portal && session.kind === 'tenant') return <Navigate to="/console" replace />;
  return <>{children}</>;
}

/** The site root: the staff queue of the default branch, the console, or sign-in. */
export function RootRedirect() {
  const session = useSession();
  if (!session) return <Navigate to="/auth/login" replace />;
  if (session.kind === 'tenant') return <Navigate to="/console" replace />;
  return <Navigate to={`/${encodeURIComponent(defaultBranchCode(session))}/queue`} replace />;
}
