import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf } from '../common/envelope.ts';
import { reportsApi } from './reports.endpoints.ts';
import {
  PatientLabelData,
  PatientLabelQuery,
  ReportHeader,
  ReportHeaderQuery,
  ReportLogoParams,
} from './reports.ts';

/** Print data (doc 3 section 7.1): the report header, the branch logo, the patient label. */
export const reportsSchemas = {
  header: { query: ReportHeaderQuery, answer: dataOf(ReportHeader) },
  /** Answers the image's bytes with its content type (no JSON envelope). */
  logo: { params: ReportLogoParams },
  patientLabel: { query: PatientLabelQuery, answer: dataOf(PatientLabelData) },
} as const satisfies Record<string, RouteSchemas>;

export const reportsContract = joinContract(reportsApi, reportsSchemas);
