import {
  filterWords,
  type DiagnosisCreateBody,
  type DiagnosisRecord,
  type SnomedTerm,
} from '@clinic/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantTx } from '../../db/tenant-db.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import * as repo from './diagnoses.repo.ts';

/** The SNOMED CT search: global reference data, read outside any clinic's rows. */
export function searchSnomed(db: Kysely<DB>, filter: string): Promise<SnomedTerm[]> {
  return repo.searchSnomed(db, filterWords(filter));
}

/** The visit a diagnosis is written in: known, of the patient, not deleted, of this branch. */
async function writableVisit(
  tx: TenantTx,
  scope: BranchScope,
  visitId: string,
  patientId?: string,
) {
  const visit = await repo.visitFacts(tx, visitId);
  if (!visit) throw fieldError('visitId', 'diagnosis.visitNotFound');
  if (patientId !== undefined && visit.patientId !== patientId)
    throw fieldError('patientId', 'diagnosis.visitOfAnotherPatient');
  if (visit.branchId !== scope.branchId) throw forbidden('diagnosis.anotherBranch');
  if (visit.voided) throw badRequest('diagnosis.visitVoided');
  return visit;
}

export function addDiagnosis(
  scope: BranchScope,
  body: DiagnosisCreateBody,
): Promise<DiagnosisRecord> {
  return scope.run(async (tx) => {
    await writableVisit(tx, scope, body.visitId, body.patientId);
    const code = body.model.id;
    const term = await repo.conceptTerm(tx, code);
    if (term === undefined) throw fieldError('model.id', 'diagnosis.codeUnknown');
    const added = await repo.insertDiagnosis(tx, {
      visitId: body.visitId,
      patientId: body.patientId,
      code,
      // The name the doctor picked when it is one of the concept's terms, else its best term.
      description: body.model.name?.trim() ? body.model.name.trim() : term,
      remark: body.model.remark,
      createdBy: scope.userId,
    });
    if (!added) throw fieldError('model.id', 'diagnosis.alreadyInList');
    return added;
  });
}

export function removeDiagnosis(
  scope: BranchScope,
  id: string,
  version: number,
): Promise<DiagnosisRecord> {
  return scope.run(async (tx) => {
    const diagnosis = await repo.findDiagnosis(tx, id);
    if (!diagnosis) throw notFound('diagnosis.notFound');
    if (diagnosis.branchId !== scope.branchId) throw forbidden('diagnosis.anotherBranch');
    if (diagnosis.isVoided) throw badRequest('diagnosis.alreadyVoided');
    const removed = await repo.voidDiagnosis(tx, id, version, scope.userId);
    if (!removed) throw conflict();
    return removed;
  });
}

/** The RF2 loader (`npm run snomed:load`), on the schema owner's connection. */
export { loadRf2Descriptions, type Rf2Result } from './snomed-rf2.repo.ts';
