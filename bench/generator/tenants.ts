import { ALL_MODULES, normalizeUsername } from '@clinic/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { withTenant, type TenantTx } from '../../apps/server/src/db/tenant-db.ts';
import {
  listOptions,
  seedBranchOptions,
  seedTenantOptions,
} from '../../apps/server/src/features/options/options.repo.ts';
import { defaultRoleId, seedSystemRoles } from '../../apps/server/src/features/roles/roles.repo.ts';
import { hashSecret } from '../../apps/server/src/platform/passwords.ts';
import { BENCH_PASSWORD, type DataPlan, type TenantPlan } from './plan.ts';

/**
 * What registration and set-up create for a clinic, written through Kysely (a few hundred
 * rows per tenant): the tenant, activated, with every module; its branches with their
 * option lists (the server's own seeding functions); staff with a known password; panel
 * companies; the card number counter; each doctor's room.
 */

/** Where a branch's patients wait: the area id every queue entry of the branch carries. */
export type WaitingAreas = Map<string, string>;

// prettier-ignore
const COMPANIES = [
  'DBS Bank', 'Singtel', 'Keppel Corporation', 'SembCorp Marine', 'ComfortDelGro',
  'NTUC FairPrice', 'Changi Airport Group', 'SATS', 'Jurong Town Corporation', 'CapitaLand',
  'Wilmar International', 'Sheng Siong',
];

/** Years the generated clinics have been running. */
const CLINIC_AGE_YEARS = 10;

async function insertTenant(tx: TenantTx, tenant: TenantPlan, since: Date): Promise<void> {
  await tx.db
    .insertInto('tenants')
    .values({
      id: tenant.id,
      subdomain: tenant.subdomain,
      clinicName: tenant.clinicName,
      country: 'SG',
      timezoneOffset: 480,
      status: 'active',
      trialEndsAt: null,
      activatedAt: since,
      activationCodeHash: null,
      activationCodeExpiresAt: null,
      activationSentAt: since,
      createdAt: since,
      updatedAt: since,
    })
    .execute();
  await tx.db
    .insertInto('tenantModules')
    .values(ALL_MODULES.map((module) => ({ tenantId: tx.tenantId, module })))
    .execute();
  await seedTenantOptions(tx);
  await seedSystemRoles(tx);
}

async function insertBranches(tx: TenantTx, tenant: TenantPlan): Promise<void> {
  for (const [index, branch] of tenant.branches.entries()) {
    const number = tenant.index * 100 + index + 1;
    await tx.db
      .insertInto('branches')
      .values({
        tenantId: tx.tenantId,
        id: branch.id,
        code: branch.code,
        name: branch.name,
        isDefault: index === 0,
        currency: 'SGD',
        country: 'SG',
        address: `${number} ${branch.code} Central #01-${String(index + 10).padStart(3, '0')}`,
        postal: String(100_000 + number * 37).slice(0, 6),
        phone: `+65 6${String(2_000_000 + number * 131).slice(0, 7)}`,
        hciCode: `${String(10 + (number % 80))}M${String(number).padStart(4, '0')}`,
        licenceNumber: `MC-${String(number).padStart(5, '0')}`,
      })
      .execute();
    await seedBranchOptions(tx, branch.id);
  }
}

async function insertStaff(tx: TenantTx, tenant: TenantPlan, passwordHash: string, since: Date) {
  await tx.db
    .insertInto('users')
    .values(
      tenant.users.map((user) => ({
        tenantId: tx.tenantId,
        id: user.id,
        username: user.username,
        normalizedUsername: normalizeUsername(user.username),
        firstName: user.firstName,
        lastName: user.lastName,
        email: `${user.username}@bench.clinic.local`,
        type: user.type,
        mcr: user.mcr,
        passwordHash,
        mustChangePassword: false,
        passwordChangedAt: since,
        createdAt: since,
        updatedAt: since,
      })),
    )
    .execute();
  // Everyone holds the default role of their type, as registration gives it.
  const roleOfType = new Map<string, string>();
  for (const type of new Set(tenant.users.map((user) => user.type))) {
    roleOfType.set(type, await defaultRoleId(tx, type));
  }
  await tx.db
    .insertInto('userBranches')
    .values(
      tenant.users.flatMap((user) =>
        user.branchIds.map((branchId, index) => ({
          tenantId: tx.tenantId,
          userId: user.id,
          branchId,
          isDefault: index === 0,
          roleId: roleOfType.get(user.type)!,
        })),
      ),
    )
    .execute();
}

/** Each doctor consults in a room of their own, off the branch's first waiting area. */
async function insertDoctorRooms(tx: TenantTx, tenant: TenantPlan, areas: WaitingAreas) {
  for (const branch of tenant.branches) {
    const [area] = await listOptions(tx, 'waitingArea', { branchId: branch.id });
    if (!area) throw new Error(`Branch ${branch.code} has no waiting area`);
    areas.set(branch.id, area.id);
    await tx.db
      .insertInto('doctorRooms')
      .values(
        branch.doctorIds.map((doctorId, index) => ({
          tenantId: tx.tenantId,
          branchId: branch.id,
          doctorId,
          roomName: `Room ${index + 1}`,
          areaId: area.id,
        })),
      )
      .execute();
  }
}

async function insertCompaniesAndCounters(tx: TenantTx, tenant: TenantPlan): Promise<void> {
  await tx.db
    .insertInto('companies')
    .values(
      tenant.companyIds.map((id, index) => ({
        tenantId: tx.tenantId,
        id,
        code: `C${String(index + 1).padStart(3, '0')}`,
        name: COMPANIES[index % COMPANIES.length]!,
      })),
    )
    .execute();
  // Card numbers P000001.. are given to the generated patients in order.
  await tx.db
    .insertInto('cardNumberCounters')
    .values({ tenantId: tx.tenantId, prefix: 'P', lastValue: tenant.patients })
    .execute();
}

/** Creates every tenant's small tables; answers each branch's waiting area. */
export async function createTenants(db: Kysely<DB>, plan: DataPlan): Promise<WaitingAreas> {
  const passwordHash = await hashSecret(BENCH_PASSWORD);
  const since = new Date(Date.parse(`${plan.lastDay}T00:00:00+08:00`));
  since.setUTCFullYear(since.getUTCFullYear() - CLINIC_AGE_YEARS);
  const areas: WaitingAreas = new Map();
  for (const tenant of plan.tenants) {
    await withTenant(db, tenant.id, async (tx) => {
      await insertTenant(tx, tenant, since);
      await insertBranches(tx, tenant);
      await insertStaff(tx, tenant, passwordHash, since);
      await insertDoctorRooms(tx, tenant, areas);
      await insertCompaniesAndCounters(tx, tenant);
    });
  }
  return areas;
}
