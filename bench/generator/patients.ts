import { dateText, unixMs } from './clock.ts';
import { NULL, text } from './copy.ts';
import {
  community,
  homeAddress,
  identityDigits,
  identityNumber,
  mobileNumber,
  nationality,
  personName,
} from './people.ts';
import { OFFSET_MINUTES, type DataPlan, type TenantPlan } from './plan.ts';
import { createRandom, seedOf } from './random.ts';

// prettier-ignore
export const PATIENT_COLUMNS = [
  'tenant_id', 'id', 'title', 'name', 'id_type', 'nric', 'gender', 'card_no_prefix', 'card_no',
  'contact_no', 'tel_code', 'birth_date', 'birth_time', 'nationality', 'email', 'father',
  'mother', 'home_address', 'home_postal', 'company_id', 'consult_doctor_id', 'version',
  'created_at', 'updated_at',
] as const;

/** Share of a tenant's patients registered before its history starts. */
const EXISTING_SHARE = 0.6;
/** They were registered over the years before. */
const EXISTING_YEARS = 7;
const DAY_MS = 86_400_000;

/**
 * When each patient was registered: the first 60 % over the years before the history,
 * the rest evenly through it, in index order (so a visit can only pick patients that
 * exist by then, and time-ordered ids arrive in key order).
 */
export interface PatientTimeline {
  readonly count: number;
  createdMs(index: number): number;
  /** How many patients exist by the end of history day `dayIndex` (0 = first day). */
  available(dayIndex: number): number;
}

export function patientTimeline(plan: DataPlan, tenant: TenantPlan): PatientTimeline {
  const count = tenant.patients;
  const existing = Math.floor(count * EXISTING_SHARE);
  const historyStartMs = unixMs(plan.lastEpochDay - tenant.historyDays + 1, 0, OFFSET_MINUTES);
  const earlierMs = EXISTING_YEARS * 365 * DAY_MS;
  const historyMs = tenant.historyDays * DAY_MS;
  return {
    count,
    createdMs(index) {
      return index < existing
        ? historyStartMs - earlierMs + Math.floor((index / existing) * earlierMs)
        : historyStartMs + Math.floor(((index - existing) / (count - existing)) * historyMs);
    },
    available(dayIndex) {
      const grown = existing + ((count - existing) * (dayIndex + 1)) / tenant.historyDays;
      return Math.max(1, Math.min(count, Math.floor(grown)));
    },
  };
}

/** The patients' ids, time-ordered by registration; visits refer to them by index. */
export function patientIds(plan: DataPlan, tenant: TenantPlan, timeline: PatientTimeline) {
  const random = createRandom(seedOf(plan.seed, tenant.index, 1));
  return Array.from({ length: timeline.count }, (_, i) => random.uuid7(timeline.createdMs(i)));
}

function titleOf(male: boolean, age: number, chance: (p: number) => boolean): string {
  if (chance(0.005)) return 'Doctor';
  if (age < 16) return male ? 'Master' : 'Miss';
  if (male) return 'Mr';
  if (age >= 60) return chance(0.5) ? 'Madam' : 'Mrs';
  return chance(0.5) ? 'Mrs' : chance(0.5) ? 'Ms' : 'Miss';
}

/** Each patient's latest doctor, filled while the visits are written. */
export interface LastDoctors {
  /** Per patient: 1 + index into `doctorIds`, or 0 before any visit. */
  byPatient: Int32Array;
  doctorIds: string[];
  /** Per branch: where its doctors start in `doctorIds`. */
  branchOffsets: number[];
}

export function lastDoctorsOf(tenant: TenantPlan): LastDoctors {
  const branchOffsets: number[] = [];
  const doctorIds: string[] = [];
  for (const branch of tenant.branches) {
    branchOffsets.push(doctorIds.length);
    doctorIds.push(...branch.doctorIds);
  }
  return { byPatient: new Int32Array(tenant.patients), doctorIds, branchOffsets };
}

/** COPY lines of a tenant's patients; each name is also put in `names` (by index). */
export function* patientLines(
  plan: DataPlan,
  tenant: TenantPlan,
  ids: readonly string[],
  timeline: PatientTimeline,
  lastDoctors: LastDoctors,
  names: string[] = [],
): Generator<string> {
  const random = createRandom(seedOf(plan.seed, tenant.index, 2));
  const chance = (p: number) => random.chance(p);
  const bornPerYear = new Map<number, number>();
  const lastDay = plan.lastEpochDay;
  for (let i = 0; i < ids.length; i += 1) {
    const male = random.chance(0.49);
    const resident = random.chance(0.9);
    const people = community(random);
    const name = personName(random, people, male);
    names[i] = name;
    const age = Math.floor(95 * random.next() ** 1.2);
    const birthDate = dateText(lastDay - Math.floor(age * 365.25) - random.int(365));
    const birthYear = Number(birthDate.slice(0, 4));
    const serial = bornPerYear.get(birthYear) ?? 0;
    bornPerYear.set(birthYear, serial + 1);
    // A fixed permutation of 0..99,999, so serials do not read as a count.
    const digits = identityDigits(birthYear, (serial * 7919 + 4231) % 100_000);
    const child = age < 16;
    const address = random.chance(0.97) ? homeAddress(random) : null;
    const email = random.chance(0.4)
      ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${random.int(100)}@example.com`
      : null;
    const company = random.chance(0.1) ? random.pick(tenant.companyIds) : null;
    const doctor = lastDoctors.byPatient[i] ?? 0;
    const created = new Date(timeline.createdMs(i)).toISOString();
    yield (
      [
        tenant.id,
        ids[i],
        titleOf(male, age, chance),
        text(name),
        resident ? 'NRIC' : 'FIN',
        identityNumber(resident, birthYear, digits),
        male ? 'M' : 'F',
        'P',
        `P${String(i + 1).padStart(6, '0')}`,
        mobileNumber(random),
        '+65',
        birthDate,
        NULL,
        nationality(random, resident),
        email ?? NULL,
        child ? text(personName(random, people, true)) : NULL,
        child ? text(personName(random, people, false)) : NULL,
        address ? address.address : NULL,
        address ? address.postal : NULL,
        company ?? NULL,
        doctor > 0 ? lastDoctors.doctorIds[doctor - 1] : NULL,
        '1',
        created,
        created,
      ].join('\t') + '\n'
    );
  }
}
