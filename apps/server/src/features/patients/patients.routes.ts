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
  patientHeader,
  patientProfile,
  searchPatients,
  vaccinationCount,
} from './patients.service.ts';

const patientAccess = { module: 'clinic.patient', branch: 'required' } as const;

/** Patients as the front desk registers and finds them (doc 1 section 7 'Patients and pickers'). */
/** Searches of one clinic in work at once per instance: its share of database time. */
export const SEARCHES_AT_ONCE_PER_CLINIC = 1;

export function patientsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(patientsContract.create, 'patients'),
      config: {
        access: { ...patientAccess, permission: 'patients:create' },
        audit: { action: 'create', entity: 'patient', id: { from: 'answer', field: 'patientId' } },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send({ data: await createPatient(branchScope(ctx.db, request), request.body) }),
    });

    app.route({
      ...routeOf(patientsContract.search, 'patients'),
      config: {
        access: { ...patientAccess, permission: 'patients:read' },
        audit: {
          none: 'The picker: a page of names matching what the desk types, read as it types',
        },
        // A search costs from 1 ms to a scan of the clinic's patients, whatever its rate.
        clinicConcurrency: SEARCHES_AT_ONCE_PER_CLINIC,
      },
      handler: async (request) => {
        const items = await searchPatients(ctx.db, branchScope(ctx.db, request), request.query);
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(patientsContract.profile, 'patients'),
      config: {
        access: { ...patientAccess, permission: 'patients:read' },
        audit: { action: 'read', entity: 'patient', id: { from: 'params', field: 'id' } },
      },
      handler: async (request) => ({
        data: await patientProfile(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(patientsContract.changeNric, 'patients'),
      config: {
        access: { ...patientAccess, permission: 'patients:update' },
        audit: {
          action: 'update',
          entity: 'patient',
          id: { from: 'params', field: 'id' },
          detail: { field: 'nric' },
        },
      },
      handler: async (request) => ({
        data: await changeNric(branchScope(ctx.db, request), request.params.id, request.body.nric),
      }),
    });

    app.route({
      ...routeOf(patientsContract.changeCardNo, 'patients'),
      config: {
        access: { ...patientAccess, permission: 'patients:update' },
        audit: {
          action: 'update',
          entity: 'patient',
          id: { from: 'params', field: 'id' },
          detail: { field: 'cardNo' },
        },
      },
      handler: async (request) => ({
        data: await changeCardNo(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.cardNo,
        ),
      }),
    });

    app.route({
      ...routeOf(patientsContract.headerInfo, 'patients'),
      config: {
        access: { ...patientAccess, permission: 'patients:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'params', field: 'id' },
          detail: { record: 'header' },
        },
      },
      handler: async (request) => ({
        data: await patientHeader(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(patientsContract.vaccinationCount, 'patients'),
      config: {
        // No vaccinations resource exists yet: the count is part of reading the patient.
        access: { ...patientAccess, permission: 'patients:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'patientId' },
          detail: { record: 'vaccinations' },
        },
      },
      handler: async (request) => ({
        data: await vaccinationCount(branchScope(ctx.db, request), request.query.patientId),
      }),
    });
  };
}
