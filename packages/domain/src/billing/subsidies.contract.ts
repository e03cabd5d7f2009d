import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { subsidiesApi } from './subsidies.endpoints.ts';
import {
  ChasAnswer,
  ChasParams,
  PatientSubsidy,
  PatientSubsidyBody,
  PatientSubsidyParams,
  SubsidyNoQuery,
  SubsidyTierItem,
  SubsidyTierParams,
  SubsidyTierUpdateBody,
} from './subsidy-schemes.ts';

/** A patient's scheme tier (CHAS, Healthier SG) and the clinic's tiers (settings). */
export const subsidiesSchemas = {
  chas: { params: ChasParams, query: SubsidyNoQuery, answer: dataOf(ChasAnswer) },
  patientSubsidy: {
    params: PatientSubsidyParams,
    query: SubsidyNoQuery,
    answer: dataOf(PatientSubsidy),
  },
  patientSubsidySet: {
    params: PatientSubsidyParams,
    body: PatientSubsidyBody,
    answer: dataOf(PatientSubsidy),
  },
  tiers: { query: SubsidyNoQuery, answer: listOf(SubsidyTierItem) },
  tierUpdate: {
    params: SubsidyTierParams,
    body: SubsidyTierUpdateBody,
    answer: dataOf(SubsidyTierItem),
  },
} as const satisfies Record<string, RouteSchemas>;

export const subsidiesContract = joinContract(subsidiesApi, subsidiesSchemas);
