import { ALLERGY_REACTIONS, allergiesContract, searchAllergens } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromAnswer,
  fromBody,
  fromParams,
  fromQuery,
  onPatient,
  patientArea,
} from '../../platform/record-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as allergies from './allergies.service.ts';

/** A patient's allergies, the allergen and reaction lists, and the header's badges. */
export function allergiesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(allergiesContract.list, 'allergies'),
      config: {
        access: patientArea('allergies:read'),
        audit: onPatient('read', fromQuery('patientId'), { record: 'allergies' }),
      },
      handler: async (request) => {
        const items = await allergies.patientAllergies(
          branchScope(ctx.db, request),
          request.query.patientId,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(allergiesContract.badges, 'allergies'),
      config: {
        access: patientArea('allergies:read'),
        audit: onPatient('read', fromParams('patientId'), { record: 'allergiesAndAlert' }),
      },
      handler: async (request) => ({
        data: await allergies.allergiesAndAlert(
          branchScope(ctx.db, request),
          request.params.patientId,
        ),
      }),
    });

    app.route({
      ...routeOf(allergiesContract.create, 'allergies'),
      config: {
        access: patientArea('allergies:create'),
        audit: onPatient('create', fromBody('patientID'), {
          record: 'allergies',
          allergyId: fromAnswer('id'),
        }),
      },
      handler: async (request, reply) => {
        const data = await allergies.addAllergy(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(allergiesContract.remove, 'allergies'),
      config: {
        access: patientArea('allergies:delete'),
        audit: onPatient('delete', fromAnswer('patientId'), {
          record: 'allergies',
          allergyId: fromParams('id'),
        }),
      },
      handler: async (request) => ({
        data: await allergies.removeAllergy(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(allergiesContract.options, 'allergies'),
      config: {
        access: patientArea('allergies:read'),
        audit: { none: 'the allergen list (the same for every clinic): it reads no patient' },
      },
      handler: async (request) => {
        const items = searchAllergens(request.query.keyword ?? '', request.query.allergyType);
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(allergiesContract.reactions, 'allergies'),
      config: {
        access: patientArea('allergies:read'),
        audit: { none: 'the reaction codes N, U, Y and their labels: it reads no patient' },
      },
      handler: async () => {
        const items = ALLERGY_REACTIONS.map(({ code, name }) => ({ code, name }));
        return { data: { items, total: items.length } };
      },
    });
  };
}
