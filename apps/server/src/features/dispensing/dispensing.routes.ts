import { dispensingContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { principalOf } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { forbidden } from '../../platform/errors.ts';
import { fromAnswer, fromParams, onVisit } from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as dispensing from './dispensing.service.ts';

/**
 * A visit's prescription as the desk dispenses it, and its medication labels (module
 * clinic.inventory, `dispensing:*`; every call audited on the visit). The front desk holds
 * `dispensing:read` but not `prescriptions:read`: the dispensing read carries what the desk
 * needs of each line (drug, quantity, unit, instructions in words).
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.inventory', branch: 'required', permission }) as const;

export function dispensingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(dispensingContract.visit, 'dispensing'),
      config: {
        access: access('dispensing:read'),
        audit: onVisit('read', fromParams('id'), { record: 'dispensing' }),
      },
      handler: async (request) => ({
        data: await dispensing.visitDispensing(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(dispensingContract.dispense, 'dispensing'),
      config: {
        access: access('dispensing:create'),
        audit: onVisit('create', fromParams('id'), {
          record: 'dispensing',
          dispenseId: fromAnswer('dispenseId'),
        }),
      },
      handler: async (request, reply) => {
        const data = await dispensing.dispenseVisit(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.prescriptionIds,
        );
        return reply.code(201).send({ data });
      },
    });

    // The clinical-reads policy asks `dispensing:read` of a GET answering the lines;
    // printing their labels needs `dispensing:print` as well.
    app.route({
      ...routeOf(dispensingContract.labels, 'dispensing'),
      config: {
        access: access('dispensing:read'),
        audit: onVisit('read', fromAnswer('visitId'), {
          record: 'medicationLabels',
          purpose: 'print',
        }),
      },
      handler: async (request) => {
        if (!principalOf(request).permissions.has('dispensing:print')) {
          throw forbidden('access.roleRefusal');
        }
        return {
          data: await dispensing.medicationLabels(branchScope(ctx.db, request), request.query.ids),
        };
      },
    });
  };
}
