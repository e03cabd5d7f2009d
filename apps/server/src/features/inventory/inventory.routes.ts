import { inventoryContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as inventory from './inventory.service.ts';

/**
 * Stock of the caller's branch (module clinic.inventory): items with on-hand, batches,
 * the ledger, receipts, adjustments, suppliers (the clinic's), and dispensing for a visit.
 * Stock rows hold no patient; a dispensing is a visit's record and is audited.
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.inventory', branch: 'required', permission }) as const;

export function inventoryRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(inventoryContract.items, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.listItems(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.item, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.itemDetail(
          branchScope(ctx.db, request),
          request.params.id,
          request.query,
        ),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.reorderLevel, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await inventory.setReorderLevel(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.batches, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.batches(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.transactions, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.transactions(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.nearExpiry, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.nearExpiry(branchScope(ctx.db, request), request.query.days),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.lowStock, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.lowStock(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.receive, 'inventory'),
      config: { access: access('inventory:create') },
      handler: async (request, reply) => {
        const data = await inventory.receive(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(inventoryContract.adjust, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request, reply) => {
        const data = await inventory.adjust(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(inventoryContract.suppliers, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.suppliers(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.supplier, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.supplier(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.supplierCreate, 'inventory'),
      config: { access: access('inventory:create') },
      handler: async (request, reply) => {
        const data = await inventory.createSupplier(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(inventoryContract.supplierUpdate, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await inventory.updateSupplier(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.supplierDelete, 'inventory'),
      config: { access: access('inventory:delete') },
      handler: async (request) => {
        await inventory.deleteSupplier(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        );
        return { data: true };
      },
    });

    app.route({
      ...routeOf(inventoryContract.dispense, 'inventory'),
      config: {
        access: access('dispensing:create'),
        audit: {
          action: 'create',
          entity: 'visit',
          id: { from: 'body', field: 'visitId' },
          detail: { record: 'dispensing' },
        },
      },
      handler: async (request, reply) => {
        const data = await inventory.dispense(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(inventoryContract.dispenseReport, 'inventory'),
      config: {
        access: access('dispensing:read'),
        audit: {
          none: 'the batch dispensing report: items, batches, quantities and visit ids of a period, no patient named',
        },
      },
      handler: async (request) => ({
        data: await inventory.dispenseReport(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(inventoryContract.itemLog, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await inventory.itemLog(branchScope(ctx.db, request), request.query),
      }),
    });
  };
}
