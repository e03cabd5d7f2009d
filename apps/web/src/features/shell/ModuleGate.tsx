import type { ReactNode } from 'react';
import { hasModule, useSession } from '../../api/session.ts';

/**
 * Shows its children only when the tenant bought the module (prefix `tenant` in portal
 * mode, `clinic` otherwise); otherwise an empty placeholder (doc 3 section 6).
 */
export function ModuleGate({
  module,
  children,
  fallback,
}: {
  module: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const session = useSession();
  if (hasModule(session, module)) return <>{children}</>;
  return <>{fallback ?? <span data-module-placeholder={module} hidden />}</>;
}
