import { creditsContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromAnswer,
  fromBody,
  fromParams,
  fromQuery,
  onPatient,
} from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as creditNotes from './credit-notes.service.ts';
import * as deposits from './deposits.service.ts';

/**
 * Deposits (module clinic.payment: taken and applied with `payments:create`, voided with
 * `payments:update`) and credit notes (clinic.invoice: issued and voided with
 * `invoices:approve`, the Finance and Administrator roles; read with `invoices:read`).
 * Every route is audited: deposits and credit notes are the patient's record. Registered
 * in the order they go, so the audit sweep voids the deposit last.
 */
const depositAccess = (permission: Permission) =>
  ({ module: 'clinic.payment', branch: 'required', permission }) as const;
const creditAccess = (permission: Permission) =>
  ({ module: 'clinic.invoice', branch: 'required', permission }) as const;

export function creditNotesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(creditsContract.depositCreate, 'credit notes'),
      config: {
        access: depositAccess('payments:create'),
        audit: { action: 'create', entity: 'deposit', id: fromAnswer('id') },
      },
      handler: async (request, reply) => {
        const data = await deposits.createDeposit(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(creditsContract.deposits, 'credit notes'),
      config: {
        access: depositAccess('payments:read'),
        audit: onPatient('read', fromQuery('patientId'), { record: 'deposits' }),
      },
      handler: async (request) => ({
        data: await deposits.listDeposits(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(creditsContract.deposit, 'credit notes'),
      config: {
        access: depositAccess('payments:read'),
        audit: { action: 'read', entity: 'deposit', id: fromParams('id') },
      },
      handler: async (request) => ({
        data: await deposits.deposit(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(creditsContract.depositApply, 'credit notes'),
      config: {
        access: depositAccess('payments:create'),
        audit: {
          action: 'create',
          entity: 'invoice',
          id: fromParams('id'),
          detail: { record: 'depositApplication', depositId: fromBody('depositId') },
        },
      },
      handler: async (request, reply) => {
        const data = await deposits.applyDeposit(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(creditsContract.depositApplicationVoid, 'credit notes'),
      config: {
        access: depositAccess('payments:update'),
        audit: {
          action: 'update',
          entity: 'depositApplication',
          id: fromParams('id'),
          detail: { field: 'status', reason: fromBody('reason') },
        },
      },
      handler: async (request) => ({
        data: await deposits.voidApplication(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(creditsContract.creditNoteCreate, 'credit notes'),
      config: {
        access: creditAccess('invoices:approve'),
        audit: {
          action: 'create',
          entity: 'creditNote',
          id: fromAnswer('id'),
          detail: { type: fromBody('type'), amountCents: fromBody('amountCents') },
        },
      },
      handler: async (request, reply) => {
        const data = await creditNotes.createCreditNote(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(creditsContract.creditNotes, 'credit notes'),
      config: {
        access: creditAccess('invoices:read'),
        audit: onPatient('read', fromAnswer('patientId'), { record: 'creditNotes' }),
      },
      handler: async (request) => ({
        data: await creditNotes.listCreditNotes(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(creditsContract.creditNote, 'credit notes'),
      config: {
        access: creditAccess('invoices:read'),
        audit: { action: 'read', entity: 'creditNote', id: fromParams('id') },
      },
      handler: async (request) => ({
        data: await creditNotes.creditNote(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(creditsContract.creditTransactions, 'credit notes'),
      config: {
        access: creditAccess('invoices:read'),
        audit: {
          action: 'read',
          entity: 'invoice',
          id: fromQuery('referenceId'),
          detail: { record: 'creditTransactions' },
        },
      },
      handler: async (request) => ({
        data: await creditNotes.creditTransactions(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(creditsContract.creditNoteVoid, 'credit notes'),
      config: {
        access: creditAccess('invoices:approve'),
        audit: {
          action: 'update',
          entity: 'creditNote',
          id: fromParams('id'),
          detail: { field: 'status', reason: fromBody('reason') },
        },
      },
      handler: async (request) => ({
        data: await creditNotes.voidCreditNote(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(creditsContract.depositVoid, 'credit notes'),
      config: {
        access: depositAccess('payments:update'),
        audit: {
          action: 'update',
          entity: 'deposit',
          id: fromParams('id'),
          detail: { field: 'status', reason: fromBody('reason') },
        },
      },
      handler: async (request) => ({
        data: await deposits.voidDeposit(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });
  };
}
