import { billingSettingsContract, type Permission } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { tenantRunner } from '../../platform/access.ts';
import * as service from './billing-settings.service.ts';

/**
 * Settings sales/tax and sales/payment-method (doc 1 section 2.5): the clinic's tax options
 * and payment methods, inactive ones too, and their changes (`billingSettings:*`, module
 * clinic.invoice: the Administrator and Finance roles). The forms' lists are
 * `GET /tax/options` and `GET /settings/paymentMethod` (billing.routes.ts). No patient's
 * data: no audit rows. The BranchId is optional: the console's settings/sales/tax sends
 * none, and the permission is then held in any of the caller's branches (the access
 * guard's rule); today's rate is then on the tenant's clock.
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.invoice', branch: 'optional', permission }) as const;

export function billingSettingsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const settingsScope = (request: FastifyRequest): service.SettingsScope => ({
      branchId: request.branchId ?? null,
      run: tenantRunner(ctx.db, request),
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptions, 'billing-settings'),
      config: { access: access('billingSettings:read') },
      handler: async (request) => ({
        data: await service.taxOptions(settingsScope(request)),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptionCreate, 'billing-settings'),
      config: { access: access('billingSettings:create') },
      handler: async (request, reply) => {
        const data = await service.createTaxOption(settingsScope(request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptionOrder, 'billing-settings'),
      config: { access: access('billingSettings:update') },
      handler: async (request) => ({
        data: await service.orderTaxOptions(settingsScope(request), request.body),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptionUpdate, 'billing-settings'),
      config: { access: access('billingSettings:update') },
      handler: async (request) => ({
        data: await service.updateTaxOption(
          settingsScope(request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.paymentMethods, 'billing-settings'),
      config: { access: access('billingSettings:read') },
      handler: async (request) => ({
        data: await service.paymentMethods(settingsScope(request)),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.paymentMethodCreate, 'billing-settings'),
      config: { access: access('billingSettings:create') },
      handler: async (request, reply) => {
        const data = await service.createPaymentMethod(settingsScope(request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(billingSettingsContract.paymentMethodUpdate, 'billing-settings'),
      config: { access: access('billingSettings:update') },
      handler: async (request) => ({
        data: await service.updatePaymentMethod(
          settingsScope(request),
          request.params.id,
          request.body,
        ),
      }),
    });
  };
}
