import { ALLERGY_REACTIONS, allergiesContract, searchAllergens } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import * as allergies from './allergies.service.ts';

const patientAccess = { module: 'clinic.patient', branch: 'required' } as const;

/** A patient's allergies, the allergen and reaction lists, and the header's badges. */
export function allergiesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(allergiesContract.list, 'allergies'),
      config: {
        access: { ...patientAccess, permission: 'allergies:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'patientId' },
          detail: { record: 'allergies' },
        },
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
        access: { ...patientAccess, permission: 'allergies:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'params', field: 'patientId' },
          detail: { record: 'allergiesAndAlert' },
        },
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
        access: { ...patientAccess, permission: 'allergies:create' },
        audit: {
          action: 'create',
          entity: 'patient',
          id: { from: 'body', field: 'patientID' },
          detail: { record: 'allergies', allergyId: { from: 'answer', field: 'id' } },
        },
      },
      handler: async (request, reply) => {
        const data = await allergies.addAllergy(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data });
      },
    });

    app.route({
      ...routeOf(allergiesContract.remove, 'allergies'),
      config: {
        access: { ...patientAccess, permission: 'allergies:delete' },
        audit: {
          action: 'delete',
          entity: 'patient',
          id: { from: 'answer', field: 'patientId' },
          detail: { record: 'allergies', allergyId: { from: 'params', field: 'id' } },
        },
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
        access: { ...patientAccess, permission: 'allergies:read' },
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
        access: { ...patientAccess, permission: 'allergies:read' },
        audit: { none: 'the reaction codes N, U, Y and their labels: it reads no patient' },
      },
      handler: async () => {
        const items = ALLERGY_REACTIONS.map(({ code, name }) => ({ code, name }));
        return { data: { items, total: items.length } };
      },
    });
  };
}
