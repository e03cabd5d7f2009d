import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { patientsApi } from './patients.endpoints.ts';
import { PatientCardNoPatchBody, PatientNricPatchBody } from './patient-changes.ts';
import { PatientCreateBody, PatientCreateResult } from './patient-create.ts';
import {
  PatientHeaderInfo,
  PatientHeaderParams,
  VaccinationCount,
  VaccinationCountQuery,
} from './patient-header.ts';
import { PatientIdParams, PatientProfile } from './patient-profile.ts';
import { PatientOptionQuery, PatientPickerOption } from './patient-search.ts';

/** Patients as the front desk registers and finds them (doc 1 section 7 'Patients and pickers'). */
export const patientsSchemas = {
  create: { body: PatientCreateBody, answer: dataOf(PatientCreateResult), status: 201 },
  search: { query: PatientOptionQuery, answer: listOf(PatientPickerOption) },
  profile: { params: PatientIdParams, answer: dataOf(PatientProfile) },
  headerInfo: { params: PatientHeaderParams, answer: dataOf(PatientHeaderInfo) },
  vaccinationCount: { query: VaccinationCountQuery, answer: dataOf(VaccinationCount) },
  changeNric: {
    params: PatientIdParams,
    body: PatientNricPatchBody,
    answer: dataOf(z.object({ id: z.uuid(), nric: z.string().nullable() })),
  },
  changeCardNo: {
    params: PatientIdParams,
    body: PatientCardNoPatchBody,
    answer: dataOf(z.object({ id: z.uuid(), cardNo: z.string() })),
  },
} as const satisfies Record<string, RouteSchemas>;

export const patientsContract = joinContract(patientsApi, patientsSchemas);
