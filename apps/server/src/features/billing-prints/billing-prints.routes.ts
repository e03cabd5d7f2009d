import { printingContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { fromParams, fromQuery, onPatient } from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import {
  creditNotePrint,
  invoicePrint,
  receiptPrint,
  statementPrint,
} from './billing-prints.service.ts';

/**
 * Print data of the billing documents (doc 3 section 7.1). Printing an invoice, its tax
 * invoice, quotation or statement is `invoices:print`; the receipt is `payments:print`
 * (front desk and finance hold both); a credit note prints with `invoices:read`, as it is
 * read (the desk shows and prints the patient's notes). Each is a read of the patient's bills, audited.
 */
const invoiceAccess = (permission: Permission) =>
  ({ module: 'clinic.invoice', branch: 'required', permission }) as const;

export function billingPrintsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(printingContract.invoicePrint, 'billing-prints'),
      config: {
        access: invoiceAccess('invoices:print'),
        audit: {
          action: 'read',
          entity: 'invoice',
          id: fromParams('id'),
          detail: { record: 'print' },
        },
      },
      handler: async (request) => ({
        data: await invoicePrint(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(printingContract.receiptPrint, 'billing-prints'),
      config: {
        access: { module: 'clinic.payment', branch: 'required', permission: 'payments:print' },
        audit: {
          action: 'read',
          entity: 'invoice',
          id: fromQuery('id'),
          detail: { record: 'receipt' },
        },
      },
      handler: async (request) => ({
        data: await receiptPrint(branchScope(ctx.db, request), request.query.id),
      }),
    });

    app.route({
      ...routeOf(printingContract.statementPrint, 'billing-prints'),
      config: {
        access: invoiceAccess('invoices:print'),
        audit: onPatient('read', fromQuery('patientId'), { record: 'statement' }),
      },
      handler: async (request) => ({
        data: await statementPrint(branchScope(ctx.db, request), request.query.patientId),
      }),
    });

    app.route({
      ...routeOf(printingContract.creditNotePrint, 'billing-prints'),
      config: {
        access: invoiceAccess('invoices:read'),
        audit: {
          action: 'read',
          entity: 'creditNote',
          id: fromParams('id'),
          detail: { record: 'print' },
        },
      },
      handler: async (request) => ({
        data: await creditNotePrint(branchScope(ctx.db, request), request.params.id),
      }),
    });
  };
}
