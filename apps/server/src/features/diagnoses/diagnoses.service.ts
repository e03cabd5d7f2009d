import {
  filterWords,
  type DiagnosisCreateBody,
  type DiagnosisRecord,
  type SnomedTerm,
} from '@clinic/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { writableVisit } from '../visits/visits.service.ts';
import * as repo from './diagnoses.repo.ts';

/** The SNOMED CT search: global reference data, read outside any clinic's rows. */
export function searchSnomed(db: Kysely<DB>, filter: string): Promise<SnomedTerm[]> {
  return repo.searchSnomed(db, filterWords(filter));
}

export function addDiagnosis(
  scope: BranchScope,
  body: DiagnosisCreateBody,
): Promise<DiagnosisRecord> {
  return scope.run(async (tx) => {
    await writableVisit(tx, scope, body.visitId, {
      field: 'visitId',
      patient: { id: body.patientId, field: 'patientId', code: 'diagnosis.visitOfAnotherPatient' },
    });
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
    await writableVisit(tx, scope, diagnosis.visitId);
    if (diagnosis.isVoided) throw badRequest('diagnosis.alreadyVoided');
    const removed = await repo.voidDiagnosis(tx, id, version, scope.userId);
    if (!removed) throw conflict();
    return removed;
  });
}

/** The RF2 loader (`npm run snomed:load`), on the schema owner's connection. */
export { loadRf2Descriptions, type Rf2Result } from './snomed-rf2.repo.ts';
