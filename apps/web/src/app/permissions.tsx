import { branchesApi, type Permission } from '@clinic/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { queryCallOptions } from '../api/background.ts';
import { api } from '../api/clients.ts';
import { useSession } from '../api/session.ts';

/** The query key of `GET /branches/current` for a branch (all branches: `['current-branch']`). */
export const currentBranchKey = (branchId: string | undefined) =>
  ['current-branch', branchId] as const;

/**
 * `GET /branches/current`: the branch's own facts and the user's role and permissions
 * there. The server checks the role on every request (a change applies from the next
 * one), so the web follows it by asking again: whenever the window gets focus (the
 * administrator changed the role elsewhere) and after any 403 FORBIDDEN (queries.tsx),
 * the answer is refetched and what the role no longer allows disappears.
 */
export function currentBranchQuery(branchId: string | undefined) {
  return queryOptions({
    queryKey: currentBranchKey(branchId),
    // Asked again on window focus and after a 403: those refetches are background.
    queryFn: (context) => api().call(branchesApi.current, {}, queryCallOptions(context)),
    enabled: Boolean(branchId),
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * What the user's role allows in the branch of the address: the latest
 * `GET /branches/current` answer (which the branch shell fetches and refreshes), else the
 * sign-in answer's list for that branch. Nothing outside a branch.
 */
export function usePermissions(): readonly Permission[] {
  const session = useSession();
  const { branchCode = '' } = useParams();
  const branch = session?.info.branches.find((option) => option.code === branchCode);
  // Only reads the cache: the shell owns the fetching (and the refreshing).
  const { data } = useQuery({ ...currentBranchQuery(branch?.id), enabled: false });
  return data?.permissions ?? branch?.permissions ?? [];
}

/** Whether the user's role in the current branch allows `permission`. */
export function useCan(permission: Permission): boolean {
  return usePermissions().includes(permission);
}

/**
 * Shows its children only when the user's role in the current branch allows
 * `permission` (read like `ModuleGate`); otherwise `fallback`, nothing by default. Only
 * hides: the server refuses the call anyway (403).
 */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useCan(permission) ? children : fallback}</>;
}
