import { stockTallyContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as tally from './stock-tally.service.ts';

/**
 * Count sheets of the caller's branch (module clinic.inventory): open, count, finalise or
 * cancel, and an item's tally history. Stock rows hold no patient: no audit rows.
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.inventory', branch: 'required', permission }) as const;

export function stockTallyRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(stockTallyContract.list, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await tally.list(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(stockTallyContract.open, 'inventory'),
      config: { access: access('inventory:create') },
      handler: async (request, reply) => {
        const data = await tally.open(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(stockTallyContract.sheet, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await tally.sheet(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(stockTallyContract.save, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await tally.save(branchScope(ctx.db, request), request.params.id, request.body),
      }),
    });

    app.route({
      ...routeOf(stockTallyContract.finalise, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await tally.finalise(branchScope(ctx.db, request), request.params.id, request.body),
      }),
    });

    app.route({
      ...routeOf(stockTallyContract.cancel, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await tally.cancel(branchScope(ctx.db, request), request.params.id, request.body),
      }),
    });

    app.route({
      ...routeOf(stockTallyContract.itemHistory, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await tally.itemHistory(branchScope(ctx.db, request), request.params.id),
      }),
    });
  };
}
