import { DEFAULT_ROOM_SERVICES } from '../../apps/server/src/features/options/options.defaults.ts';
import { DEFAULT_QUEUE_STATUSES, QUEUE_STATUS } from '@clinic/domain';
import { dateText, offsetText, timestampText, unixMs } from './clock.ts';
import { NULL, text, textArray } from './copy.ts';
import type { LastDoctors, PatientTimeline } from './patients.ts';
import { OFFSET_MINUTES, type DataPlan, type TenantPlan } from './plan.ts';
import { createRandom, seedOf, type Random } from './random.ts';
import type { WaitingAreas } from './tenants.ts';

// prettier-ignore
export const VISIT_COLUMNS = [
  'tenant_id', 'id', 'branch_id', 'patient_id', 'doctor_id', 'visit_date', 'consult_start',
  'consult_end', 'voided_at', 'version', 'created_at', 'updated_at',
] as const;

// prettier-ignore
export const QUEUE_COLUMNS = [
  'tenant_id', 'id', 'branch_id', 'visit_id', 'patient_id', 'doctor_id', 'queue_date',
  'queue_number', 'queue_seq', 'visit_purposes', 'remark', 'room_service', 'room_name',
  'area_id', 'status', 'color', 'visit_time', 'time_in', 'time_out', 'consult_in',
  'consult_out', 'call_in_time', 'is_mco', 'queue_status', 'voided_reason', 'voided_at',
  'version', 'created_at', 'updated_at',
] as const;

export const COUNTER_COLUMNS = ['tenant_id', 'branch_id', 'queue_date', 'last_number'] as const;

/** Opening hours: registrations from 08:00 to 21:00. */
const OPEN_SECOND = 8 * 3600;
const OPEN_SECONDS = 13 * 3600;

const PURPOSES: ReadonlyArray<readonly [weight: number, purposes: string]> = [
  [60, textArray(['Consultation'])],
  [10, textArray(['Follow-up'])],
  [10, textArray(['Chronic Review'])],
  [8, textArray(['Consultation', 'Medical Certificate'])],
  [5, textArray(['Vaccination'])],
  [3, textArray(['Health Screening'])],
  [2, textArray(['Lab Test'])],
  [2, textArray(['Healthier SG', 'Chronic Review'])],
];
const PURPOSE_WEIGHT = PURPOSES.reduce((sum, [weight]) => sum + weight, 0);
const WITH_MC = PURPOSES[3]![1];

const REMARKS = [
  'Fever since yesterday',
  'Cough for 3 days',
  'BP review',
  'Needs MC for work',
  'Wheelchair',
  'Bring previous lab report',
  'Allergic to penicillin',
];

const colourOf = (code: string) =>
  DEFAULT_QUEUE_STATUSES.find((status) => status.code === code)?.color ?? '#000000';

/** How a past day's entry ended: most consulted and out, a few still open or deleted. */
const ENDINGS = [
  { share: 0.93, status: QUEUE_STATUS.consultOut, called: true, out: true },
  { share: 0.02, status: 'Waiting for Payment', called: true, out: true },
  { share: 0.015, status: 'Dispensing', called: true, out: true },
  { share: 0.02, status: QUEUE_STATUS.pending, called: false, out: false },
  { share: 0.015, status: QUEUE_STATUS.pending, called: false, out: false, voided: true },
].map((ending) => ({ ...ending, color: colourOf(ending.status) }));

type Ending = (typeof ENDINGS)[number];

interface Entry {
  branch: number;
  number: number;
  second: number;
  patient: number;
  doctor: number;
  purposes: string;
  ending: Ending;
  waitSeconds: number;
  consultSeconds: number;
  remark: string | null;
}

function pickPurposes(random: Random): string {
  let r = random.int(PURPOSE_WEIGHT);
  for (const [weight, purposes] of PURPOSES) {
    if (r < weight) return purposes;
    r -= weight;
  }
  return PURPOSES[0]![1];
}

function pickEnding(random: Random): Ending {
  let r = random.next();
  for (const ending of ENDINGS) {
    if (r < ending.share) return ending;
    r -= ending.share;
  }
  return ENDINGS[0]!;
}

/**
 * One day of a tenant: each branch's entries, about `queuePerBranchDay` (plus or minus
 * 10 %) spread over opening hours, numbered in arrival order; all branches merged in time
 * order. Depends only on (seed, tenant, day), so every pass over the days sees the same.
 */
function dayEntries(
  plan: DataPlan,
  tenant: TenantPlan,
  dayIndex: number,
  timeline: PatientTimeline,
): { entries: Entry[]; perBranch: number[] } {
  const random = createRandom(seedOf(plan.seed, tenant.index, 3, dayIndex));
  const available = timeline.available(dayIndex);
  const entries: Entry[] = [];
  const perBranch = tenant.branches.map((branch, b) => {
    const mean = tenant.queuePerBranchDay;
    const count = random.between(Math.round(mean * 0.9), Math.round(mean * 1.1));
    for (let k = 0; k < count; k += 1) {
      entries.push({
        branch: b,
        number: k + 1,
        second: OPEN_SECOND + Math.floor(((k + random.next()) * OPEN_SECONDS) / count),
        patient: random.int(available),
        doctor: random.int(branch.doctorIds.length),
        purposes: pickPurposes(random),
        ending: pickEnding(random),
        waitSeconds: random.between(5 * 60, 60 * 60),
        consultSeconds: random.between(5 * 60, 20 * 60),
        remark: random.chance(0.05) ? random.pick(REMARKS) : null,
      });
    }
    return count;
  });
  entries.sort((a, b) => a.second - b.second || a.branch - b.branch);
  return { entries, perBranch };
}

