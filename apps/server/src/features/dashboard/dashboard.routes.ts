import { dashboardContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as dashboard from './dashboard.service.ts';

/**
 * The dashboard's day (module clinic.dashboard, `dashboard:read`), of the caller's branch.
 * Not audited per patient: like the queue's day list, these are the branch's lists of
 * names and sums, reloaded as the desk works.
 */
const access = {
  module: 'clinic.dashboard',
  branch: 'required',
  permission: 'dashboard:read',
} as const;

export function dashboardRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(dashboardContract.collections, 'dashboard'),
      config: {
        access,
        audit: { none: "The day's counts and sums of the branch: no patient named" },
      },
      handler: async (request) => ({
        data: await dashboard.collections(branchScope(ctx.db, request), request.query.from),
      }),
    });

    app.route({
      ...routeOf(dashboardContract.patients, 'dashboard'),
      config: {
        access,
        audit: {
          none: "The day's unbilled patients of the branch: names and card numbers, as the queue's day list",
        },
      },
      handler: async (request) => ({
        data: await dashboard.unbilledPatients(branchScope(ctx.db, request), request.query.from),
      }),
    });

    app.route({
      ...routeOf(dashboardContract.invoices, 'dashboard'),
      config: {
        access,
        audit: {
          none: "The day's unpaid invoices of the branch: numbers, names and sums, as the queue's day list",
        },
      },
      handler: async (request) => ({
        data: await dashboard.unpaidInvoices(branchScope(ctx.db, request), request.query.from),
      }),
    });

    app.route({
      ...routeOf(dashboardContract.amounts, 'dashboard'),
      config: {
        access,
        audit: { none: "The day's payments of the branch summed by method: no patient named" },
      },
      handler: async (request) => ({
        data: await dashboard.paymentMethodTotals(branchScope(ctx.db, request), request.query.from),
      }),
    });
  };
}
