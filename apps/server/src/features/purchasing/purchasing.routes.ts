import { purchasingContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as purchasing from './purchasing.service.ts';

/**
 * Purchase orders of the caller's branch and the goods received against them, and the
 * clinic's suppliers as vendors (module clinic.inventory). Nothing here names a patient.
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.inventory', branch: 'required', permission }) as const;

export function purchasingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(purchasingContract.purchases, 'purchasing'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await purchasing.listPurchases(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.purchase, 'purchasing'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await purchasing.purchase(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.purchaseCreate, 'purchasing'),
      config: { access: access('inventory:create') },
      handler: async (request, reply) => {
        const data = await purchasing.createPurchase(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(purchasingContract.purchaseUpdate, 'purchasing'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await purchasing.updatePurchase(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.purchaseConfirm, 'purchasing'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await purchasing.confirmPurchase(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.purchaseVoid, 'purchasing'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await purchasing.voidPurchase(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.purchaseReceive, 'purchasing'),
      config: { access: access('inventory:create') },
      handler: async (request, reply) => {
        const data = await purchasing.receivePurchase(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(purchasingContract.receivedList, 'purchasing'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await purchasing.listReceived(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.received, 'purchasing'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await purchasing.received(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.vendor, 'purchasing'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await purchasing.vendor(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(purchasingContract.vendors, 'purchasing'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await purchasing.vendors(branchScope(ctx.db, request), request.query),
      }),
    });
  };
}