/** The moments of one entry, as text of the clinic's time zone. */
function momentsOf(entry: Entry, day: string, zone: string) {
  const at = (second: number) => timestampText(day, second, zone);
  const calledAt = entry.second + entry.waitSeconds;
  const outAt = calledAt + entry.consultSeconds;
  const voidedAt = entry.second + 20 * 60;
  const { called, out } = entry.ending;
  const voided = 'voided' in entry.ending;
  return {
    visit: at(entry.second),
    callIn: called ? at(calledAt) : NULL,
    out: out ? at(outAt) : NULL,
    voided: voided ? at(voidedAt) : NULL,
    updated: at(voided ? voidedAt : out ? outAt : entry.second),
    /** Changes after creation: room service, call-in, time-out, a later status. */
    version: voided ? 2 : out ? (entry.ending.status === QUEUE_STATUS.consultOut ? 4 : 5) : 1,
  };
}

/** Walks every history day of a tenant, with the two ids of each entry. */
function* tenantDays(plan: DataPlan, tenant: TenantPlan, timeline: PatientTimeline) {
  const zone = offsetText(OFFSET_MINUTES);
  for (let dayIndex = 0; dayIndex < tenant.historyDays; dayIndex += 1) {
    const epochDay = plan.lastEpochDay - tenant.historyDays + 1 + dayIndex;
    const day = dateText(epochDay);
    const { entries, perBranch } = dayEntries(plan, tenant, dayIndex, timeline);
    // The same ids on every pass: visits and queue entries are loaded in separate passes.
    const ids = createRandom(seedOf(plan.seed, tenant.index, 4, dayIndex));
    const withIds = entries.map((entry) => {
      const ms = unixMs(epochDay, entry.second, OFFSET_MINUTES);
      return { entry, visitId: ids.uuid7(ms), entryId: ids.uuid7(ms) };
    });
    yield { day, zone, entries: withIds, perBranch };
  }
}

/** COPY lines of a tenant's visits; records each patient's latest doctor on the way. */
export function* visitLines(
  plan: DataPlan,
  tenant: TenantPlan,
  patientIds: readonly string[],
  timeline: PatientTimeline,
  lastDoctors: LastDoctors,
): Generator<string> {
  for (const { day, zone, entries } of tenantDays(plan, tenant, timeline)) {
    for (const { entry, visitId } of entries) {
      const branch = tenant.branches[entry.branch]!;
      const at = momentsOf(entry, day, zone);
      if (!('voided' in entry.ending)) {
        lastDoctors.byPatient[entry.patient] =
          lastDoctors.branchOffsets[entry.branch]! + entry.doctor + 1;
      }
      yield `${tenant.id}\t${visitId}\t${branch.id}\t${patientIds[entry.patient]}\t${branch.doctorIds[entry.doctor]}\t${at.visit}\t${at.callIn}\t${at.out}\t${at.voided}\t${at.version}\t${at.visit}\t${at.updated}\n`;
    }
  }
}

/** COPY lines of a tenant's queue entries; `counters` receives each branch day's count. */
export function* queueLines(
  plan: DataPlan,
  tenant: TenantPlan,
  patientIds: readonly string[],
  timeline: PatientTimeline,
  areas: WaitingAreas,
  counters: string[],
): Generator<string> {
  for (const { day, zone, entries, perBranch } of tenantDays(plan, tenant, timeline)) {
    perBranch.forEach((count, b) => {
      counters.push(`${tenant.id}\t${tenant.branches[b]!.id}\t${day}\t${count}\n`);
    });
    for (const { entry, visitId, entryId } of entries) {
      const branch = tenant.branches[entry.branch]!;
      const at = momentsOf(entry, day, zone);
      const { ending } = entry;
      const voided = 'voided' in ending;
      const roomService = ending.called ? DEFAULT_ROOM_SERVICES[entry.doctor % 2]! : NULL;
      yield (
        [
          tenant.id,
          entryId,
          branch.id,
          visitId,
          patientIds[entry.patient],
          branch.doctorIds[entry.doctor],
          day,
          entry.number,
          entry.number,
          entry.purposes,
          entry.remark === null ? NULL : text(entry.remark),
          roomService,
          `Room ${entry.doctor + 1}`,
          areas.get(branch.id) ?? NULL,
          ending.status,
          ending.color,
          at.visit,
          at.visit,
          at.out,
          at.callIn,
          at.out,
          at.callIn,
          entry.purposes === WITH_MC ? 't' : 'f',
          voided ? '-1' : '0',
          voided ? 'Patient left without consultation' : NULL,
          at.voided,
          at.version,
          at.visit,
          at.updated,
        ].join('\t') + '\n'
      );
    }
  }
}
