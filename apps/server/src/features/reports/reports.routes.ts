import { reportsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { SIGNED_IN, branchOf, principalOf, tenantRunner } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import { branchLogo, patientLabel, reportHeader } from './reports.service.ts';

/**
 * Print data (doc 3 section 7.1). The header and logo are the branch's letterhead, which
 * every printing role needs (front desk, nurse, doctor, pharmacist) and which names no
 * patient: any signed-in user of the branch may read them. The patient label is a read of
 * the patient's record: `patients:print`, which every role that prints labels holds.
 */
export function reportsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(reportsContract.header, 'reports'),
      config: { access: { module: null, branch: 'required', permission: SIGNED_IN } },
      handler: async (request) => ({
        data: await reportHeader(tenantRunner(ctx.db, request), branchOf(request)),
      }),
    });

    app.route({
      ...routeOf(reportsContract.logo, 'reports'),
      config: { access: { module: null, branch: 'required', permission: SIGNED_IN } },
      handler: async (request, reply) => {
        const logo = await branchLogo(
          tenantRunner(ctx.db, request),
          request.params.branchId,
          principalOf(request).userId,
        );
        return reply
          .header('cache-control', 'private, no-cache')
          .type(logo.contentType)
          .send(logo.image);
      },
    });

    app.route({
      ...routeOf(reportsContract.patientLabel, 'reports'),
      config: {
        access: { module: 'clinic.patient', branch: 'required', permission: 'patients:print' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'id' },
          detail: { record: 'label' },
        },
      },
      handler: async (request) => ({
        data: await patientLabel(branchScope(ctx.db, request), request.query.id),
      }),
    });
  };
}
