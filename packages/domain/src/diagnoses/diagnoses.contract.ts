import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { diagnosesApi } from './diagnoses.endpoints.ts';
import {
  DiagnosisCreateBody,
  DiagnosisDeleteBody,
  DiagnosisIdParams,
  DiagnosisRecord,
  SnomedSearchQuery,
  SnomedTerm,
} from './diagnoses.ts';

/** Coded diagnoses of a visit and the SNOMED CT search. `GET /diagnosis` is the visits'. */
export const diagnosesSchemas = {
  snomed: { query: SnomedSearchQuery, answer: listOf(SnomedTerm) },
  create: { body: DiagnosisCreateBody, answer: dataOf(DiagnosisRecord), status: 201 },
  remove: { params: DiagnosisIdParams, body: DiagnosisDeleteBody, answer: dataOf(DiagnosisRecord) },
} as const satisfies Record<string, RouteSchemas>;

export const diagnosesContract = joinContract(diagnosesApi, diagnosesSchemas);
