import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { visitsApi } from './visits.endpoints.ts';
import {
  ConsultTimeBody,
  ConsultTimes,
  DiagnosisListQuery,
  DiagnosisRecord,
  PrescriptionRecord,
  VisitDetail,
  VisitIdParams,
  VisitListQuery,
  VisitSummary,
  VisitVersionBody,
} from './visits.ts';

/** A patient's visits and what was recorded in them. */
export const visitsSchemas = {
  list: { query: VisitListQuery, answer: listOf(VisitSummary) },
  diagnoses: { query: DiagnosisListQuery, answer: listOf(DiagnosisRecord) },
  prescriptions: { params: VisitIdParams, answer: listOf(PrescriptionRecord) },
  detail: { params: VisitIdParams, answer: dataOf(VisitDetail) },
  consultTime: { params: VisitIdParams, body: ConsultTimeBody, answer: dataOf(ConsultTimes) },
  consultIn: { params: VisitIdParams, body: VisitVersionBody, answer: dataOf(ConsultTimes) },
  consultOut: { params: VisitIdParams, body: VisitVersionBody, answer: dataOf(ConsultTimes) },
} as const satisfies Record<string, RouteSchemas>;

export const visitsContract = joinContract(visitsApi, visitsSchemas);
