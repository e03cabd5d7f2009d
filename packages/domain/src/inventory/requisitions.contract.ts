import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { requisitionsApi } from './requisitions.endpoints.ts';
import {
  BranchRef,
  NoRequisitionQuery,
  Requisition,
  RequisitionCreateBody,
  RequisitionIdParams,
  RequisitionRefuseBody,
  RequisitionsQuery,
  RequisitionVersionBody,
} from './requisitions.ts';

/** Stock one branch asks of another branch of the clinic: ask, issue, refuse, cancel. */
export const requisitionsSchemas = {
  list: { query: RequisitionsQuery, answer: listOf(Requisition) },
  branches: { query: NoRequisitionQuery, answer: listOf(BranchRef) },
  create: { body: RequisitionCreateBody, answer: dataOf(Requisition), status: 201 },
  one: { params: RequisitionIdParams, query: NoRequisitionQuery, answer: dataOf(Requisition) },
  issue: { params: RequisitionIdParams, body: RequisitionVersionBody, answer: dataOf(Requisition) },
  refuse: { params: RequisitionIdParams, body: RequisitionRefuseBody, answer: dataOf(Requisition) },
  cancel: {
    params: RequisitionIdParams,
    body: RequisitionVersionBody,
    answer: dataOf(Requisition),
  },
} as const satisfies Record<string, RouteSchemas>;

export const requisitionsContract = joinContract(requisitionsApi, requisitionsSchemas);
