import type {
  DiagnosisRecord,
  PrescriptionRecord,
  VisitListQuery,
  VisitSummary,
} from '@clinic/domain';
import type { BranchScope } from '../../platform/scope.ts';
import * as repo from './visits.repo.ts';

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
