import { requisitionsContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as requisitions from './requisitions.service.ts';

/**
 * Requisitions between the clinic's branches (module clinic.inventory), as seen from the
 * caller's branch: it asks and cancels as the requesting branch, issues and refuses as the
 * supplying one. Stock rows hold no patient: no audit rows.
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.inventory', branch: 'required', permission }) as const;

export function requisitionsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(requisitionsContract.list, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await requisitions.list(branchScope(ctx.db, request), request.query),
      }),
    });

    app.route({
      ...routeOf(requisitionsContract.branches, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await requisitions.branches(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(requisitionsContract.create, 'inventory'),
      config: { access: access('inventory:create') },
      handler: async (request, reply) => {
        const data = await requisitions.create(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(requisitionsContract.one, 'inventory'),
      config: { access: access('inventory:read') },
      handler: async (request) => ({
        data: await requisitions.one(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(requisitionsContract.issue, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await requisitions.issue(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(requisitionsContract.refuse, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await requisitions.refuse(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(requisitionsContract.cancel, 'inventory'),
      config: { access: access('inventory:update') },
      handler: async (request) => ({
        data: await requisitions.cancel(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });
  };
}
