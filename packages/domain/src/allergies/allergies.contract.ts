import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { allergiesApi } from './allergies.endpoints.ts';
import {
  AllergenOption,
  AllergenOptionsQuery,
  AllergiesAndAlert,
  AllergyCreateBody,
  AllergyDeleteBody,
  AllergyIdParams,
  AllergyListQuery,
  AllergyRecord,
  NoQuery,
  AllergyPatientParams,
  ReactionOption,
} from './allergies.ts';

/** A patient's allergies, the allergen and reaction lists, and the header's badges. */
export const allergiesSchemas = {
  list: { query: AllergyListQuery, answer: listOf(AllergyRecord) },
  create: { body: AllergyCreateBody, answer: dataOf(AllergyRecord), status: 201 },
  remove: { params: AllergyIdParams, body: AllergyDeleteBody, answer: dataOf(AllergyRecord) },
  options: { query: AllergenOptionsQuery, answer: listOf(AllergenOption) },
  reactions: { query: NoQuery, answer: listOf(ReactionOption) },
  badges: { params: AllergyPatientParams, answer: dataOf(AllergiesAndAlert) },
} as const satisfies Record<string, RouteSchemas>;

export const allergiesContract = joinContract(allergiesApi, allergiesSchemas);
