import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Session } from '../../api/session.ts';

// Only a user with a temporary password sees the dialog: its code loads for them alone.
const ForcedPasswordView = lazy(async () => ({
  default: (await import('./ForcedPasswordView.tsx')).ForcedPasswordView,
}));

/**
 * A user who has not chosen a password yet (a temporary password from the clinic's mail)
 * is kept on one page (`keepOn`) with this dialog, which cannot be dismissed, until they
 * do; then they go to `home`. The branch shell keeps them on the profile page, the tenant
 * console on its tenant page: the server refuses every other call until then.
 */
export function ForcePasswordDialog({
  session,
  keepOn,
  home,
}: {
  session: Session;
  keepOn: string;
  home: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const forced = session.info.user.mustChangePassword;

  useEffect(() => {
    if (forced && location.pathname !== keepOn) void navigate(keepOn, { replace: true });
  }, [forced, location.pathname, keepOn, navigate]);

  if (!forced) return null;
  return (
    <Suspense fallback={null}>
      <ForcedPasswordView session={session} home={home} />
    </Suspense>
  );
}
