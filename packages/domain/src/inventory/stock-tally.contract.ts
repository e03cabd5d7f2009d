import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { stockTallyApi } from './stock-tally.endpoints.ts';
import {
  NoTallyQuery,
  TalliesQuery,
  TallyCancelBody,
  TallyCreateBody,
  TallyFinaliseBody,
  TallyHistory,
  TallyIdParams,
  TallySaveBody,
  TallySheet,
  TallySummary,
} from './stock-tally.ts';

/** Count sheets of the caller's branch, their counts, finalisation and variances. */
export const stockTallySchemas = {
  list: { query: TalliesQuery, answer: listOf(TallySummary) },
  open: { body: TallyCreateBody, answer: dataOf(TallySheet), status: 201 },
  sheet: { params: TallyIdParams, query: NoTallyQuery, answer: dataOf(TallySheet) },
  save: { params: TallyIdParams, body: TallySaveBody, answer: dataOf(TallySheet) },
  finalise: { params: TallyIdParams, body: TallyFinaliseBody, answer: dataOf(TallySheet) },
  cancel: { params: TallyIdParams, body: TallyCancelBody, answer: dataOf(TallySheet) },
  itemHistory: { params: TallyIdParams, query: NoTallyQuery, answer: dataOf(TallyHistory) },
} as const satisfies Record<string, RouteSchemas>;

export const stockTallyContract = joinContract(stockTallyApi, stockTallySchemas);
