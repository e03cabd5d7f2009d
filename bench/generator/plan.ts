import { UserType } from '@clinic/domain';
import type { ScaleConfig } from '../config.ts';
import { epochDay } from './clock.ts';
import { personName, community } from './people.ts';
import { createRandom, seedOf, type Random } from './random.ts';

/**
 * What the generator creates, decided up front from the seed: the tenants with their
 * branches, staff and sizes. The rows themselves are produced from this plan.
 */

/** Every generated user signs in with this password (hashed once, stored for all). */
export const BENCH_PASSWORD = 'Bench-password-2026';

/** The clinics' time zone: Singapore, UTC+8. */
export const OFFSET_MINUTES = 480;

export interface BranchPlan {
  id: string;
  code: string;
  name: string;
  /** Doctors working here, in room order. */
  doctorIds: string[];
}

export interface UserPlan {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  type: UserType;
  mcr: string | null;
  /** Branches the user may work in; the first is their default. */
  branchIds: string[];
}

export interface TenantPlan {
  index: number;
  id: string;
  subdomain: string;
  clinicName: string;
  branches: BranchPlan[];
  users: UserPlan[];
  companyIds: string[];
  patients: number;
  /** History: the last `historyDays` days up to and including the plan's last day. */
  historyDays: number;
  queuePerBranchDay: number;
}

export interface DataPlan {
  seed: number;
  lastDay: string;
  /** Days since 1970 of the last day of history. */
  lastEpochDay: number;
  tenants: TenantPlan[];
}

// prettier-ignore
const CHAIN_BRANCHES: ReadonlyArray<readonly [code: string, place: string]> = [
  ['TPY', 'Toa Payoh'], ['BSH', 'Bishan'], ['AMK', 'Ang Mo Kio'], ['JUR', 'Jurong East'],
  ['TAM', 'Tampines'], ['BED', 'Bedok'], ['YIS', 'Yishun'], ['WDL', 'Woodlands'],
  ['SKG', 'Sengkang'], ['PGL', 'Punggol'], ['CLE', 'Clementi'], ['HGN', 'Hougang'],
  ['SER', 'Serangoon'], ['CCK', 'Choa Chu Kang'], ['BBT', 'Bukit Batok'], ['PSR', 'Pasir Ris'],
  ['BMR', 'Bukit Merah'], ['QTN', 'Queenstown'], ['MPR', 'Marine Parade'], ['SBW', 'Sembawang'],
];

// prettier-ignore
const CLINIC_WORDS = [
  'Sunrise', 'Harmony', 'Greenwood', 'Family First', 'Kindred', 'Evergreen', 'Lakeside',
  'Parkview', 'Silver Crest', 'Bright Health', 'Orchid', 'Unity', 'Heartland', 'Riverside',
];

export const CHAIN_SUBDOMAIN = 'bench-chain';

/** A doctor's MCR number: M, 5 digits, a letter. */
function mcrNumber(random: Random): string {
  return `M${String(random.between(10_000, 99_999))}${String.fromCharCode(65 + random.int(26))}`;
}

function staff(random: Random, username: string, type: UserType, branchIds: string[]): UserPlan {
  const male = random.chance(0.5);
  const [first = 'Alex', ...rest] = personName(random, community(random), male).split(' ');
  return {
    id: random.uuid4(),
    username,
    firstName: first,
    lastName: rest.join(' ') || 'Tan',
    type,
    mcr: type === UserType.doctor ? mcrNumber(random) : null,
    branchIds,
  };
}

interface TenantShape {
  subdomain: string;
  clinicName: string;
  branches: ReadonlyArray<readonly [code: string, name: string]>;
  doctorsPerBranch: number;
  frontDeskPerBranch: number;
  patients: number;
  historyDays: number;
  queuePerBranchDay: number;
}

function tenantPlan(seed: number, index: number, shape: TenantShape): TenantPlan {
  const random = createRandom(seedOf(seed, index, 0));
  const branches: BranchPlan[] = shape.branches.map(([code, name]) => ({
    id: random.uuid4(),
    code,
    name,
    doctorIds: [],
  }));
  const allBranchIds = branches.map((b) => b.id);
  const users: UserPlan[] = [
    staff(random, `${shape.subdomain}.admin`, UserType.administrator, allBranchIds),
  ];
  for (const branch of branches) {
    const prefix = `${shape.subdomain}.${branch.code.toLowerCase()}`;
    for (let n = 1; n <= shape.doctorsPerBranch; n += 1) {
      const doctor = staff(random, `${prefix}.dr${n}`, UserType.doctor, [branch.id]);
      branch.doctorIds.push(doctor.id);
      users.push(doctor);
    }
    for (let n = 1; n <= shape.frontDeskPerBranch; n += 1) {
      users.push(staff(random, `${prefix}.desk${n}`, UserType.frontDesk, [branch.id]));
    }
    users.push(staff(random, `${prefix}.nurse`, UserType.nurse, [branch.id]));
  }
  return {
    index,
    id: random.uuid4(),
    subdomain: shape.subdomain,
    clinicName: shape.clinicName,
    branches,
    users,
    companyIds: Array.from({ length: 12 }, () => random.uuid4()),
    patients: shape.patients,
    historyDays: shape.historyDays,
    queuePerBranchDay: shape.queuePerBranchDay,
  };
}

/** The chain first, then the small clinics. */
export function dataPlan(scale: ScaleConfig, lastDay: string): DataPlan {
  const chainName = 'Lion City Family Clinic';
  const tenants = [
    tenantPlan(scale.seed, 0, {
      subdomain: CHAIN_SUBDOMAIN,
      clinicName: chainName,
      branches: CHAIN_BRANCHES.slice(0, scale.chainBranches).map(
        ([code, place]) => [code, `${chainName} (${place})`] as const,
      ),
      doctorsPerBranch: 3,
      frontDeskPerBranch: 2,
      patients: scale.chainPatients,
      historyDays: scale.chainHistoryDays,
      queuePerBranchDay: scale.queuePerBranchDay,
    }),
  ];
  const sizes = createRandom(seedOf(scale.seed, 999));
  for (let n = 1; n <= scale.smallClinics; n += 1) {
    const clinicName = `${CLINIC_WORDS[n % CLINIC_WORDS.length]!} Medical Clinic ${n}`;
    tenants.push(
      tenantPlan(scale.seed, n, {
        subdomain: `bench-clinic-${String(n).padStart(2, '0')}`,
        clinicName,
        branches: [['MAIN', clinicName]],
        doctorsPerBranch: 2,
        frontDeskPerBranch: 1,
        patients: Math.round(scale.smallClinicPatients * (0.6 + 0.8 * sizes.next())),
        historyDays: scale.smallClinicHistoryDays,
        queuePerBranchDay: Math.round(scale.smallClinicQueuePerDay * (0.6 + 0.8 * sizes.next())),
      }),
    );
  }
  return { seed: scale.seed, lastDay, lastEpochDay: epochDay(lastDay), tenants };
}
