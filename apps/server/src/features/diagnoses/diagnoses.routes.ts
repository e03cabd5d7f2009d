import { diagnosesContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromAnswer,
  fromBody,
  fromParams,
  onVisit,
  patientArea,
} from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as diagnoses from './diagnoses.service.ts';

/** Coded diagnoses of a visit, and the SNOMED CT search that feeds the editor. */
export function diagnosesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(diagnosesContract.snomed, 'diagnoses'),
      config: {
        access: patientArea('diagnoses:read'),
        audit: {
          none: 'a terminology search (SNOMED CT, the same for every clinic) as the doctor types: it reads no patient',
        },
      },
      handler: async (request) => {
        const items = await diagnoses.searchSnomed(ctx.db, request.query.filter);
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(diagnosesContract.create, 'diagnoses'),
      config: {
        access: patientArea('diagnoses:create'),
        audit: onVisit('create', fromBody('visitId'), {
          record: 'diagnoses',
          diagnosisId: fromAnswer('id'),
        }),
      },
      handler: async (request, reply) => {
        const data = await diagnoses.addDiagnosis(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(diagnosesContract.remove, 'diagnoses'),
      config: {
        access: patientArea('diagnoses:delete'),
        audit: onVisit('delete', fromAnswer('visitId'), {
          record: 'diagnoses',
          diagnosisId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await diagnoses.removeDiagnosis(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });
  };
}
