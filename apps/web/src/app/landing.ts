import { UserType, type Permission } from '@clinic/domain';
import { SIDE_NAV_PAGES, type BranchPage } from './sections.ts';
import { defaultBranchCode, hasModule, type Session } from '../api/session.ts';

export const CATALOG_LANDING = '/console/catalogs/medications';
export const STAFF_LOGIN = '/auth/login';
export const TENANT_LOGIN = '/login';

/** A redirect target is only ever a path of this site. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return null;
  return target;
}

/**
 * Where a user goes after signing in (doc 1 section 2.7): 'Tenant Catalog' users to the
 * medications catalog; others to the redirect target (its branchCode placeholder replaced
 * by the default branch, GUEST if none), else to their branch (staff) or the console.
 */
export function landingPath(session: Session, redirect: string | null): string {
  if (session.info.user.type === UserType.tenantCatalog) return CATALOG_LANDING;
  const code = defaultBranchCode(session);
  const target = safeRedirect(redirect);
  if (target) return target.replace(/\{branchCode\}|:branchCode/g, encodeURIComponent(code));
  return session.kind === 'tenant' ? '/console' : `/${encodeURIComponent(code)}`;
}

/** The page every role may open: the user's own profile. */
export const PROFILE_PAGE = 'user/profile';

/**
 * A branch's first page for the user (where `/{branchCode}` and `/` lead), among the pages
 * of the side navigation the clinic has bought, in their order: the first one the user's
 * role in that branch reads (the queue for most roles; the patients for Finance, who does
 * not read the queue), else the first one open to every role, else the user's profile.
 */
export function branchHomePath(session: Session, branchCode: string): string {
  const branch = session.info.branches.find((option) => option.code === branchCode);
  const permissions: readonly Permission[] = branch?.permissions ?? [];
  const bought: BranchPage[] = SIDE_NAV_PAGES.filter((page) => hasModule(session, page.module));
  const page =
    bought.find(
      (candidate) => candidate.permission && permissions.includes(candidate.permission),
    ) ?? bought.find((candidate) => candidate.permission === undefined);
  return `/${encodeURIComponent(branchCode)}/${page?.path ?? PROFILE_PAGE}`;
}

/** The login page of a mode, with a redirect back to `path` unless the user signed out. */
export function loginPathFor(portal: boolean, path: string | null): string {
  const login = portal ? TENANT_LOGIN : STAFF_LOGIN;
  if (!path) return login;
  if (new URLSearchParams(path.split('?')[1] ?? '').has('logout')) return `${login}?logout=1`;
  return `${login}?redirect=${encodeURIComponent(path)}`;
}
