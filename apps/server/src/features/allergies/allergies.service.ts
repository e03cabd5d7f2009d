import {
  allergenOf,
  type AllergiesAndAlert,
  type AllergyCreateBody,
  type AllergyRecord,
} from '@clinic/domain';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { writableVisit } from '../visits/visits.service.ts';
import * as repo from './allergies.repo.ts';

export function patientAllergies(scope: BranchScope, patientId: string): Promise<AllergyRecord[]> {
  return scope.run((tx) => repo.patientAllergies(tx, patientId));
}

/** The header's badges: the allergies and the patient's alert message. */
export function allergiesAndAlert(
  scope: BranchScope,
  patientId: string,
): Promise<AllergiesAndAlert> {
  return scope.run(async (tx) => {
    const answer = await repo.allergiesAndAlert(tx, patientId);
    if (!answer) throw notFound('patient.notFound');
    return answer;
  });
}

export function addAllergy(scope: BranchScope, body: AllergyCreateBody): Promise<AllergyRecord> {
  return scope.run(async (tx) => {
    if (!(await repo.patientExists(tx, body.patientID))) throw notFound('patient.notFound');
    const visitId = body.visitID ?? null;
    if (visitId !== null) {
      await writableVisit(tx, scope, visitId, {
        field: 'visitID',
        patient: { id: body.patientID, field: 'visitID', code: 'allergy.visitOfAnotherPatient' },
        voidedAllowed: true,
      });
    }
    const allergen = allergenOf(body.allergyDrugID);
    if (!allergen) throw fieldError('allergyDrugID', 'allergy.allergenUnknown');
    if (allergen.type !== body.allergyType)
      throw fieldError('allergyDrugID', 'allergy.allergenOfOtherType');
    const { today } = await clinicContext(tx, scope.branchId);
    if (body.onsetDate > today) throw fieldError('onsetDate', 'allergy.onsetDateFuture');
    const id = await repo.insertAllergy(tx, {
      patientId: body.patientID,
      visitId,
      branchId: scope.branchId,
      allergyType: body.allergyType,
      allergenId: allergen.id,
      allergenCode: allergen.code,
      allergenName: allergen.name,
      reaction: body.allergyReaction,
      remark: body.allergyRemark,
      onsetDate: body.onsetDate,
      createdBy: scope.userId,
    });
    if (id === undefined) throw fieldError('allergyDrugID', 'allergy.alreadyRecorded');
    const added = await repo.findAllergy(tx, id);
    if (!added) throw notFound('allergy.notFound');
    return added;
  });
}

/**
 * Removes (voids) an allergy with the version read. Allergies are the patient's, not a
 * visit's: any branch of the clinic may correct them (the role decides).
 */
export function removeAllergy(
  scope: BranchScope,
  id: string,
  version: number,
): Promise<AllergyRecord> {
  return scope.run(async (tx) => {
    const allergy = await repo.findAllergy(tx, id);
    if (!allergy) throw notFound('allergy.notFound');
    if (allergy.isVoided) throw badRequest('allergy.alreadyVoided');
    if (!(await repo.voidAllergy(tx, id, version, scope.userId))) throw conflict();
    const removed = await repo.findAllergy(tx, id);
    if (!removed) throw notFound('allergy.notFound');
    return removed;
  });
}
