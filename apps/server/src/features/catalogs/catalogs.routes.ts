import { catalogsContract } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { branchOf, principalOf, tenantRunner } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import * as catalogs from './catalogs.service.ts';
import * as plans from './vaccine-plans.service.ts';

/**
 * The catalog is the clinic's settings area (module clinic.setting). Reads are open to
 * every role that prescribes, dispenses or bills, with or without a branch (with one, the
 * answer carries that branch's terms). The clinic's catalog, its lists and whitelist are
 * changed from the console (administrators and the catalog user); a branch's terms from
 * that branch. Nothing here is a patient's record: no audit rows.
 */
const read = {
  module: 'clinic.setting',
  branch: 'optional',
  permission: 'catalogs:read',
} as const;
const consoleWrite = { module: 'clinic.setting', branch: 'optional', console: true } as const;

const items = <T>(list: T[]) => ({ data: { items: list, total: list.length } });

export function catalogsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const scope = (request: FastifyRequest): catalogs.CatalogScope => ({
      userId: principalOf(request).userId,
      branchId: request.branchId ?? null,
      run: tenantRunner(ctx.db, request),
    });

    app.route({
      ...routeOf(catalogsContract.list, 'catalogs'),
      config: { access: read },
      handler: async (request) => ({
        data: await catalogs.listItems(scope(request), request.query),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.options, 'catalogs'),
      config: { access: read },
      handler: async (request) => items(await catalogs.itemPicker(scope(request), request.query)),
    });

    app.route({
      ...routeOf(catalogsContract.get, 'catalogs'),
      config: { access: read },
      handler: async (request) => ({
        data: await catalogs.getItem(scope(request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.create, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:create' } },
      handler: async (request, reply) => {
        const data = await catalogs.createItem(scope(request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(catalogsContract.update, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:update' } },
      handler: async (request) => ({
        data: await catalogs.updateItem(scope(request), request.params.id, request.body),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.remove, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:delete' } },
      handler: async (request) => {
        await catalogs.deleteItem(scope(request), request.params.id, request.body.version);
        return { data: true };
      },
    });

    app.route({
      ...routeOf(catalogsContract.branchTerms, 'catalogs'),
      config: {
        access: { module: 'clinic.setting', branch: 'required', permission: 'catalogs:update' },
      },
      handler: async (request) => ({
        data: await catalogs.setBranchTerms(
          { ...scope(request), branchId: branchOf(request) },
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.settingOptions, 'catalogs'),
      config: { access: read },
      handler: async (request) =>
        items(
          await catalogs.settingOptions(scope(request), request.query.type, request.query.keyword),
        ),
    });

    app.route({
      ...routeOf(catalogsContract.settingList, 'catalogs'),
      config: { access: read },
      handler: async (request) =>
        items(await catalogs.allSettings(scope(request), request.params.settingList)),
    });

    app.route({
      ...routeOf(catalogsContract.settingCreate, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:create' } },
      handler: async (request, reply) => {
        const data = await catalogs.createSetting(
          scope(request),
          request.params.settingList,
          request.body,
        );
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(catalogsContract.settingUpdate, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:update' } },
      handler: async (request) => ({
        data: await catalogs.updateSetting(
          scope(request),
          request.params.settingList,
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.settingDelete, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:delete' } },
      handler: async (request) => {
        await catalogs.deleteSetting(
          scope(request),
          request.params.settingList,
          request.params.id,
          request.body.version,
        );
        return { data: true };
      },
    });

    app.route({
      ...routeOf(catalogsContract.whitelist, 'catalogs'),
      config: { access: read },
      handler: async (request) => ({
        data: await catalogs.whitelist(scope(request), request.query),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.whitelistCreate, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:create' } },
      handler: async (request, reply) => {
        const data = await catalogs.createWhitelist(scope(request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(catalogsContract.whitelistUpdate, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:update' } },
      handler: async (request) => ({
        data: await catalogs.updateWhitelist(scope(request), request.params.id, request.body),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.whitelistDelete, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:delete' } },
      handler: async (request) => {
        await catalogs.deleteWhitelist(scope(request), request.params.id, request.body.version);
        return { data: true };
      },
    });

    app.route({
      ...routeOf(catalogsContract.mappedDrugs, 'catalogs'),
      config: { access: read },
      handler: async (request) =>
        items(await catalogs.mappedDrugs(scope(request), request.query.keyword)),
    });

    app.route({
      ...routeOf(catalogsContract.upcCodes, 'catalogs'),
      config: { access: read },
      handler: async (request) =>
        items(await catalogs.upcCodes(scope(request), request.query.keyword)),
    });

    app.route({
      ...routeOf(catalogsContract.comboItems, 'catalogs'),
      config: { access: read },
      handler: async (request) => items(await catalogs.comboItems(scope(request))),
    });

    app.route({
      ...routeOf(catalogsContract.vaccinePlans, 'catalogs'),
      config: { access: read },
      handler: async (request) => ({
        data: await plans.listPlans(scope(request), request.query),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.vaccinePlan, 'catalogs'),
      config: { access: read },
      handler: async (request) => ({
        data: await plans.getPlan(scope(request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.vaccinePlanCreate, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:create' } },
      handler: async (request, reply) => {
        const data = await plans.createPlan(scope(request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(catalogsContract.vaccinePlanUpdate, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:update' } },
      handler: async (request) => ({
        data: await plans.updatePlan(scope(request), request.params.id, request.body),
      }),
    });

    app.route({
      ...routeOf(catalogsContract.vaccinePlanDelete, 'catalogs'),
      config: { access: { ...consoleWrite, permission: 'catalogs:delete' } },
      handler: async (request) => {
        await plans.deletePlan(scope(request), request.params.id, request.body.version);
        return { data: true };
      },
    });
  };
}
