import { subsidiesContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { fromParams, onPatient, patientArea } from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as subsidies from './subsidies.service.ts';

/**
 * A patient's scheme card (patient area: `patients:read`, set by whoever updates patients,
 * as the desk does) and the clinic's tiers (settings 'sales/subsidies': read with the
 * invoices, changed with `invoices:approve`, which Finance and Administrators hold).
 */
const tierAccess = (permission: 'invoices:read' | 'invoices:approve') =>
  ({ module: 'clinic.invoice', branch: 'required', permission }) as const;
const NO_PATIENT = { none: "the clinic's subsidy tiers: it reads no patient" };

export function subsidiesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(subsidiesContract.chas, 'subsidies'),
      config: {
        access: patientArea('patients:read'),
        audit: onPatient('read', fromParams('patientId'), { record: 'subsidy' }),
      },
      handler: async (request) => ({
        data: await subsidies.chas(branchScope(ctx.db, request), request.params.patientId),
      }),
    });

    app.route({
      ...routeOf(subsidiesContract.patientSubsidy, 'subsidies'),
      config: {
        access: patientArea('patients:read'),
        audit: onPatient('read', fromParams('id'), { record: 'subsidy' }),
      },
      handler: async (request) => ({
        data: await subsidies.patientSubsidy(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(subsidiesContract.patientSubsidySet, 'subsidies'),
      config: {
        access: patientArea('patients:update'),
        audit: onPatient('update', fromParams('id'), { record: 'subsidy' }),
      },
      handler: async (request) => ({
        data: await subsidies.setPatientSubsidy(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(subsidiesContract.tiers, 'subsidies'),
      config: { access: tierAccess('invoices:read'), audit: NO_PATIENT },
      handler: async (request) => ({
        data: await subsidies.tiers(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(subsidiesContract.tierUpdate, 'subsidies'),
      config: { access: tierAccess('invoices:approve'), audit: NO_PATIENT },
      handler: async (request) => ({
        data: await subsidies.updateTier(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });
  };
}
