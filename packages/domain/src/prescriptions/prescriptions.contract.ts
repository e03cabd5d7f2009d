import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { prescriptionsApi } from './prescriptions.endpoints.ts';
import {
  MedicationItem,
  PrescriptionCreateBody,
  PrescriptionDeleteBody,
  PrescriptionIdParams,
  PrescriptionLineRecord,
  PrescriptionNoQuery,
  PrescriptionRepeatBody,
  PrescriptionUpdateBody,
  PrescriptionVisitParams,
  VisitPrescription,
} from './prescribing.ts';

/** A visit's prescription lines: the editor's calls and the referral's medication list. */
export const prescriptionsSchemas = {
  medication: {
    params: PrescriptionVisitParams,
    query: PrescriptionNoQuery,
    answer: listOf(MedicationItem),
  },
  lines: {
    params: PrescriptionVisitParams,
    query: PrescriptionNoQuery,
    answer: dataOf(VisitPrescription),
  },
  create: {
    params: PrescriptionVisitParams,
    body: PrescriptionCreateBody,
    answer: dataOf(VisitPrescription),
    status: 201,
  },
  repeatLast: {
    params: PrescriptionVisitParams,
    body: PrescriptionRepeatBody,
    answer: dataOf(VisitPrescription),
    status: 201,
  },
  detail: {
    params: PrescriptionIdParams,
    query: PrescriptionNoQuery,
    answer: dataOf(PrescriptionLineRecord),
  },
  update: {
    params: PrescriptionIdParams,
    body: PrescriptionUpdateBody,
    answer: dataOf(PrescriptionLineRecord),
  },
  remove: {
    params: PrescriptionIdParams,
    body: PrescriptionDeleteBody,
    answer: dataOf(PrescriptionLineRecord),
  },
} as const satisfies Record<string, RouteSchemas>;

export const prescriptionsContract = joinContract(prescriptionsApi, prescriptionsSchemas);
