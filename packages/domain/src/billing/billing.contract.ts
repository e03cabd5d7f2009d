import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { billingApi } from './billing.endpoints.ts';
import {
  BillingIdParams,
  BillingNoQuery,
  Invoice,
  InvoicesQuery,
  InvoiceSummary,
  InvoiceUpdateBody,
  InvoiceVersionBody,
  InvoiceVoidBody,
  PaymentCreateBody,
  PaymentCreated,
  PaymentDispensed,
  PaymentList,
  PaymentMethodItem,
  PaymentsQuery,
  PaymentVersionBody,
  PaymentVoidBody,
  Payment,
  TaxOptionItem,
} from './billing.ts';

/**
 * Invoices of a visit and their payments (in the order a bill goes: drafted, read, edited,
 * finalised, paid, dispensed, voided), the clinic's tax options and payment methods.
 */
export const billingSchemas = {
  invoiceFromVisit: { params: BillingIdParams, answer: dataOf(Invoice), status: 201 },
  invoice: { params: BillingIdParams, query: BillingNoQuery, answer: dataOf(Invoice) },
  invoices: { query: InvoicesQuery, answer: listOf(InvoiceSummary) },
  invoiceUpdate: { params: BillingIdParams, body: InvoiceUpdateBody, answer: dataOf(Invoice) },
  invoiceFinalise: { params: BillingIdParams, body: InvoiceVersionBody, answer: dataOf(Invoice) },
  paymentCreate: {
    params: BillingIdParams,
    body: PaymentCreateBody,
    answer: dataOf(PaymentCreated),
    status: 201,
  },
  payments: { query: PaymentsQuery, answer: dataOf(PaymentList) },
  paymentDispense: {
    params: BillingIdParams,
    body: PaymentVersionBody,
    answer: dataOf(PaymentDispensed),
  },
  paymentVoid: { params: BillingIdParams, body: PaymentVoidBody, answer: dataOf(Payment) },
  invoiceVoid: { params: BillingIdParams, body: InvoiceVoidBody, answer: dataOf(Invoice) },
  taxOptions: { query: BillingNoQuery, answer: listOf(TaxOptionItem) },
  paymentMethods: { query: BillingNoQuery, answer: listOf(PaymentMethodItem) },
} as const satisfies Record<string, RouteSchemas>;

export const billingContract = joinContract(billingApi, billingSchemas);
