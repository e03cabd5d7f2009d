import { billingSettingsContract, type Permission } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as service from './billing-settings.service.ts';

/**
 * Settings sales/tax and sales/payment-method (doc 1 section 2.5): the clinic's tax options
 * and payment methods, inactive ones too, and their changes (`billingSettings:*`, module
 * clinic.invoice: the Administrator and Finance roles). The forms' lists are
 * `GET /tax/options` and `GET /settings/paymentMethod` (billing.routes.ts). No patient's
 * data: no audit rows.
 */
const access = (permission: Permission) =>
  ({ module: 'clinic.invoice', branch: 'required', permission }) as const;

export function billingSettingsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(billingSettingsContract.taxOptions, 'billing-settings'),
      config: { access: access('billingSettings:read') },
      handler: async (request) => ({
        data: await service.taxOptions(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptionCreate, 'billing-settings'),
      config: { access: access('billingSettings:create') },
      handler: async (request, reply) => {
        const data = await service.createTaxOption(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptionOrder, 'billing-settings'),
      config: { access: access('billingSettings:update') },
      handler: async (request) => ({
        data: await service.orderTaxOptions(branchScope(ctx.db, request), request.body),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.taxOptionUpdate, 'billing-settings'),
      config: { access: access('billingSettings:update') },
      handler: async (request) => ({
        data: await service.updateTaxOption(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.paymentMethods, 'billing-settings'),
      config: { access: access('billingSettings:read') },
      handler: async (request) => ({
        data: await service.paymentMethods(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(billingSettingsContract.paymentMethodCreate, 'billing-settings'),
      config: { access: access('billingSettings:create') },
      handler: async (request, reply) => {
        const data = await service.createPaymentMethod(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(billingSettingsContract.paymentMethodUpdate, 'billing-settings'),
      config: { access: access('billingSettings:update') },
      handler: async (request) => ({
        data: await service.updatePaymentMethod(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });
  };
}
