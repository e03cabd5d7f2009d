import { visitsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as visits from './visits.service.ts';

const patientAccess = { module: 'clinic.patient', branch: 'required' } as const;

/** A patient's visits and what was recorded in them (the queue's delete check reads these). */
export function visitsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(visitsContract.list, 'visits'),
      config: {
        access: { ...patientAccess, permission: 'visits:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'patientId' },
          detail: { record: 'visits' },
        },
      },
      handler: async (request) => ({
        data: await visits.patientVisits(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(visitsContract.diagnoses, 'visits'),
      config: {
        access: { ...patientAccess, permission: 'diagnoses:read' },
        audit: {
          action: 'read',
          entity: 'visit',
          id: { from: 'query', field: 'visitId' },
          detail: { record: 'diagnoses' },
        },
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
        access: { ...patientAccess, permission: 'prescriptions:read' },
        audit: {
          action: 'read',
          entity: 'visit',
          id: { from: 'params', field: 'id' },
          detail: { record: 'prescriptions' },
        },
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
        access: { ...patientAccess, permission: 'visits:read' },
        audit: { action: 'read', entity: 'visit', id: { from: 'params', field: 'id' } },
      },
      handler: async (request) => ({
        data: await visits.visitDetail(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(visitsContract.consultTime, 'visits'),
      config: {
        access: { ...patientAccess, permission: 'visits:update' },
        audit: {
          action: 'update',
          entity: 'visit',
          id: { from: 'params', field: 'id' },
          detail: { field: 'consultTime' },
        },
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
        access: { ...patientAccess, permission: 'visits:update' },
        audit: {
          action: 'update',
          entity: 'visit',
          id: { from: 'params', field: 'id' },
          detail: { field: 'consultIn' },
        },
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
        access: { ...patientAccess, permission: 'visits:update' },
        audit: {
          action: 'update',
          entity: 'visit',
          id: { from: 'params', field: 'id' },
          detail: { field: 'consultOut' },
        },
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
