import { prescriptionsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { fromAnswer, fromParams, onVisit, patientArea } from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as prescriptions from './prescriptions.service.ts';

/** A visit's prescription lines (issue 12 'Prescribing'; doc 2 section 7). */
export function prescriptionsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(prescriptionsContract.medication, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:read'),
        audit: onVisit('read', fromParams('id'), { record: 'prescriptions' }),
      },
      handler: async (request) => {
        const items = await prescriptions.visitMedication(
          branchScope(ctx.db, request),
          request.params.id,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(prescriptionsContract.lines, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:read'),
        audit: onVisit('read', fromParams('id'), { record: 'prescriptions' }),
      },
      handler: async (request) => ({
        data: await prescriptions.visitPrescription(
          branchScope(ctx.db, request),
          request.params.id,
        ),
      }),
    });

    app.route({
      ...routeOf(prescriptionsContract.create, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:create'),
        audit: onVisit('create', fromParams('id'), { record: 'prescriptions' }),
      },
      handler: async (request, reply) => {
        const data = await prescriptions.addPrescription(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(prescriptionsContract.repeatLast, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:create'),
        audit: onVisit('create', fromParams('id'), {
          record: 'prescriptions',
          action: 'repeatLast',
        }),
      },
      handler: async (request, reply) => {
        const data = await prescriptions.repeatLastPrescription(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.overrideReason,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(prescriptionsContract.detail, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:read'),
        audit: onVisit('read', fromAnswer('visitId'), {
          record: 'prescriptions',
          prescriptionId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await prescriptions.prescriptionLine(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(prescriptionsContract.update, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:update'),
        audit: onVisit('update', fromAnswer('visitId'), {
          record: 'prescriptions',
          prescriptionId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await prescriptions.updatePrescription(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(prescriptionsContract.remove, 'prescriptions'),
      config: {
        access: patientArea('prescriptions:delete'),
        audit: onVisit('delete', fromAnswer('visitId'), {
          record: 'prescriptions',
          prescriptionId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await prescriptions.removePrescription(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });
  };
}
