import { branchesContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { SIGNED_IN, branchOf, principalOf, tenantRunner } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { branchesOfUser, currentBranch } from './branches.service.ts';

/** The caller's branches (doc 1 section 7 'Account'). */
export function branchesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(branchesContract.current, 'branches'),
      config: {
        access: {
          module: null,
          branch: 'required',
          permission: SIGNED_IN,
          temporaryPassword: true,
        },
      },
      handler: async (request) => {
        const { userId } = principalOf(request);
        const branch = await currentBranch(
          tenantRunner(ctx.db, request),
          userId,
          branchOf(request),
        );
        if (!branch) throw notFound('branch.notFound');
        return { data: branch };
      },
    });

    app.route({
      ...routeOf(branchesContract.options, 'branches'),
      config: {
        access: {
          module: null,
          branch: 'optional',
          permission: SIGNED_IN,
          temporaryPassword: true,
        },
      },
      handler: async (request) => {
        const items = await branchesOfUser(
          tenantRunner(ctx.db, request),
          principalOf(request).userId,
        );
        return { data: { items, total: items.length } };
      },
    });
  };
}
