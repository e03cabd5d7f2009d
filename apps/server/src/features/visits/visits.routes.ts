import {
  DiagnosisListQuery,
  DiagnosisRecord,
  PrescriptionRecord,
  VisitIdParams,
  VisitListQuery,
  VisitSummary,
  listOf,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { branchScope } from '../../platform/scope.ts';
import * as visits from './visits.service.ts';

const patientAccess = { module: 'clinic.patient', branch: 'required' } as const;

/** A patient's visits and what was recorded in them (the queue's delete check reads these). */
export function visitsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/visits', {
      config: {
        access: { ...patientAccess, permission: 'visits:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'patientId' },
          detail: { record: 'visits' },
        },
      },
      schema: {
        tags: ['visits'],
        querystring: VisitListQuery,
        response: { 200: listOf(VisitSummary) },
      },
      handler: async (request) => ({
        data: await visits.patientVisits(branchScope(ctx.db, request), request.query),
      }),
    });

    app.get('/diagnosis', {
      config: {
        access: { ...patientAccess, permission: 'diagnoses:read' },
        audit: {
          action: 'read',
          entity: 'visit',
          id: { from: 'query', field: 'visitId' },
          detail: { record: 'diagnoses' },
        },
      },
      schema: {
        tags: ['visits'],
        querystring: DiagnosisListQuery,
        response: { 200: listOf(DiagnosisRecord) },
      },
      handler: async (request) => {
        const items = await visits.visitDiagnoses(
          branchScope(ctx.db, request),
          request.query.visitId,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.get('/visits/:id/prescriptions', {
      config: {
        access: { ...patientAccess, permission: 'prescriptions:read' },
        audit: {
          action: 'read',
          entity: 'visit',
          id: { from: 'params', field: 'id' },
          detail: { record: 'prescriptions' },
        },
      },
      schema: {
        tags: ['visits'],
        params: VisitIdParams,
        response: { 200: listOf(PrescriptionRecord) },
      },
      handler: async (request) => {
        const items = await visits.visitPrescriptions(
          branchScope(ctx.db, request),
          request.params.id,
        );
        return { data: { items, total: items.length } };
      },
    });
  };
}
