import type { DisplayIdentity, DisplayLink, DoctorRoom } from '@clinic/domain';
import { UserType } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { toUnix, toUnixOrNull } from '../../platform/scope.ts';

const LINK_COLUMNS = ['id', 'name', 'branchId', 'createdAt', 'revokedAt', 'expiresAt'] as const;

function toLink(row: {
  id: string;
  name: string;
  branchId: string;
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt: Date | null;
}): DisplayLink {
  return {
    id: row.id,
    name: row.name,
    branchId: row.branchId,
    createdAt: toUnix(row.createdAt),
    revokedAt: toUnixOrNull(row.revokedAt),
    expiresAt: toUnixOrNull(row.expiresAt),
  };
}

export async function insertDisplayLink(
  tx: TenantTx,
  link: {
    branchId: string;
    name: string;
    tokenHash: Buffer;
    createdBy: string;
    expiresAt: Date | null;
  },
): Promise<DisplayLink> {
  const row = await tx.db
    .insertInto('displayLinks')
    .values({ tenantId: tx.tenantId, ...link })
    .returning(LINK_COLUMNS)
    .executeTakeFirstOrThrow();
  return toLink(row);
}

export async function branchDisplayLinks(tx: TenantTx, branchId: string): Promise<DisplayLink[]> {
  const rows = await tx.db
    .selectFrom('displayLinks')
    .select(LINK_COLUMNS)
    .where('branchId', '=', branchId)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map(toLink);
}

export async function findDisplayLink(
  tx: TenantTx,
  branchId: string,
  id: string,
): Promise<DisplayLink | undefined> {
  const row = await tx.db
    .selectFrom('displayLinks')
    .select(LINK_COLUMNS)
    .where('id', '=', id)
    .where('branchId', '=', branchId)
    .executeTakeFirst();
  return row && toLink(row);
}

/**
 * Gives a working link of the branch a new key (its name and expiry stay); undefined when
 * there is no such link, or it is revoked or expired.
 */
export async function rotateDisplayLink(
  tx: TenantTx,
  branchId: string,
  id: string,
  tokenHash: Buffer,
): Promise<DisplayLink | undefined> {
  const row = await tx.db
    .updateTable('displayLinks')
    .set({ tokenHash })
    .where('id', '=', id)
    .where('branchId', '=', branchId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
  return row && toLink(row);
}

/** Revokes a link of the branch; false when there is none. */
export async function revokeDisplayLink(
  tx: TenantTx,
  branchId: string,
  id: string,
): Promise<boolean> {
  const found = await tx.db
    .updateTable('displayLinks')
    .set((eb) => ({ revokedAt: eb.fn.coalesce('revokedAt', eb.val(new Date())) }))
    .where('id', '=', id)
    .where('branchId', '=', branchId)
    .executeTakeFirst();
  return found.numUpdatedRows > 0n;
}

export function displayIdentity(tx: TenantTx, branchId: string): Promise<DisplayIdentity> {
  return tx.db
    .selectFrom('branches as b')
    .innerJoin('tenants as t', 't.id', 'b.tenantId')
    .select([
      'b.id as branchId',
      'b.code as branchCode',
      'b.name as branchName',
      't.clinicName',
      't.timezoneOffset',
    ])
    .where('b.id', '=', branchId)
    .executeTakeFirstOrThrow();
}

/** The users (`u`) who work in the branch, each with their room there (`r`, or nulls). */
function staffWithRooms(tx: TenantTx, branchId: string) {
  return tx.db
    .selectFrom('users as u')
    .innerJoin('userBranches as ub', (join) =>
      join
        .onRef('ub.tenantId', '=', 'u.tenantId')
        .onRef('ub.userId', '=', 'u.id')
        .on('ub.branchId', '=', branchId),
    )
    .leftJoin('doctorRooms as r', (join) =>
      join
        .onRef('r.tenantId', '=', 'u.tenantId')
        .onRef('r.doctorId', '=', 'u.id')
        .on('r.branchId', '=', branchId),
    );
}

/** Every active doctor of the branch with their room, if one is set. */
export async function doctorRooms(tx: TenantTx, branchId: string): Promise<DoctorRoom[]> {
  const rows = await staffWithRooms(tx, branchId)
    .select(['u.id', 'u.firstName', 'u.lastName', 'r.roomName', 'r.areaId', 'r.version'])
    .where('u.type', '=', UserType.doctor)
    .where('u.isActive', '=', true)
    .orderBy('u.firstName')
    .execute();
  return rows.map((row) => ({
    doctorId: row.id,
    doctorName: `${row.firstName} ${row.lastName}`.trim(),
    roomName: row.roomName,
    areaID: row.areaId,
    version: row.version,
  }));
}

/**
 * Sets a doctor's room: a first room is inserted, an existing one changed only at the
 * version the caller saw. False when someone changed it meanwhile.
 */
export async function saveDoctorRoom(
  tx: TenantTx,
  room: { branchId: string; doctorId: string; roomName: string; areaId: string | null },
  version: number | null,
): Promise<boolean> {
  if (version === null) {
    const inserted = await tx.db
      .insertInto('doctorRooms')
      .values({ tenantId: tx.tenantId, ...room })
      .onConflict((oc) => oc.columns(['tenantId', 'branchId', 'doctorId']).doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }
  const updated = await tx.db
    .updateTable('doctorRooms')
    .set((eb) => ({
      roomName: room.roomName,
      areaId: room.areaId,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('branchId', '=', room.branchId)
    .where('doctorId', '=', room.doctorId)
    .where('version', '=', version)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
