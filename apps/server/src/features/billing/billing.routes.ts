import { billingContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../platform/access.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromAnswer,
  fromBody,
  fromParams,
  fromQuery,
  onPatient,
  onVisit,
} from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as invoices from './invoices.service.ts';
import * as payments from './payments.service.ts';

/**
 * Invoices (module clinic.invoice, `invoices:*`) and payments (clinic.payment,
 * `payments:*`) of the caller's branch; reads of a patient's bills are clinic-wide. Every
 * call that reads or changes a bill is audited (invoices and payments are the patient's
 * record). Registered in the order a bill goes, so the audit sweep drafts, reads, edits,
 * finalises, pays, dispenses, voids the payment and then the invoice.
 */
const invoiceAccess = (permission: Permission | typeof SIGNED_IN) =>
  ({ module: 'clinic.invoice', branch: 'required', permission }) as const;
const paymentAccess = (permission: Permission | typeof SIGNED_IN) =>
  ({ module: 'clinic.payment', branch: 'required', permission }) as const;

export function billingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(billingContract.invoiceFromVisit, 'billing'),
      config: {
        access: invoiceAccess('invoices:create'),
        audit: onVisit('create', fromParams('id'), {
          record: 'invoice',
          invoiceId: fromAnswer('id'),
        }),
      },
      handler: async (request, reply) => {
        const data = await invoices.invoiceFromVisit(
          branchScope(ctx.db, request),
          request.params.id,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(billingContract.invoice, 'billing'),
      config: {
        access: invoiceAccess('invoices:read'),
        audit: { action: 'read', entity: 'invoice', id: fromParams('id') },
      },
      handler: async (request) => ({
        data: await invoices.invoice(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(billingContract.invoices, 'billing'),
      config: {
        access: invoiceAccess('invoices:read'),
        audit: onPatient('read', fromQuery('patientId'), { record: 'invoices' }),
      },
      handler: async (request) => ({
        data: await invoices.listInvoices(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(billingContract.invoiceUpdate, 'billing'),
      config: {
        access: invoiceAccess('invoices:update'),
        audit: { action: 'update', entity: 'invoice', id: fromParams('id') },
      },
      handler: async (request) => ({
        data: await invoices.updateInvoice(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(billingContract.invoiceFinalise, 'billing'),
      config: {
        access: invoiceAccess('invoices:update'),
        audit: {
          action: 'update',
          entity: 'invoice',
          id: fromParams('id'),
          detail: { field: 'status', invoiceNo: fromAnswer('invoiceNo') },
        },
      },
      handler: async (request) => ({
        data: await invoices.finaliseInvoice(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(billingContract.paymentCreate, 'billing'),
      config: {
        access: paymentAccess('payments:create'),
        audit: {
          action: 'create',
          entity: 'invoice',
          id: fromParams('id'),
          detail: { record: 'payment' },
        },
      },
      handler: async (request, reply) => {
        const data = await payments.createPayment(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(billingContract.payments, 'billing'),
      config: {
        access: paymentAccess('payments:read'),
        audit: onPatient('read', fromAnswer('patientId'), { record: 'payments' }),
      },
      handler: async (request) => ({
        data: await payments.listPayments(branchScope(ctx.db, request), request.query),
      }),
    });

    // Dispensing is the dispensing feature's; a role taking payments holds `payments:create`.
    app.route({
      ...routeOf(billingContract.paymentDispense, 'billing'),
      config: {
        access: paymentAccess('payments:create'),
        audit: onVisit('create', fromAnswer('visitId'), {
          record: 'dispensing',
          dispenseId: fromAnswer('dispenseId'),
          paymentId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await payments.dispensePayment(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(billingContract.paymentVoid, 'billing'),
      config: {
        access: paymentAccess('payments:update'),
        audit: {
          action: 'update',
          entity: 'payment',
          id: fromParams('id'),
          detail: { field: 'status' },
        },
      },
      handler: async (request) => ({
        data: await payments.voidPayment(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(billingContract.invoiceVoid, 'billing'),
      config: {
        access: invoiceAccess('invoices:update'),
        audit: {
          action: 'update',
          entity: 'invoice',
          id: fromParams('id'),
          detail: { field: 'status', reason: fromBody('reason') },
        },
      },
      handler: async (request) => ({
        data: await invoices.voidInvoice(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    // Reference lists the billing forms need (no patient in them).
    app.route({
      ...routeOf(billingContract.taxOptions, 'billing'),
      config: { access: invoiceAccess(SIGNED_IN) },
      handler: async (request) => ({
        data: await invoices.taxOptions(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(billingContract.paymentMethods, 'billing'),
      config: { access: paymentAccess(SIGNED_IN) },
      handler: async (request) => ({
        data: await payments.paymentMethods(branchScope(ctx.db, request)),
      }),
    });
  };
}
