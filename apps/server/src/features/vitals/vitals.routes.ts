import { vitalsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { fromAnswer, fromParams, onVisit, patientArea } from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as vitals from './vitals.service.ts';

/**
 * A visit's facts, physical readings and consultation note (doc 2 sections 2.2, 2.3;
 * issue 11). Reads are clinic-wide (clinical reads by permission); writes only to a visit
 * of the caller's branch that is not voided. Every read and write is audited on the visit.
 */
export function vitalsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(vitalsContract.facts, 'vitals'),
      config: {
        access: patientArea('vitals:read'),
        audit: onVisit('read', fromParams('id'), { record: 'visitFacts' }),
      },
      handler: async (request) => ({
        data: await vitals.visitFacts(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(vitalsContract.createFacts, 'vitals'),
      config: {
        access: patientArea('vitals:create'),
        audit: onVisit('create', fromParams('id'), { record: 'visitFacts' }),
      },
      handler: async (request, reply) => {
        const data = await vitals.createVisitFacts(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send({ data });
      },
    });

    app.route({
      ...routeOf(vitalsContract.updateFacts, 'vitals'),
      config: {
        access: patientArea('vitals:update'),
        audit: onVisit('update', fromParams('id'), { record: 'visitFacts' }),
      },
      handler: async (request) => ({
        data: await vitals.updateVisitFacts(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(vitalsContract.readings, 'vitals'),
      config: {
        access: patientArea('vitals:read'),
        audit: onVisit('read', fromParams('id'), { record: 'physicalReadings' }),
      },
      handler: async (request) => {
        const items = await vitals.visitReadings(branchScope(ctx.db, request), request.params.id);
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(vitalsContract.createReading, 'vitals'),
      config: {
        access: patientArea('vitals:create'),
        audit: onVisit('create', fromParams('id'), {
          record: 'physicalReadings',
          readingId: fromAnswer('id'),
        }),
      },
      handler: async (request, reply) => {
        const data = await vitals.createReading(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send({ data });
      },
    });

    app.route({
      ...routeOf(vitalsContract.updateReading, 'vitals'),
      config: {
        access: patientArea('vitals:update'),
        audit: onVisit('update', fromAnswer('visitId'), {
          record: 'physicalReadings',
          readingId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await vitals.updateReading(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(vitalsContract.deleteReading, 'vitals'),
      config: {
        access: patientArea('vitals:delete'),
        audit: onVisit('delete', fromAnswer('visitId'), {
          record: 'physicalReadings',
          readingId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await vitals.deleteReading(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(vitalsContract.note, 'vitals'),
      config: {
        access: patientArea('diagnoses:read'),
        audit: onVisit('read', fromParams('id'), { record: 'consultNote' }),
      },
      handler: async (request) => ({
        data: await vitals.consultNote(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(vitalsContract.saveNote, 'vitals'),
      config: {
        access: patientArea('diagnoses:update'),
        audit: onVisit('update', fromParams('id'), { record: 'consultNote' }),
      },
      handler: async (request) => ({
        data: await vitals.saveConsultNote(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });
  };
}
