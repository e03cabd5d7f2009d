import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { mcApi } from './mc.endpoints.ts';
import {
  McCreateBody,
  McDeleteBody,
  McIdParams,
  McListQuery,
  McRecord,
  McReport,
  McReportQuery,
  McUpdateBody,
} from './mc.ts';

/** Medical certificates of a visit (doc 2 section 7; doc 3 sections 7.1 and 7.4). */
export const mcSchemas = {
  list: { query: McListQuery, answer: listOf(McRecord) },
  get: { params: McIdParams, answer: dataOf(McRecord) },
  create: { body: McCreateBody, answer: dataOf(McRecord), status: 201 },
  update: { params: McIdParams, body: McUpdateBody, answer: dataOf(McRecord) },
  /** Answers the certificate as it was deleted. */
  remove: { params: McIdParams, body: McDeleteBody, answer: dataOf(McRecord) },
  report: { query: McReportQuery, answer: dataOf(McReport) },
} as const satisfies Record<string, RouteSchemas>;

export const mcContract = joinContract(mcApi, mcSchemas);
