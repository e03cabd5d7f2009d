import { UserType } from '@clinic/domain';
import { randomUUID } from 'node:crypto';
import { withTenant, type TenantTx } from '../db/tenant-db.ts';
import {
  activateWithoutTrial,
  addUser,
  openBranch,
  openClinic,
} from '../features/accounts/registration.service.ts';
import { clinicContext } from '../features/branches/branches.service.ts';
import { listOptions } from '../features/options/options.service.ts';
import { createPatient } from '../features/patients/patients.service.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { setDoctorRoom } from '../features/queue-display/queue-display.service.ts';
import * as queue from '../features/queue/queue.service.ts';
import { seedDemoRecords } from './demo-records.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import { anyTenantExists, tenantIdBySubdomain } from '../platform/directory.ts';
import { isUniqueViolation } from '../platform/errors.ts';
import { hashSecret } from '../platform/passwords.ts';
import type { BranchScope } from '../platform/scope.ts';
import { seedDemoClinical } from './demo-clinical.ts';
import { demoPatients } from './demo-people.ts';
import { seedDemoCertificates } from './demo-certificates.ts';
import { seedDemoVitals } from './demo-vitals.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { seedDemoPrescriptions } from './demo-prescriptions.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoSubsidies } from './demo-subsidies.ts';
import { seedDemoCredits } from './demo-credits.ts';
import { seedDemoWeeks } from './demo-weeks.ts';

export const DEMO_SUBDOMAIN = 'demo';
/** The demo clinic's clock: Singapore, UTC+8. */
const DEMO_OFFSET_MINUTES = 480;
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
 * The demo clinic: created in an empty database with two branches, a user of each type
 * and its patients; and, whenever a demo branch's day is still empty, a realistic queue
 * for today. Answers whether the demo clinic was created now, was there already, or is
 * absent (the database serves other clinics).
 */
export async function seedDemo(ctx: AppContext): Promise<'created' | 'present' | 'absent'> {
  let tenantId = await tenantIdBySubdomain(ctx.db, DEMO_SUBDOMAIN);
  let created = false;
  // Only an empty database gets the demo clinic: never one that already serves clinics.
  if (!tenantId && !(await anyTenantExists(ctx.db))) {
    try {
      tenantId = await createDemoClinic(ctx);
      created = true;
    } catch (error) {
      // Another instance seeded it at the same moment.
      if (!isUniqueViolation(error)) throw error;
      tenantId = await tenantIdBySubdomain(ctx.db, DEMO_SUBDOMAIN);
    }
  }
  if (!tenantId) return 'absent';
  await seedTodaysQueues(ctx, tenantId);
  await seedDemoCertificates(await demoScope(ctx, tenantId, DEMO_BRANCHES[0].code));
  await seedDemoVitals(ctx, tenantId);
  await seedDemoClinical(ctx, tenantId, DEMO_BRANCHES[0].code);
  await seedDemoCatalog(
    ctx,
    tenantId,
    DEMO_BRANCHES.map((branch) => branch.code),
  );
  await seedDemoPrescriptions(ctx, tenantId, DEMO_BRANCHES[0].code);
  await seedDemoSubsidies(ctx, tenantId, DEMO_BRANCHES[0].code);
  await seedDemoWeeks(ctx, tenantId, DEMO_BRANCHES[0].code);
  await seedDemoBilling(ctx, tenantId, DEMO_BRANCHES[0].code);
  await seedDemoCredits(ctx, tenantId, DEMO_BRANCHES[0].code);
  return created ? 'created' : 'present';
}

/**
 * While the server runs, a new clinic day gets the demo queues too: a demo left running
 * overnight (or a test run across midnight) would otherwise open on an empty queue. Runs
 * just after each of the demo clinic's midnights; answers how to stop it.
 */
export function keepDemoQueues(ctx: AppContext): () => void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(
      () => {
        void refillDemoQueues(ctx).finally(schedule);
      },
      msUntilNextDemoDay(Date.now()) + 1_000,
    );
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}

/** Milliseconds from a time to the demo clinic's next midnight. */
export function msUntilNextDemoDay(now: number): number {
  const day = 86400_000;
  return day - ((now + DEMO_OFFSET_MINUTES * 60_000) % day);
}

/** Seeds today's demo queues where a branch's day is empty; a failure is logged, not thrown. */
export async function refillDemoQueues(ctx: AppContext): Promise<void> {
  try {
    const tenantId = await tenantIdBySubdomain(ctx.db, DEMO_SUBDOMAIN);
    if (tenantId) await seedTodaysQueues(ctx, tenantId);
  } catch (error) {
    ctx.log.error({ err: error }, 'the demo queues of the new day could not be seeded');
  }
}

