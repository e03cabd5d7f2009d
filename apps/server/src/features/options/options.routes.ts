import {
  DICTIONARY_TYPES,
  optionsContract,
  pinNationalities,
  type CardPrefixItem,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { SIGNED_IN, branchOf, tenantRunner } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import type { OptionList } from './options.defaults.ts';
import * as admin from './options.service.ts';
import { companyOptions, doctorsOfBranch, listOptions } from './options.service.ts';
import { branchScope } from '../../platform/scope.ts';

/** Reference lists every form needs, whatever the role: nothing of a patient's in them. */
const signedInBranch = { module: null, branch: 'required', permission: SIGNED_IN } as const;
const queueBranch = {
  module: 'clinic.queue',
  branch: 'required',
  permission: 'queue:read',
} as const;
/** The board's filter lists: a display link may read them too. */
const boardLookup = { ...queueBranch, display: true } as const;
/** The clinic's settings: administrators' (the Administrator role) by default. */
const settings = { module: 'clinic.setting', branch: 'required' } as const;

const items = <T>(list: T[]) => ({ data: { items: list, total: list.length } });

/** The option lists the front desk picks from (doc 1 section 7), and their administration. */
export function optionsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const activeList = (
      request: Parameters<typeof tenantRunner>[1],
      list: OptionList,
      keyword?: string | null,
    ) =>
      tenantRunner(
        ctx.db,
        request,
      )((tx) =>
        listOptions(tx, list, {
          activeOnly: true,
          keyword: keyword ?? undefined,
          branchId: request.branchId,
        }),
      );

    app.route({
      ...routeOf(optionsContract.telCodes, 'options'),
      config: { access: signedInBranch },
      handler: async (request) =>
        items(
          (await activeList(request, 'telCode', request.query.keyword)).map(({ code, name }) => ({
            code,
            name,
          })),
        ),
    });

    app.route({
      ...routeOf(optionsContract.defaultTelCode, 'options'),
      config: { access: signedInBranch },
      handler: async (request) => {
        const [first] = await activeList(request, 'telCode');
        return { data: first?.isDefault ? { code: first.code, name: first.name } : null };
      },
    });

    app.route({
      ...routeOf(optionsContract.identificationTypes, 'options'),
      config: { access: signedInBranch },
      handler: async (request) =>
        items(
          (await activeList(request, 'identificationType', request.query.keyword)).map(
            ({ code, name }) => ({
              code,
              name,
            }),
          ),
        ),
    });

    app.route({
      ...routeOf(optionsContract.nationalities, 'options'),
      config: { access: signedInBranch },
      handler: async (request) => {
        const rows = await activeList(request, 'nationality', request.query.keyword);
        const byName = [...rows].sort((a, b) => a.name.localeCompare(b.name));
        return items(
          pinNationalities(byName, (row) => row.name).map(({ code, name }) => ({ code, name })),
        );
      },
    });

    app.route({
      ...routeOf(optionsContract.genders, 'options'),
      config: { access: signedInBranch },
      handler: async (request) =>
        items((await activeList(request, 'gender')).map(({ code, name }) => ({ code, name }))),
    });

    app.route({
      ...routeOf(optionsContract.cardPrefixes, 'options'),
      config: { access: signedInBranch },
      handler: async (request) => {
        const prefixes = (await activeList(request, 'cardPrefix')).map(({ id, code }) => ({
          id,
          prefix: code,
        }));
        return items<CardPrefixItem>([...prefixes, { id: -1, prefix: 'Custom' }]);
      },
    });

    app.route({
      ...routeOf(optionsContract.visitPurposes, 'options'),
      config: { access: queueBranch },
      handler: async (request) =>
        items((await activeList(request, 'visitPurpose')).map(({ code }) => ({ code }))),
    });

    app.route({
      ...routeOf(optionsContract.queueStatuses, 'options'),
      config: { access: queueBranch },
      handler: async (request) =>
        items(
          (await activeList(request, 'queueStatus')).map(({ code, color }) => ({
            code,
            color: color ?? '#495057',
          })),
        ),
    });

    app.route({
      ...routeOf(optionsContract.roomServices, 'options'),
      config: { access: boardLookup },
      handler: async (request) => {
        const rows = await tenantRunner(
          ctx.db,
          request,
        )((tx) => listOptions(tx, 'roomService', { branchId: branchOf(request) }));
        const { page, pageSize } = request.query;
        const slice = rows.slice((page - 1) * pageSize, page * pageSize);
        return {
          data: {
            items: slice.map(({ id, name, isActive }) => ({ id, name, isActive })),
            total: rows.length,
          },
        };
      },
    });

    app.route({
      ...routeOf(optionsContract.waitingAreas, 'options'),
      config: { access: boardLookup },
      handler: async (request) => {
        const rows = await activeList(request, 'waitingArea');
        const { page, pageSize } = request.query;
        const slice = rows.slice((page - 1) * pageSize, page * pageSize);
        return {
          data: {
            items: slice.map(({ id, name }) => ({ id, description: name })),
            total: rows.length,
          },
        };
      },
    });

    app.route({
      ...routeOf(optionsContract.doctors, 'options'),
      config: { access: signedInBranch },
      handler: async (request) =>
        items(await tenantRunner(ctx.db, request)((tx) => doctorsOfBranch(tx, branchOf(request)))),
    });

    app.route({
      ...routeOf(optionsContract.companies, 'options'),
      config: { access: signedInBranch },
      handler: async (request) => items(await tenantRunner(ctx.db, request)(companyOptions)),
    });

    // MC purposes (1), relationships (2), salutations (3): lists the clinic keeps.
    app.route({
      ...routeOf(optionsContract.dictionary, 'options'),
      config: { access: signedInBranch },
      handler: async (request) =>
        items(
          (await activeList(request, DICTIONARY_TYPES[request.query.typeId])).map(
            ({ id, code, name }) => ({ id, code, description: name }),
          ),
        ),
    });

    // Administration: every list, inactive entries included.
    app.route({
      ...routeOf(optionsContract.adminList, 'options'),
      config: { access: { ...settings, permission: 'settings:read' } },
      handler: async (request) =>
        items(await admin.allOptions(branchScope(ctx.db, request), request.params.list)),
    });

    app.route({
      ...routeOf(optionsContract.adminCreate, 'options'),
      config: { access: { ...settings, permission: 'settings:create' } },
      handler: async (request, reply) => {
        const created = await admin.createOption(
          branchScope(ctx.db, request),
          request.params.list,
          request.body,
        );
        return reply.code(201).send({ data: created });
      },
    });

    app.route({
      ...routeOf(optionsContract.adminUpdate, 'options'),
      config: { access: { ...settings, permission: 'settings:update' } },
      handler: async (request) => ({
        data: await admin.updateOption(
          branchScope(ctx.db, request),
          request.params.list,
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(optionsContract.adminDelete, 'options'),
      config: { access: { ...settings, permission: 'settings:delete' } },
      handler: async (request) => {
        const { list, id } = request.params;
        await admin.deleteOption(branchScope(ctx.db, request), list, id, request.body.version);
        return { data: true };
      },
    });
  };
}
