import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-db.ts';

/** Whether the user signed in from this device (by hash) within the last `days` days. */
export async function isKnownDevice(
  tx: TenantTx,
  userId: string,
  deviceHash: Buffer,
  days: number,
): Promise<boolean> {
  const row = await tx.db
    .selectFrom('knownDevices')
    .select('userId')
    .where('userId', '=', userId)
    .where('deviceHash', '=', deviceHash)
    .where('lastSignedInAt', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Notes a sign-in from the device, and forgets the user's devices unused for `days` days. */
export async function rememberDevice(
  tx: TenantTx,
  userId: string,
  deviceHash: Buffer,
  days: number,
): Promise<void> {
  await tx.db
    .deleteFrom('knownDevices')
    .where('userId', '=', userId)
    .where('lastSignedInAt', '<=', sql<Date>`now() - make_interval(days => ${days})`)
    .execute();
  await tx.db
    .insertInto('knownDevices')
    .values({ tenantId: tx.tenantId, userId, deviceHash })
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'userId', 'deviceHash'])
        .doUpdateSet({ lastSignedInAt: sql<Date>`now()` }),
    )
    .execute();
}
