import {
  REFUSALS,
  consultTimeProblems,
  type ConsultTimeBody,
  type ConsultTimes,
  type DiagnosisRecord,
  type PrescriptionRecord,
  type VisitDetail,
  type VisitEventCode,
  type VisitListQuery,
  type VisitSummary,
  type FixedRefusalCode,
  visitWriteRefusal,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import type { AppContext } from '../../platform/app-context.ts';
import {
  badRequest,
  conflict,
  fieldError,
  fieldErrors,
  forbidden,
  notFound,
} from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import * as repo from './visits.repo.ts';

/** A visit's diagnoses, read in the caller's transaction (the referral letter's). */
export { visitDiagnoses as visitDiagnosesIn } from './visits.repo.ts';

/**
 * What the queue does to visits inside its own transaction: opens one per entry, moves
 * its date with the entry's registration time, voids it with the entry.
 */
export {
  insertVisit as openVisit,
  setVisitDate,
  visitHasClinicalRecords,
  voidVisit,
} from './visits.repo.ts';

export function patientVisits(
  scope: BranchScope,
  query: VisitListQuery,
): Promise<{ items: VisitSummary[]; total: number }> {
  return scope.run((tx) => repo.patientVisits(tx, query));
}

export function visitDiagnoses(scope: BranchScope, visitId: string): Promise<DiagnosisRecord[]> {
  return scope.run((tx) => repo.visitDiagnoses(tx, visitId));
}

export function visitPrescriptions(
  scope: BranchScope,
  visitId: string,
): Promise<PrescriptionRecord[]> {
  return scope.run((tx) => repo.visitPrescriptions(tx, visitId));
}

export async function visitDetail(scope: BranchScope, id: string): Promise<VisitDetail> {
  return scope.run(async (tx) => {
    const visit = await repo.visitDetail(tx, id);
    if (!visit) throw notFound('visit.notFound');
    // The queue of another branch is not the caller's to see.
    if (visit.branchId !== scope.branchId) return { ...visit, queueId: null, queueStatus: null };
    return visit;
  });
}

type LockedVisit = NonNullable<Awaited<ReturnType<typeof repo.visitState>>>;

/** A visit as its writers see it: branch, patient and doctor (the row stays locked). */
export type WritableVisit = Pick<LockedVisit, 'id' | 'branchId' | 'patientId' | 'doctorId'>;

/** Where the callers of `writableVisit` differ. */
export interface WritableVisitOptions {
  /** The body's field naming the visit: an unknown visit is refused there (400), not 404. */
  field?: string;
  /**
   * The patient the request names, when it names one: a visit of another patient is
   * refused on that field with the caller's code (checked before the branch).
   */
  patient?: { id: string | null | undefined; field: string; code: FixedRefusalCode };
  /** An allergy is the patient's, its visit only where it was noted: a voided one will do. */
  voidedAllowed?: boolean;
}

async function checkedVisit(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
  lock: 'share' | 'update',
  options: WritableVisitOptions = {},
): Promise<LockedVisit> {
  const visit = await repo.visitState(tx, id, lock);
  if (!visit) {
    throw options.field ? fieldError(options.field, 'visit.notFound') : notFound('visit.notFound');
  }
  const { patient } = options;
  if (patient?.id && patient.id !== visit.patientId) throw fieldError(patient.field, patient.code);
  const isVoided = visit.voidedAt !== null && !options.voidedAllowed;
  const refusal = visitWriteRefusal({ branchId: visit.branchId, isVoided }, scope.branchId);
  if (refusal === 'anotherBranch') throw forbidden('visit.anotherBranch');
  if (refusal === 'voided') throw badRequest('visit.voided');
  return visit;
}

/**
 * The one check before anything is written to a visit's record (facts, readings, note,
 * diagnoses, certificates, allergies): the visit exists (404 `visit.notFound`), is of the
 * caller's branch (403 `visit.anotherBranch`, the spec's words: 'Current visit is from
 * another branch. ...', doc 2 section 8) and is not voided (400 `visit.voided`: its record
 * is read-only). The visit stays locked FOR SHARE until the transaction ends, so it cannot
 * be voided meanwhile.
 */
export async function writableVisit(
  tx: TenantTx,
  scope: BranchScope,
  id: string,
  options?: WritableVisitOptions,
): Promise<WritableVisit> {
  const { branchId, patientId, doctorId } = await checkedVisit(tx, scope, id, 'share', options);
  return { id, branchId, patientId, doctorId };
}

/** A visit the clinic has (any branch: clinical reads are clinic-wide), or 404. */
export async function knownVisit(tx: TenantTx, id: string): Promise<void> {
  if (!(await repo.visitState(tx, id))) throw notFound('visit.notFound');
}

/**
 * The visit itself, to change (consult times, timer): the same check as `writableVisit`,
 * with the row locked FOR UPDATE.
 */
function changeableVisit(tx: TenantTx, scope: BranchScope, id: string): Promise<LockedVisit> {
  return checkedVisit(tx, scope, id, 'update');
}

async function saveTimes(
  tx: TenantTx,
  id: string,
  version: number,
  times: { consultStart?: Date; consultEnd?: Date },
): Promise<ConsultTimes> {
  const saved = await repo.setConsultTimes(tx, id, version, times);
  if (!saved) throw conflict();
  return saved;
}

/** `PUT /visits/{id}/consult-time`: the rules of doc 2 section 5 'Consult time'. */
export async function setConsultTime(
  scope: BranchScope,
  id: string,
  body: ConsultTimeBody,
): Promise<ConsultTimes> {
  return scope.run(async (tx) => {
    await changeableVisit(tx, scope, id);
    const clinic = await clinicContext(tx, scope.branchId);
    const problems = consultTimeProblems(body.startTime, body.endTime, clinic);
    if (problems.length > 0) {
      throw fieldErrors(
        problems.map(({ field, key }) => ({
          field,
          message: REFUSALS[`visit.${key}`],
          code: `visit.${key}` as const,
        })),
      );
    }
    return saveTimes(tx, id, body.version, {
      consultStart: new Date((body.startTime ?? 0) * 1000),
      consultEnd: new Date((body.endTime ?? 0) * 1000),
    });
  });
}

async function publishTimer(
  ctx: AppContext,
  tx: TenantTx,
  scope: BranchScope,
  eventCode: VisitEventCode,
  visit: LockedVisit,
  time: number,
): Promise<void> {
  await ctx.events.publish(tx, {
    branchId: scope.branchId,
    eventCode,
    data: { id: visit.id, branchId: scope.branchId, patientId: visit.patientId, time },
    message: null,
  });
}

/** The timer starts (state 0 to 1): the start is now, and `consultIn` tells the branch. */
export async function consultIn(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  version: number,
): Promise<ConsultTimes> {
  return scope.run(async (tx) => {
    const visit = await changeableVisit(tx, scope, id);
    if (visit.consultStart !== null) throw badRequest('visit.alreadyStarted');
    const now = Math.floor(Date.now() / 1000);
    const saved = await saveTimes(tx, id, version, { consultStart: new Date(now * 1000) });
    await publishTimer(ctx, tx, scope, 'consultIn', visit, now);
    return saved;
  });
}

/** The timer stops (state 1 to -1): the end is now, and `consultOut` tells the branch. */
export async function consultOut(
  ctx: AppContext,
  scope: BranchScope,
  id: string,
  version: number,
): Promise<ConsultTimes> {
  return scope.run(async (tx) => {
    const visit = await changeableVisit(tx, scope, id);
    if (visit.consultStart === null) throw badRequest('visit.notStarted');
    if (visit.consultEnd !== null) throw badRequest('visit.alreadyFinished');
    const now = Math.floor(Date.now() / 1000);
    const saved = await saveTimes(tx, id, version, { consultEnd: new Date(now * 1000) });
    await publishTimer(ctx, tx, scope, 'consultOut', visit, now);
    return saved;
  });
}
