import {
  billingSearchContract,
  EXPORT_FILE_NAMES,
  XLSX_CONTENT_TYPE,
  type Permission,
} from '@clinic/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import type { AuditSearchRule } from '../../platform/audit.ts';
import { fromQuery, onPatient } from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as search from './billing-search.service.ts';
import { CREDIT_NOTE_COLUMNS, INVOICE_COLUMNS, MC_COLUMNS, PAYMENT_COLUMNS } from './exports.ts';
import { workbookStream, type SheetColumn } from './workbook.ts';

/**
 * The branch's bills and certificates found by filters (read only), and their xlsx exports.
 * Each search is audited as a read of every patient its answer names (one row each, in the
 * search's transaction); an export names every row it writes. Invoices need
 * `invoices:read` (the export `invoices:export`), credit notes the same (they are the
 * invoice module's, as the credit-notes feature declares them), payments `payments:read` (`payments:export`),
 * certificates `medicalCertificates:read` (the export `medicalCertificates:print`: the
 * resource has no export action, and a file of them is a print).
 */
const invoiceAccess = (permission: Permission) =>
  ({ module: 'clinic.invoice', branch: 'required', permission }) as const;
const paymentAccess = (permission: Permission) =>
  ({ module: 'clinic.payment', branch: 'required', permission }) as const;
const mcAccess = (permission: Permission) =>
  ({ module: 'clinic.patient', branch: 'required', permission }) as const;

const searched = (record: string): AuditSearchRule => ({
  action: 'read',
  entity: 'patient',
  patientsIn: { from: 'answer', field: 'items' },
  detail: { record },
});

function sendWorkbook<T>(
  reply: FastifyReply,
  fileName: string,
  columns: ReadonlyArray<SheetColumn<T>>,
  rows: readonly T[],
) {
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(workbookStream(fileName.replace(/\.xlsx$/, ''), columns, rows));
}

export function billingSearchRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(billingSearchContract.invoices, 'billing-search'),
      config: { access: invoiceAccess('invoices:read'), audit: searched('invoiceSearch') },
      handler: async (request) => {
        const { pageIndex, pageSize, ...filters } = request.query;
        return {
          data: await search.searchInvoices(branchScope(ctx.db, request), filters, {
            pageIndex,
            pageSize,
          }),
        };
      },
    });

    app.route({
      ...routeOf(billingSearchContract.invoicesExport, 'billing-search'),
      config: { access: invoiceAccess('invoices:export'), audit: searched('invoiceExport') },
      handler: async (request, reply) => {
        const found = await search.searchInvoices(
          branchScope(ctx.db, request),
          request.query,
          'export',
        );
        return sendWorkbook(reply, EXPORT_FILE_NAMES.invoices, INVOICE_COLUMNS, found.items);
      },
    });

    app.route({
      ...routeOf(billingSearchContract.payments, 'billing-search'),
      config: { access: paymentAccess('payments:read'), audit: searched('paymentSearch') },
      handler: async (request) => {
        const { pageIndex, pageSize, ...filters } = request.query;
        return {
          data: await search.searchPayments(branchScope(ctx.db, request), filters, {
            pageIndex,
            pageSize,
          }),
        };
      },
    });

    app.route({
      ...routeOf(billingSearchContract.paymentsExport, 'billing-search'),
      config: { access: paymentAccess('payments:export'), audit: searched('paymentExport') },
      handler: async (request, reply) => {
        const found = await search.searchPayments(
          branchScope(ctx.db, request),
          request.query,
          'export',
        );
        return sendWorkbook(reply, EXPORT_FILE_NAMES.payments, PAYMENT_COLUMNS, found.items);
      },
    });

    app.route({
      ...routeOf(billingSearchContract.creditNotes, 'billing-search'),
      config: { access: invoiceAccess('invoices:read'), audit: searched('creditNoteSearch') },
      handler: async (request) => {
        const { pageIndex, pageSize, ...filters } = request.query;
        return {
          data: await search.searchCreditNotes(branchScope(ctx.db, request), filters, {
            pageIndex,
            pageSize,
          }),
        };
      },
    });

    app.route({
      ...routeOf(billingSearchContract.creditNotesExport, 'billing-search'),
      config: { access: invoiceAccess('invoices:export'), audit: searched('creditNoteExport') },
      handler: async (request, reply) => {
        const found = await search.searchCreditNotes(
          branchScope(ctx.db, request),
          request.query,
          'export',
        );
        return sendWorkbook(reply, EXPORT_FILE_NAMES.creditNotes, CREDIT_NOTE_COLUMNS, found.items);
      },
    });

    app.route({
      ...routeOf(billingSearchContract.medicalCertificates, 'billing-search'),
      config: {
        access: mcAccess('medicalCertificates:read'),
        audit: searched('medicalCertificateSearch'),
      },
      handler: async (request) => {
        const { pageIndex, pageSize, ...filters } = request.query;
        return {
          data: await search.searchMcs(branchScope(ctx.db, request), filters, {
            pageIndex,
            pageSize,
          }),
        };
      },
    });

    app.route({
      ...routeOf(billingSearchContract.medicalCertificatesExport, 'billing-search'),
      config: {
        access: mcAccess('medicalCertificates:print'),
        audit: searched('medicalCertificateExport'),
      },
      handler: async (request, reply) => {
        const found = await search.searchMcs(branchScope(ctx.db, request), request.query, 'export');
        return sendWorkbook(reply, EXPORT_FILE_NAMES.medicalCertificates, MC_COLUMNS, found.items);
      },
    });

    app.route({
      ...routeOf(billingSearchContract.unbilledVisits, 'billing-search'),
      config: {
        access: invoiceAccess('invoices:read'),
        audit: onPatient('read', fromQuery('patientId'), { record: 'unbilledVisits' }),
      },
      handler: async (request) => ({
        data: await search.unbilledVisits(branchScope(ctx.db, request), request.query.patientId),
      }),
    });
  };
}
