import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf } from '../common/envelope.ts';
import { dispensingApi } from './dispensing.endpoints.ts';
import {
  DispenseLinesBody,
  DispenseResult,
  DispensingNoQuery,
  DispensingVisitParams,
  MedicationLabelQuery,
  MedicationLabels,
  VisitDispensing,
} from './dispensing.ts';

/** A visit's prescription as the desk dispenses it, and its medication labels. */
export const dispensingSchemas = {
  visit: {
    params: DispensingVisitParams,
    query: DispensingNoQuery,
    answer: dataOf(VisitDispensing),
  },
  dispense: {
    params: DispensingVisitParams,
    body: DispenseLinesBody,
    answer: dataOf(DispenseResult),
    status: 201,
  },
  labels: { query: MedicationLabelQuery, answer: dataOf(MedicationLabels) },
} as const satisfies Record<string, RouteSchemas>;

export const dispensingContract = joinContract(dispensingApi, dispensingSchemas);
