import { patientsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import {
  changeCardNo,
  changeNric,
  createPatient,
  patientProfile,
  searchPatients,
} from './patients.service.ts';

const patientAccess = { module: 'clinic.patient', branch: 'required' } as const;

/** Patients as the front desk registers and finds them (doc 1 section 7 'Patients and pickers'). */
export function patientsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(patientsContract.create, 'patients'),
      config: { access: { ...patientAccess, permission: 'patients:create' } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send({ data: await createPatient(branchScope(ctx.db, request), request.body) }),
    });

    app.route({
      ...routeOf(patientsContract.search, 'patients'),
      config: { access: { ...patientAccess, permission: 'patients:read' } },
      handler: async (request) => {
        const items = await searchPatients(ctx.db, branchScope(ctx.db, request), request.query);
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(patientsContract.profile, 'patients'),
      config: { access: { ...patientAccess, permission: 'patients:read' } },
      handler: async (request) => ({
        data: await patientProfile(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(patientsContract.changeNric, 'patients'),
      config: { access: { ...patientAccess, permission: 'patients:update' } },
      handler: async (request) => ({
        data: await changeNric(branchScope(ctx.db, request), request.params.id, request.body.nric),
      }),
    });

    app.route({
      ...routeOf(patientsContract.changeCardNo, 'patients'),
      config: { access: { ...patientAccess, permission: 'patients:update' } },
      handler: async (request) => ({
        data: await changeCardNo(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.cardNo,
        ),
      }),
    });
  };
}
