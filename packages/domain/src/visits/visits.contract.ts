import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { listOf } from '../common/envelope.ts';
import { visitsApi } from './visits.endpoints.ts';
import {
  DiagnosisListQuery,
  DiagnosisRecord,
  PrescriptionRecord,
  VisitIdParams,
  VisitListQuery,
  VisitSummary,
} from './visits.ts';

/** A patient's visits and what was recorded in them. */
export const visitsSchemas = {
  list: { query: VisitListQuery, answer: listOf(VisitSummary) },
  diagnoses: { query: DiagnosisListQuery, answer: listOf(DiagnosisRecord) },
  prescriptions: { params: VisitIdParams, answer: listOf(PrescriptionRecord) },
} as const satisfies Record<string, RouteSchemas>;

export const visitsContract = joinContract(visitsApi, visitsSchemas);
