import { companiesContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../platform/access.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as service from './companies.service.ts';

/**
 * Companies (doc 1 section 7 `GET /companies/{id}`; the picker `GET /companies/options` is
 * the option lists'). One company is read by any signed-in user (the invoice's bill-to
 * block); the list with inactive ones and the changes are the settings' (owners:
 * `settings:*`, the Administrator role). Nothing of a patient's: no audit rows.
 */
const settings = { module: 'clinic.setting', branch: 'required' } as const;

export function companiesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(companiesContract.company, 'companies'),
      config: { access: { module: null, branch: 'required', permission: SIGNED_IN } },
      handler: async (request) => ({
        data: await service.company(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(companiesContract.companies, 'companies'),
      config: { access: { ...settings, permission: 'settings:read' } },
      handler: async (request) => ({
        data: await service.companies(branchScope(ctx.db, request)),
      }),
    });

    app.route({
      ...routeOf(companiesContract.companyCreate, 'companies'),
      config: { access: { ...settings, permission: 'settings:create' } },
      handler: async (request, reply) => {
        const data = await service.createCompany(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(companiesContract.companyUpdate, 'companies'),
      config: { access: { ...settings, permission: 'settings:update' } },
      handler: async (request) => ({
        data: await service.updateCompany(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });
  };
}
