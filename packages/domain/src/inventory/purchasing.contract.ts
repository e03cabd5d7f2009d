import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { purchasingApi } from './purchasing.endpoints.ts';
import {
  NoPurchaseQuery,
  Purchase,
  PurchaseConfirmBody,
  PurchaseCreateBody,
  PurchaseIdParams,
  PurchaseReceiptAnswer,
  PurchaseReceiptBody,
  PurchasesQuery,
  PurchaseSummary,
  PurchaseUpdateBody,
  PurchaseVoidBody,
  ReceivedNote,
  ReceivedQuery,
  ReceivedSummary,
  Vendor,
  VendorsQuery,
} from './purchasing.ts';

/** Purchase orders of a branch, their goods received notes, and the clinic's vendors. */
export const purchasingSchemas = {
  purchases: { query: PurchasesQuery, answer: listOf(PurchaseSummary) },
  purchase: { params: PurchaseIdParams, query: NoPurchaseQuery, answer: dataOf(Purchase) },
  purchaseCreate: { body: PurchaseCreateBody, answer: dataOf(Purchase), status: 201 },
  purchaseUpdate: { params: PurchaseIdParams, body: PurchaseUpdateBody, answer: dataOf(Purchase) },
  purchaseConfirm: {
    params: PurchaseIdParams,
    body: PurchaseConfirmBody,
    answer: dataOf(Purchase),
  },
  purchaseVoid: { params: PurchaseIdParams, body: PurchaseVoidBody, answer: dataOf(Purchase) },
  purchaseReceive: {
    params: PurchaseIdParams,
    body: PurchaseReceiptBody,
    answer: dataOf(PurchaseReceiptAnswer),
    status: 201,
  },
  receivedList: { query: ReceivedQuery, answer: listOf(ReceivedSummary) },
  received: { params: PurchaseIdParams, query: NoPurchaseQuery, answer: dataOf(ReceivedNote) },
  vendor: { params: PurchaseIdParams, query: NoPurchaseQuery, answer: dataOf(Vendor) },
  vendors: { query: VendorsQuery, answer: listOf(Vendor) },
} as const satisfies Record<string, RouteSchemas>;

export const purchasingContract = joinContract(purchasingApi, purchasingSchemas);
