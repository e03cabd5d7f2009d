import { ALL_MODULES, UserType } from '@clinic/domain';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import * as accounts from '../../features/accounts/accounts.repo.ts';
import { tenantIdBySubdomain } from '../../platform/directory.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { hashSecret } from '../../platform/passwords.ts';
import type { DB } from '../schema.ts';
import { withTenant } from '../tenant-db.ts';

export const DEMO_SUBDOMAIN = 'demo';
export const DEMO_PASSWORD = 'Clinic-demo-2026';

export interface DemoSignIn {
  username: string;
  password: string;
  type: string;
}

const DEMO_BRANCHES = [
  {
    code: 'TPY',
    name: 'Demo Clinic Toa Payoh',
    isDefault: true,
    address: 'Blk 190 Lorong 6 Toa Payoh #01-512',
    postal: '310190',
    phone: '+65 6250 1234',
    fax: '+65 6250 1235',
    hciCode: '19M0001',
    licenceNumber: 'MC-2026-0001',
  },
  {
    code: 'JUR',
    name: 'Demo Clinic Jurong East',
    isDefault: false,
    address: 'Blk 135 Jurong Gateway Road #01-317',
    postal: '600135',
    phone: '+65 6560 4321',
    fax: null,
    hciCode: '19M0002',
    licenceNumber: 'MC-2026-0002',
  },
] as const;

const DEMO_USERS = [
  {
    username: 'demo.admin',
    firstName: 'Alice',
    lastName: 'Wong',
    type: UserType.administrator,
    mcr: null,
  },
  {
    username: 'demo.doctor',
    firstName: 'Benjamin',
    lastName: 'Tan',
    type: UserType.doctor,
    mcr: 'M12345A',
  },
  {
    username: 'demo.doctor2',
    firstName: 'Priya',
    lastName: 'Nair',
    type: UserType.doctor,
    mcr: 'M23456B',
  },
  { username: 'demo.nurse', firstName: 'Chloe', lastName: 'Lim', type: UserType.nurse, mcr: null },
  {
    username: 'demo.frontdesk',
    firstName: 'Daniel',
    lastName: 'Goh',
    type: UserType.frontDesk,
    mcr: null,
  },
  {
    username: 'demo.catalog',
    firstName: 'Evelyn',
    lastName: 'Koh',
    type: UserType.tenantCatalog,
    mcr: null,
  },
] as const;

export const demoSignIns: DemoSignIn[] = DEMO_USERS.map((user) => ({
  username: user.username,
  password: DEMO_PASSWORD,
  type: user.type,
}));

/**
 * Creates the demo clinic with two branches and a user of each type, once. Returns false
 * when it already exists (a second run changes nothing).
 */
export async function seedDemo(db: Kysely<DB>): Promise<boolean> {
  if (await tenantIdBySubdomain(db, DEMO_SUBDOMAIN)) return false;
  const tenantId = randomUUID();
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  try {
    await withTenant(db, tenantId, async (tx) => {
      await accounts.insertTenant(tx, {
        id: tenantId,
        subdomain: DEMO_SUBDOMAIN,
        clinicName: 'Demo Family Clinic',
        country: 'SG',
        timezoneOffset: 480,
        trialEndsAt: new Date(Date.now() + 365 * 86400_000),
        activationCodeHash: '',
        activationCodeExpiresAt: new Date(),
      });
      await accounts.markActivated(tx);
      await tx.db
        .updateTable('tenants')
        .set({ status: 'active', trialEndsAt: null })
        .where('id', '=', tenantId)
        .execute();
      await accounts.insertModules(tx, ALL_MODULES);
      const branchIds: string[] = [];
      for (const branch of DEMO_BRANCHES) {
        branchIds.push(
          await accounts.insertBranch(tx, { ...branch, currency: 'SGD', country: 'SG' }),
        );
      }
      for (const user of DEMO_USERS) {
        const branches =
          user.type === UserType.tenantCatalog
            ? []
            : branchIds.map((branchId, index) => ({ branchId, isDefault: index === 0 }));
        await accounts.insertUser(
          tx,
          {
            ...user,
            email: `${user.username}@demo.clinic.local`,
            passwordHash,
            mustChangePassword: false,
          },
          branches,
        );
      }
    });
  } catch (error) {
    // Another instance seeded it at the same moment.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
