import { visitsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromParams,
  fromQuery,
  onPatient,
  onVisit,
  patientArea,
} from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as visits from './visits.service.ts';

/** A patient's visits and what was recorded in them (the queue's delete check reads these). */
export function visitsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(visitsContract.list, 'visits'),
      config: {
        access: patientArea('visits:read'),
        audit: onPatient('read', fromQuery('patientId'), { record: 'visits' }),
      },
      handler: async (request) => ({
        data: await visits.patientVisits(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(visitsContract.diagnoses, 'visits'),
      config: {
        access: patientArea('diagnoses:read'),
        audit: onVisit('read', fromQuery('visitId'), { record: 'diagnoses' }),
      },
      handler: async (request) => {
        const items = await visits.visitDiagnoses(
          branchScope(ctx.db, request),
          request.query.visitId,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(visitsContract.prescriptions, 'visits'),
      config: {
        access: patientArea('prescriptions:read'),
        audit: onVisit('read', fromParams('id'), { record: 'prescriptions' }),
      },
      handler: async (request) => {
        const items = await visits.visitPrescriptions(
          branchScope(ctx.db, request),
          request.params.id,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(visitsContract.detail, 'visits'),
      config: {
        access: patientArea('visits:read'),
        audit: onVisit('read', fromParams('id')),
      },
      handler: async (request) => ({
        data: await visits.visitDetail(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(visitsContract.consultTime, 'visits'),
      config: {
        access: patientArea('visits:update'),
        audit: onVisit('update', fromParams('id'), { field: 'consultTime' }),
      },
      handler: async (request) => ({
        data: await visits.setConsultTime(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(visitsContract.consultIn, 'visits'),
      config: {
        access: patientArea('visits:update'),
        audit: onVisit('update', fromParams('id'), { field: 'consultIn' }),
      },
      handler: async (request) => ({
        data: await visits.consultIn(
          ctx,
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(visitsContract.consultOut, 'visits'),
      config: {
        access: patientArea('visits:update'),
        audit: onVisit('update', fromParams('id'), { field: 'consultOut' }),
      },
      handler: async (request) => ({
        data: await visits.consultOut(
          ctx,
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });
  };
}
