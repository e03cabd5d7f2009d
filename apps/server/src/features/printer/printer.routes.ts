import { printingContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../platform/access.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import { printerFooter, updatePrinterFooter } from './printer.service.ts';

/**
 * The branch's printer footers. Reading one is like the report header: the branch's
 * letterhead, naming no patient, for any signed-in user of the branch who prints. Editing
 * is a setting of the clinic (`settings:update`), like the option lists' (no patient: not
 * audited).
 */
export function printerRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(printingContract.printerFooter, 'printer'),
      config: { access: { module: null, branch: 'required', permission: SIGNED_IN } },
      handler: async (request) => ({
        data: await printerFooter(branchScope(ctx.db, request), request.params.kind),
      }),
    });

    app.route({
      ...routeOf(printingContract.printerFooterUpdate, 'printer'),
      config: {
        access: { module: 'clinic.setting', branch: 'required', permission: 'settings:update' },
      },
      handler: async (request) => ({
        data: await updatePrinterFooter(
          branchScope(ctx.db, request),
          request.params.kind,
          request.body,
        ),
      }),
    });
  };
}
