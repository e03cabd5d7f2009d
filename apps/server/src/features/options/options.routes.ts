import {
  CardPrefixItem,
  CodeNameOption,
  CompanyOption,
  DoctorOption,
  KeywordQuery,
  LookupPageQuery,
  OptionCreateBody,
  OptionDeleteBody,
  OptionItemParams,
  OptionListParams,
  OptionRecord,
  OptionUpdateBody,
  QueueStatusOption,
  RoomServiceOption,
  VisitPurposeOption,
  WaitingAreaOption,
  dataOf,
  listOf,
  pinNationalities,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { SIGNED_IN, branchOf, tenantRunner } from '../../platform/access.ts';
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

    app.get('/tel-codes/options', {
      config: { access: signedInBranch },
      schema: {
        tags: ['options'],
        querystring: KeywordQuery,
        response: { 200: listOf(CodeNameOption) },
      },
      handler: async (request) =>
        items(
          (await activeList(request, 'telCode', request.query.keyword)).map(({ code, name }) => ({
            code,
            name,
          })),
        ),
    });

    app.get('/tel-codes/default', {
      config: { access: signedInBranch },
      schema: { tags: ['options'], response: { 200: dataOf(CodeNameOption.nullable()) } },
      handler: async (request) => {
        const [first] = await activeList(request, 'telCode');
        return { data: first?.isDefault ? { code: first.code, name: first.name } : null };
      },
    });

    app.get('/identificationtype/options', {
      config: { access: signedInBranch },
      schema: {
        tags: ['options'],
        querystring: KeywordQuery,
        response: { 200: listOf(CodeNameOption) },
      },
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

    app.get('/nationalities/options', {
      config: { access: signedInBranch },
      schema: {
        tags: ['options'],
        querystring: KeywordQuery,
        response: { 200: listOf(CodeNameOption) },
      },
      handler: async (request) => {
        const rows = await activeList(request, 'nationality', request.query.keyword);
        const byName = [...rows].sort((a, b) => a.name.localeCompare(b.name));
        return items(
          pinNationalities(byName, (row) => row.name).map(({ code, name }) => ({ code, name })),
        );
      },
    });

    app.get('/gender/options', {
      config: { access: signedInBranch },
      schema: { tags: ['options'], response: { 200: listOf(CodeNameOption) } },
      handler: async (request) =>
        items((await activeList(request, 'gender')).map(({ code, name }) => ({ code, name }))),
    });

    app.get('/patients/card-prefixes/options', {
      config: { access: signedInBranch },
      schema: { tags: ['options'], response: { 200: listOf(CardPrefixItem) } },
      handler: async (request) => {
        const prefixes = (await activeList(request, 'cardPrefix')).map(({ id, code }) => ({
          id,
          prefix: code,
        }));
        return items<CardPrefixItem>([...prefixes, { id: -1, prefix: 'Custom' }]);
      },
    });

    app.get('/queue/visit-purposes/option', {
      config: { access: queueBranch },
      schema: { tags: ['options'], response: { 200: listOf(VisitPurposeOption) } },
      handler: async (request) =>
        items((await activeList(request, 'visitPurpose')).map(({ code }) => ({ code }))),
    });

    app.get('/queue/queue-status/options', {
      config: { access: queueBranch },
      schema: { tags: ['options'], response: { 200: listOf(QueueStatusOption) } },
      handler: async (request) =>
        items(
          (await activeList(request, 'queueStatus')).map(({ code, color }) => ({
            code,
            color: color ?? '#495057',
          })),
        ),
    });

    app.get('/queue/room-services', {
      config: { access: boardLookup },
      schema: {
        tags: ['options'],
        querystring: LookupPageQuery,
        response: { 200: listOf(RoomServiceOption) },
      },
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

    app.get('/queue/waiting-areas', {
      config: { access: boardLookup },
      schema: {
        tags: ['options'],
        querystring: LookupPageQuery,
        response: { 200: listOf(WaitingAreaOption) },
      },
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

    app.get('/doctors/options', {
      config: { access: signedInBranch },
      schema: { tags: ['options'], response: { 200: listOf(DoctorOption) } },
      handler: async (request) =>
        items(await tenantRunner(ctx.db, request)((tx) => doctorsOfBranch(tx, branchOf(request)))),
    });

    app.get('/companies/options', {
      config: { access: signedInBranch },
      schema: { tags: ['options'], response: { 200: listOf(CompanyOption) } },
      handler: async (request) => items(await tenantRunner(ctx.db, request)(companyOptions)),
    });

    // Administration: every list, inactive entries included.
    app.get('/settings/lists/:list', {
      config: { access: { ...settings, permission: 'settings:read' } },
      schema: {
        tags: ['settings'],
        params: OptionListParams,
        response: { 200: listOf(OptionRecord) },
      },
      handler: async (request) =>
        items(await admin.allOptions(branchScope(ctx.db, request), request.params.list)),
    });

    app.post('/settings/lists/:list', {
      config: { access: { ...settings, permission: 'settings:create' } },
      schema: {
        tags: ['settings'],
        params: OptionListParams,
        body: OptionCreateBody,
        response: { 201: dataOf(OptionRecord) },
      },
      handler: async (request, reply) => {
        const created = await admin.createOption(
          branchScope(ctx.db, request),
          request.params.list,
          request.body,
        );
        return reply.code(201).send({ data: created });
      },
    });

    app.put('/settings/lists/:list/:id', {
      config: { access: { ...settings, permission: 'settings:update' } },
      schema: {
        tags: ['settings'],
        params: OptionItemParams,
        body: OptionUpdateBody,
        response: { 200: dataOf(OptionRecord) },
      },
      handler: async (request) => ({
        data: await admin.updateOption(
          branchScope(ctx.db, request),
          request.params.list,
          request.params.id,
          request.body,
        ),
      }),
    });

    app.delete('/settings/lists/:list/:id', {
      config: { access: { ...settings, permission: 'settings:delete' } },
      schema: {
        tags: ['settings'],
        params: OptionItemParams,
        body: OptionDeleteBody,
        response: { 200: dataOf(z.boolean()) },
      },
      handler: async (request) => {
        const { list, id } = request.params;
        await admin.deleteOption(branchScope(ctx.db, request), list, id, request.body.version);
        return { data: true };
      },
    });
  };
}
