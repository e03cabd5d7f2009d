import { DISPLAY_LINK_PERMISSIONS, normalizeUsername } from '@clinic/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The only reads that cross tenants, each through a SECURITY DEFINER function of the
 * platform migration that returns the least its caller needs.
 */

export interface Principal {
  tenantId: string;
  sessionId: string;
  userId: string;
  userType: string;
  kind: string;
  /** Signed in with a temporary password that must be changed before anything else. */
  mustChangePassword: boolean;
  modules: ReadonlySet<string>;
  branchIds: ReadonlySet<string>;
  /**
   * What the caller's role allows in the branch asked about (the request's BranchId), or,
   * when none was asked about, in any of their branches (the union of their roles).
   */
  permissions: ReadonlySet<string>;
  /**
   * A staff session's use: seconds since its last recorded activity and the clinic's
   * inactivity time-out in minutes (platform/session-activity.ts). None for a display link.
   */
  activity?: { inactiveSeconds: number; timeoutMinutes: number };
  /** When this access ends by itself (a display link's expiry); absent: no set end. */
  expiresAt?: Date;
}

/**
 * The session's holder, with their permissions in `branchId` (the union over their branches
 * when it is undefined): one call, on every request, never cached, so a changed role
 * applies from the next request on.
 */
export async function principalOfToken(
  db: Kysely<DB>,
  tokenHash: Buffer,
  branchId?: string,
): Promise<Principal | undefined> {
  const { rows } = await sql<{
    tenantId: string;
    sessionId: string;
    userId: string;
    userType: string;
    kind: string;
    mustChangePassword: boolean;
    modules: string[];
    branchIds: string[];
    permissions: string[];
    inactiveSeconds: number;
    inactivityTimeoutMinutes: number;
  }>`SELECT * FROM auth_principal(${tokenHash}, ${branchId ?? null}::uuid)`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { inactiveSeconds, inactivityTimeoutMinutes, ...holder } = row;
  return {
    ...holder,
    activity: { inactiveSeconds, timeoutMinutes: inactivityTimeoutMinutes },
    modules: new Set(row.modules),
    branchIds: new Set(row.branchIds),
    permissions: new Set(row.permissions),
  };
}

/** A display link's holder: a read-only principal bound to the link's one branch. */
export async function principalOfDisplayLink(
  db: Kysely<DB>,
  tokenHash: Buffer,
): Promise<Principal | undefined> {
  const { rows } = await sql<{
    tenantId: string;
    linkId: string;
    branchId: string;
    createdBy: string;
    modules: string[];
    expiresAt: Date | null;
  }>`SELECT * FROM auth_display_link(${tokenHash})`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    tenantId: row.tenantId,
    sessionId: row.linkId,
    userId: row.createdBy,
    userType: 'Display',
    kind: 'display',
    mustChangePassword: false,
    modules: new Set(row.modules),
    branchIds: new Set([row.branchId]),
    permissions: new Set(DISPLAY_LINK_PERMISSIONS),
    ...(row.expiresAt && { expiresAt: row.expiresAt }),
  };
}

/** Whether a key belonged to a display link that has expired (so the board can say so). */
export async function isDisplayLinkExpired(db: Kysely<DB>, tokenHash: Buffer): Promise<boolean> {
  const { rows } = await sql<{
    expired: boolean;
  }>`SELECT display_link_expired(${tokenHash}) AS expired`.execute(db);
  return rows[0]?.expired === true;
}

/** The account a typed username names: compared in its normalised form only. */
export async function signInTarget(
  db: Kysely<DB>,
  username: string,
): Promise<{ tenantId: string; userId: string } | undefined> {
  const { rows } = await sql<{ tenantId: string; userId: string }>`
    SELECT * FROM auth_sign_in_target(${normalizeUsername(username)})`.execute(db);
  return rows[0];
}

export async function tenantIdBySubdomain(
  db: Kysely<DB>,
  subdomain: string,
): Promise<string | undefined> {
  const { rows } = await sql<{
    id: string | null;
  }>`SELECT tenant_id_by_subdomain(${subdomain}) AS id`.execute(db);
  return rows[0]?.id ?? undefined;
}

export async function tenantIdOfUser(db: Kysely<DB>, userId: string): Promise<string | undefined> {
  const { rows } = await sql<{
    id: string | null;
  }>`SELECT tenant_id_of_user(${userId}::uuid) AS id`.execute(db);
  return rows[0]?.id ?? undefined;
}

/** Whether any clinic's user has a name that normalises to the same as this one. */
export async function isUsernameTaken(db: Kysely<DB>, username: string): Promise<boolean> {
  const { rows } = await sql<{
    taken: boolean;
  }>`SELECT username_taken(${normalizeUsername(username)}) AS taken`.execute(db);
  return rows[0]?.taken === true;
}

export async function tenantsWithPendingMail(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT tenants_with_pending_mail() AS id`.execute(db);
  return rows.map((row) => row.id);
}

export async function anyTenantExists(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ exists: boolean }>`SELECT any_tenant_exists() AS exists`.execute(db);
  return rows[0]?.exists === true;
}
