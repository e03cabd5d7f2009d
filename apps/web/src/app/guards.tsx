import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { branchHomePath, loginPathFor } from './landing.ts';
import { defaultBranchCode, sessionStore, useSession } from '../api/session.ts';

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

/** The site root: the default branch's first page for the user, the console, or sign-in. */
export function RootRedirect() {
  const session = useSession();
  if (!session) return <Navigate to="/auth/login" replace />;
  if (session.kind === 'tenant') return <Navigate to="/console" replace />;
  return <Navigate to={branchHomePath(session, defaultBranchCode(session))} replace />;
}

/** A branch's address alone (`/{branchCode}`, where sign-in lands): its first page for the user. */
export function BranchHome() {
  const session = useSession();
  const { branchCode = '' } = useParams();
  if (!session) return null;
  return <Navigate to={branchHomePath(session, branchCode)} replace />;
}
