import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { creditsApi } from './credits.endpoints.ts';
import {
  CreditIdParams,
  CreditNoQuery,
  CreditNote,
  CreditNoteCreateBody,
  CreditNoteList,
  CreditNotesQuery,
  CreditNoteVoidBody,
  CreditTransactionItem,
  CreditTransactionsQuery,
  Deposit,
  DepositApplicationVoidBody,
  DepositApplicationVoided,
  DepositApplied,
  DepositApplyBody,
  DepositCreateBody,
  DepositList,
  DepositsQuery,
  DepositVoidBody,
} from './credits.ts';

/**
 * Deposits and credit notes, in the order they go: a deposit taken, read, applied to an
 * invoice and the application voided; credit notes issued, read and voided; the deposit
 * voided last (once nothing uses it).
 */
export const creditsSchemas = {
  depositCreate: { body: DepositCreateBody, answer: dataOf(Deposit), status: 201 },
  deposits: { query: DepositsQuery, answer: dataOf(DepositList) },
  deposit: { params: CreditIdParams, query: CreditNoQuery, answer: dataOf(Deposit) },
  depositApply: {
    params: CreditIdParams,
    body: DepositApplyBody,
    answer: dataOf(DepositApplied),
    status: 201,
  },
  depositApplicationVoid: {
    params: CreditIdParams,
    body: DepositApplicationVoidBody,
    answer: dataOf(DepositApplicationVoided),
  },
  creditNoteCreate: { body: CreditNoteCreateBody, answer: dataOf(CreditNote), status: 201 },
  creditNotes: { query: CreditNotesQuery, answer: dataOf(CreditNoteList) },
  creditNote: { params: CreditIdParams, query: CreditNoQuery, answer: dataOf(CreditNote) },
  creditTransactions: {
    query: CreditTransactionsQuery,
    answer: listOf(CreditTransactionItem),
  },
  creditNoteVoid: { params: CreditIdParams, body: CreditNoteVoidBody, answer: dataOf(CreditNote) },
  depositVoid: { params: CreditIdParams, body: DepositVoidBody, answer: dataOf(Deposit) },
} as const satisfies Record<string, RouteSchemas>;

export const creditsContract = joinContract(creditsApi, creditsSchemas);
