import {
  bodyMassIndex,
  bodySurfaceArea,
  readingProblems,
  refusalMessage,
  visitFactsProblems,
  withSmokingRule,
  type ConsultNoteRecord,
  type ConsultNoteSave,
  type PhysicalReading,
  type ReadingCreate,
  type ReadingUpdate,
  type VisitFactsCreate,
  type VisitFactsRecord,
  type VisitFactsUpdate,
  type VitalsProblem,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { AppError, conflict, fieldErrors, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { knownVisit, writableVisit, type WritableVisit } from '../visits/visits.service.ts';
import * as repo from './vitals.repo.ts';

function refuse<F extends string>(problems: VitalsProblem<F>[]): void {
  if (problems.length === 0) return;
  throw fieldErrors(
    problems.map(({ field, key }) => ({
      field,
      message: refusalMessage(`vitals.${key}`),
      code: `vitals.${key}` as const,
    })),
  );
}

/** The facts as stored: the smoking rule applied, checked, BMI derived. */
async function factsValues(
  tx: TenantTx,
  scope: BranchScope,
  body: VisitFactsCreate | VisitFactsUpdate,
): Promise<repo.FactsValues> {
  const facts = withSmokingRule(body);
  const { today } = await clinicContext(tx, scope.branchId);
  refuse(visitFactsProblems(facts, today));
  return {
    height: facts.height,
    weight: facts.weight,
    waist: facts.waist,
    bmi: bodyMassIndex(facts.height, facts.weight),
    weightNotFeasible: facts.weightNotFeasible,
    smokingStatus: facts.smokingStatus,
    yearStartedSmoking: facts.yearStartedSmoking,
    numberSticksPerDay: facts.numberSticksPerday,
    fagerstromTestScore: facts.fagerstromTestScore,
    stageOfChange: facts.stageOfChange,
    smokingAssessmentDate: facts.smokingAssessmentDate,
    smokingAssessmentRemark: facts.smokingAssessmentRemark,
  };
}

/** `GET /visit-facts/{visitId}`: null when the visit has none yet. */
export function visitFacts(scope: BranchScope, visitId: string): Promise<VisitFactsRecord | null> {
  return scope.run(async (tx) => {
    await knownVisit(tx, visitId);
    return repo.visitFacts(tx, visitId);
  });
}

/** `POST /visit-facts/{visitId}`: the first facts; 409 when the visit has them already. */
export function createVisitFacts(
  scope: BranchScope,
  visitId: string,
  body: VisitFactsCreate,
): Promise<VisitFactsRecord> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, visitId, {
      patient: { id: body.patientID, field: 'patientID', code: 'vitals.patientMismatch' },
    });
    const values = await factsValues(tx, scope, body);
    const created = await repo.insertFacts(tx, visit, scope.userId, values);
    if (!created) throw new AppError(409, 'vitals.factsExist', refusalMessage('vitals.factsExist'));
    return created;
  });
}

/** `PUT /visit-facts/{visitId}` with the version read: 409 when someone saved meanwhile. */
export function updateVisitFacts(
  scope: BranchScope,
  visitId: string,
  body: VisitFactsUpdate,
): Promise<VisitFactsRecord> {
  return scope.run(async (tx) => {
    await writableVisit(tx, scope, visitId);
    const values = await factsValues(tx, scope, body);
    const updated = await repo.updateFacts(tx, visitId, body.version, scope.userId, values);
    if (updated) return updated;
    if (!(await repo.visitFacts(tx, visitId))) throw notFound('vitals.factsMissing');
    throw conflict();
  });
}

/** The reading as stored: checked, BMI and BSA derived (height in cm). */
function readingValues(body: ReadingCreate | ReadingUpdate): repo.ReadingValues {
  refuse(readingProblems(body, Math.floor(Date.now() / 1000)));
  const heightM = body.height === null ? null : body.height / 100;
  return {
    readingTime: new Date(body.readingTime * 1000),
    systolic: body.systolic,
    diastolic: body.diastolic,
    pulse: body.pulse,
    glucose: body.glucose,
    temperature: body.temperature,
    height: body.height,
    weight: body.weight,
    bsa: bodySurfaceArea(body.height, body.weight),
    bmi: bodyMassIndex(heightM, body.weight),
  };
}

/** `GET /physical-readings/{visitId}`: the visit's readings, oldest first. */
export function visitReadings(scope: BranchScope, visitId: string): Promise<PhysicalReading[]> {
  return scope.run(async (tx) => {
    await knownVisit(tx, visitId);
    return repo.visitReadings(tx, visitId);
  });
}

export function createReading(
  scope: BranchScope,
  visitId: string,
  body: ReadingCreate,
): Promise<PhysicalReading> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, visitId);
    return repo.insertReading(tx, visit, scope.userId, readingValues(body));
  });
}

async function readingVisit(
  tx: TenantTx,
  scope: BranchScope,
  readingId: string,
): Promise<WritableVisit> {
  const visitId = await repo.readingVisitId(tx, readingId);
  if (!visitId) throw notFound('vitals.readingNotFound');
  return writableVisit(tx, scope, visitId);
}

export function updateReading(
  scope: BranchScope,
  readingId: string,
  body: ReadingUpdate,
): Promise<PhysicalReading> {
  return scope.run(async (tx) => {
    await readingVisit(tx, scope, readingId);
    const values = readingValues(body);
    const updated = await repo.updateReading(tx, readingId, body.version, scope.userId, values);
    if (!updated) throw conflict();
    return updated;
  });
}

export function deleteReading(
  scope: BranchScope,
  readingId: string,
  version: number,
): Promise<{ id: string; visitId: string }> {
  return scope.run(async (tx) => {
    const visit = await readingVisit(tx, scope, readingId);
    if (!(await repo.deleteReading(tx, readingId, version))) throw conflict();
    return { id: readingId, visitId: visit.id };
  });
}

const NO_NOTE = { history: null, examination: null, plan: null, freeText: null };

/** `GET /visits/{visitId}/note`: the note, or an empty one of version 0 before the first save. */
export function consultNote(scope: BranchScope, visitId: string): Promise<ConsultNoteRecord> {
  return scope.run(async (tx) => {
    await knownVisit(tx, visitId);
    return (
      (await repo.consultNote(tx, visitId)) ?? {
        visitId,
        ...NO_NOTE,
        version: 0,
        updatedAt: null,
        updatedByName: null,
      }
    );
  });
}

/**
 * `PUT /visits/{visitId}/note`: version 0 (or null) creates the note, any other is the
 * version read; 409 when someone saved first (a create that finds a note is stale too).
 */
export function saveConsultNote(
  scope: BranchScope,
  visitId: string,
  body: ConsultNoteSave,
): Promise<ConsultNoteRecord> {
  return scope.run(async (tx) => {
    const visit = await writableVisit(tx, scope, visitId);
    const version = body.version === 0 ? null : body.version;
    const values = {
      history: body.history,
      examination: body.examination,
      plan: body.plan,
      freeText: body.freeText,
    };
    if (!(await repo.saveConsultNote(tx, visit, version, scope.userId, values))) throw conflict();
    const saved = await repo.consultNote(tx, visitId);
    if (!saved) throw conflict();
    return saved;
  });
}
