import { normalizeUsername, type SessionUser, type UserType } from '@clinic/domain';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

export interface NewTenant {
  id: string;
  subdomain: string;
  clinicName: string;
  country: string;
  timezoneOffset: number;
  trialEndsAt: Date;
  activationCodeHash: string;
  activationCodeExpiresAt: Date;
}

export async function insertTenant(tx: TenantTx, tenant: NewTenant): Promise<void> {
  await tx.db
    .insertInto('tenants')
    .values({ ...tenant, status: 'trial', activationSentAt: new Date() })
    .execute();
}

export async function insertModules(tx: TenantTx, modules: readonly string[]): Promise<void> {
  await tx.db
    .insertInto('tenantModules')
    .values(modules.map((module) => ({ tenantId: tx.tenantId, module })))
    .execute();
}

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  type: UserType;
  mcr?: string | null;
  passwordHash: string | null;
  mustChangePassword: boolean;
}

/** Adds a user; their normalised name (the one sign-in and uniqueness compare) goes with it. */
export async function insertUser(tx: TenantTx, user: NewUser): Promise<string> {
  const { id } = await tx.db
    .insertInto('users')
    .values({
      tenantId: tx.tenantId,
      ...user,
      normalizedUsername: normalizeUsername(user.username),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The caller's tenant; `forUpdate` locks its row until the transaction ends. */
export function findTenant(tx: TenantTx, options: { forUpdate?: boolean } = {}) {
  const query = tx.db.selectFrom('tenants').selectAll().where('id', '=', tx.tenantId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function setActivationCode(
  tx: TenantTx,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx.db
    .updateTable('tenants')
    .set({
      activationCodeHash: codeHash,
      activationCodeExpiresAt: expiresAt,
      activationAttempts: 0,
      activationSentAt: new Date(),
      updatedAt: new Date(),
    })
    .where('id', '=', tx.tenantId)
    .execute();
}

export async function countActivationAttempt(tx: TenantTx): Promise<number> {
  const { activationAttempts } = await tx.db
    .updateTable('tenants')
    .set((eb) => ({ activationAttempts: eb('activationAttempts', '+', 1) }))
    .where('id', '=', tx.tenantId)
    .returning('activationAttempts')
    .executeTakeFirstOrThrow();
  return activationAttempts;
}

export async function markActivated(tx: TenantTx): Promise<void> {
  await tx.db
    .updateTable('tenants')
    .set((eb) => ({
      activatedAt: new Date(),
      activationCodeHash: null,
      activationCodeExpiresAt: null,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', tx.tenantId)
    .execute();
}

/** The clinic is a customer: active, with no trial end. */
export async function endTrial(tx: TenantTx): Promise<void> {
  await tx.db
    .updateTable('tenants')
    .set((eb) => ({
      status: 'active',
      trialEndsAt: null,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', tx.tenantId)
    .execute();
}

/** The first administrator: the person who registered the clinic. */
export function findOwner(tx: TenantTx) {
  return tx.db
    .selectFrom('users')
    .select(['id', 'username', 'firstName', 'email'])
    .where('type', '=', 'Administrator')
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
}

export function findUser(tx: TenantTx, userId: string) {
  return tx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function setPassword(
  tx: TenantTx,
  userId: string,
  passwordHash: string,
  mustChangePassword: boolean,
): Promise<void> {
  await tx.db
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      mustChangePassword,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}

export function tenantModules(tx: TenantTx): Promise<string[]> {
  return tx.db
    .selectFrom('tenantModules')
    .select('module')
    .orderBy('module')
    .execute()
    .then((rows) => rows.map((row) => row.module));
}

/** The user's branches with their role columns, the default one first. */
export function accessibleBranches(tx: TenantTx, userId: string) {
  return tx.db
    .selectFrom('userBranches as ub')
    .innerJoin('branches as b', (join) =>
      join.onRef('b.tenantId', '=', 'ub.tenantId').onRef('b.id', '=', 'ub.branchId'),
    )
    .innerJoin('roles as r', (join) =>
      join.onRef('r.tenantId', '=', 'ub.tenantId').onRef('r.id', '=', 'ub.roleId'),
    )
    .select(['b.id', 'b.code', 'b.name', 'ub.isDefault', 'b.hciCode', 'b.licenceNumber'])
    .select(['r.id as roleId', 'r.name as roleName', 'r.permissions'])
    .where('ub.userId', '=', userId)
    .orderBy('ub.isDefault', 'desc')
    .orderBy('b.code')
    .execute();
}

export async function insertSession(
  tx: TenantTx,
  session: {
    userId: string;
    tokenHash: Buffer;
    kind: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<void> {
  await tx.db
    .insertInto('sessions')
    .values({ tenantId: tx.tenantId, ...session })
    .execute();
}

export async function revokeSession(tx: TenantTx, sessionId: string): Promise<void> {
  await tx.db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Records that a session was used now, unless that was recorded in the last `grainSeconds`. */
export async function markSessionActive(
  tx: TenantTx,
  sessionId: string,
  grainSeconds: number,
): Promise<void> {
  await tx.db
    .updateTable('sessions')
    .set({ lastActiveAt: sql`now()` })
    .where('id', '=', sessionId)
    .where('lastActiveAt', '<', sql<Date>`now() - make_interval(secs => ${grainSeconds})`)
    .execute();
}

export async function revokeOtherSessions(
  tx: TenantTx,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await tx.db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export function findDeviceAuthorization(
  tx: TenantTx,
  userId: string,
  where: { id: string } | { visitorId: string },
) {
  let query = tx.db.selectFrom('deviceAuthorizations').selectAll().where('userId', '=', userId);
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('visitorId', '=', where.visitorId);
  return query.orderBy('createdAt', 'desc').executeTakeFirst();
}

export async function insertDeviceAuthorization(
  tx: TenantTx,
  userId: string,
  visitorId: string,
): Promise<string> {
  const { id } = await tx.db
    .insertInto('deviceAuthorizations')
    .values({ tenantId: tx.tenantId, userId, visitorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function authorizeDevice(tx: TenantTx, id: string): Promise<void> {
  await tx.db
    .updateTable('deviceAuthorizations')
    .set({ authorizedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export function toSessionUser(user: {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  type: string;
  mcr: string | null;
  mustChangePassword: boolean;
}): SessionUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    type: user.type as UserType,
    mcr: user.mcr,
    mustChangePassword: user.mustChangePassword,
  };
}
