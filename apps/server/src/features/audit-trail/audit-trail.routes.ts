import { auditTrailContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as auditTrail from './audit-trail.service.ts';

/** The clinic's audit trail: who read or changed which patient's record (read-only). */
export function auditTrailRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(auditTrailContract.list, 'audit trail'),
      config: {
        access: {
          module: 'tenant.auditTrial',
          branch: 'required',
          permission: 'auditTrail:read',
          // The console's (its page comes with the console issue): console users only.
          console: true,
        },
        audit: {
          none:
            'The trail itself, read by whoever reviews it (auditTrail:read): a row per page ' +
            'read would fill the trail with its own reviews; what it shows was audited when done',
        },
      },
      handler: async (request) => ({
        data: await auditTrail.auditEvents(branchScope(ctx.db, request), request.query),
      }),
    });
  };
}
