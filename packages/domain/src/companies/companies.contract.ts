import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { companiesApi } from './companies.endpoints.ts';
import {
  CompanyCreateBody,
  CompanyIdParams,
  CompanyNoQuery,
  CompanyRecord,
  CompanyUpdateBody,
} from './companies.ts';

/** One company (the bill-to block), every company (settings), and their changes. */
export const companiesSchemas = {
  company: { params: CompanyIdParams, query: CompanyNoQuery, answer: dataOf(CompanyRecord) },
  companies: { query: CompanyNoQuery, answer: listOf(CompanyRecord) },
  companyCreate: { body: CompanyCreateBody, answer: dataOf(CompanyRecord), status: 201 },
  companyUpdate: {
    params: CompanyIdParams,
    body: CompanyUpdateBody,
    answer: dataOf(CompanyRecord),
  },
} as const satisfies Record<string, RouteSchemas>;

export const companiesContract = joinContract(companiesApi, companiesSchemas);