async function createDemoClinic(ctx: AppContext): Promise<string> {
  const tenantId = randomUUID();
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  await withTenant(ctx.db, tenantId, async (tx) => {
    await openClinic(tx, {
      id: tenantId,
      subdomain: DEMO_SUBDOMAIN,
      clinicName: 'Demo Family Clinic',
      country: 'SG',
      timezoneOffset: DEMO_OFFSET_MINUTES,
      trialEndsAt: new Date(Date.now() + 365 * 86400_000),
      activationCodeHash: '',
      activationCodeExpiresAt: new Date(),
    });
    await activateWithoutTrial(tx);
    const branchIds: string[] = [];
    for (const branch of DEMO_BRANCHES) {
      branchIds.push(await openBranch(tx, { ...branch, currency: 'SGD', country: 'SG' }));
    }
    for (const user of DEMO_USERS) {
      const branches =
        user.type === UserType.tenantCatalog
          ? []
          : branchIds.map((branchId, index) => ({ branchId, isDefault: index === 0 }));
      await addUser(
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
  for (const branch of DEMO_BRANCHES) {
    await assignDoctorRooms(await demoScope(ctx, tenantId, branch.code));
  }
  const frontDesk = await demoScope(ctx, tenantId, DEMO_BRANCHES[0].code);
  for (const patient of demoPatients()) {
    await createPatient(frontDesk, {
      ...patient,
      idType: 'NRIC',
      cardNoPrefix: null,
      cardNo: null,
      telCode: '+65',
      birthTime: null,
      email: null,
      father: patient.birthDate >= '2010-01-01' ? 'Lee Kok Wai' : null,
      mother: null,
      ignoreNameCheck: false,
    });
  }
  await seedDemoRecords(ctx, frontDesk);
  await seedDemoDocuments(ctx, frontDesk);
  return tenantId;
}

/** Each doctor consults in a room of their own, off the branch's main waiting area. */
async function assignDoctorRooms(scope: BranchScope): Promise<void> {
  const { doctorIds, mainArea } = await scope.run(async (tx) => ({
    doctorIds: await demoDoctorIds(tx),
    mainArea: (await listOptions(tx, 'waitingArea', { branchId: scope.branchId }))[0],
  }));
  for (const [index, doctorId] of doctorIds.entries()) {
    await setDoctorRoom(scope, doctorId, {
      roomName: `Room ${index + 1}`,
      areaID: mainArea?.id ?? null,
    });
  }
}

/** The demo clinic's doctors, by username. */
async function demoDoctorIds(tx: TenantTx): Promise<string[]> {
  const doctors = await tx.db
    .selectFrom('users')
    .select('id')
    .where('type', '=', UserType.doctor)
    .orderBy('username')
    .execute();
  return doctors.map((doctor) => doctor.id);
}

/** The demo front desk user working in a branch, as the services expect a caller. */
async function demoScope(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<BranchScope> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const { userId, branchId } = await withTenant(ctx.db, tenantId, async (tx) => {
    const user = await tx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo.frontdesk')
      .executeTakeFirstOrThrow();
    const branch = await tx.db
      .selectFrom('branches')
      .select('id')
      .where('code', '=', branchCode)
      .executeTakeFirstOrThrow();
    return { userId: user.id, branchId: branch.id };
  });
  return { tenantId, userId, userType: UserType.frontDesk, branchId, run };
}

/** What happens to the n-th patient of the day by the time the user looks. */
const DAY_PLAN: Array<'out' | 'in' | 'pending'> = [
  'out',
  'out',
  'out',
  'in',
  'out',
  'in',
  'pending',
  'pending',
  'pending',
  'pending',
];
const PURPOSES = [
  ['Consultation'],
  ['Chronic Review'],
  ['Consultation', 'Medical Certificate'],
  ['Vaccination'],
  ['Follow-up'],
];
const ROOMS = ['Consultation Room 1', 'Consultation Room 2'];

async function seedTodaysQueues(ctx: AppContext, tenantId: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  for (const [branchIndex, branch] of DEMO_BRANCHES.entries()) {
    const scope = await demoScope(ctx, tenantId, branch.code);
    if ((await queue.listDay(scope, now)).length > 0) continue;
    const { patientIds, doctorIds, dayStart } = await scope.run(async (tx) => {
      const patients = await tx.db.selectFrom('patients').select('id').orderBy('name').execute();
      const offset = (await clinicContext(tx, scope.branchId)).offsetMinutes * 60;
      return {
        patientIds: patients.map((p) => p.id),
        doctorIds: await demoDoctorIds(tx),
        dayStart: now - ((now + offset) % 86400),
      };
    });
    const size = branchIndex === 0 ? DAY_PLAN.length : 6;
    for (let n = 0; n < size; n += 1) {
      // Never after now: in the first minutes of the clinic's day a minute apart would be.
      const visitDate = Math.min(
        now,
        Math.max(dayStart + 60 * (n + 1), now - 15 * 60 * (size - n)),
      );
      const entry = await queue.addToQueue(ctx, scope, {
        patientId: patientIds[(n * 3 + branchIndex * 7) % patientIds.length]!,
        doctorId: doctorIds[n % doctorIds.length]!,
        visitPurposes: PURPOSES[n % PURPOSES.length]!,
        remark: n === 3 ? 'Fever since yesterday' : null,
        visitDate,
        isBackdate: true,
      });
      const plan = DAY_PLAN[n] ?? 'pending';
      if (plan === 'pending') continue;
      const roomed = await queue.changeRoomService(
        ctx,
        scope,
        entry.id,
        ROOMS[n % ROOMS.length]!,
        entry.version,
      );
      await queue.callIn(ctx, scope, roomed.id);
      if (plan === 'out') await queue.consultOut(ctx, scope, roomed.id);
    }
  }
}
