import { mcContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromAnswer,
  fromParams,
  fromQuery,
  onVisit,
  patientArea,
} from '../../platform/record-routes.ts';
import { forbidden } from '../../platform/errors.ts';
import { branchScope } from '../../platform/scope.ts';
import * as mc from './mc.service.ts';

const record = 'medicalCertificates';

/** Medical certificates of a visit and their print data (doc 2 section 7; doc 3 7.1, 7.4). */
export function medicalCertificatesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(mcContract.list, 'medical-certificates'),
      config: {
        access: patientArea('medicalCertificates:read'),
        audit: onVisit('read', fromQuery('visitId'), { record }),
      },
      handler: async (request) => {
        const items = await mc.visitCertificates(
          branchScope(ctx.db, request),
          request.query.visitId,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(mcContract.get, 'medical-certificates'),
      config: {
        access: patientArea('medicalCertificates:read'),
        audit: onVisit('read', fromAnswer('visitId'), { record, id: fromParams('id') }),
      },
      handler: async (request) => ({
        data: await mc.certificate(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(mcContract.create, 'medical-certificates'),
      config: {
        access: patientArea('medicalCertificates:create'),
        audit: onVisit('create', fromAnswer('visitId'), {
          record,
          id: fromAnswer('id'),
          mcNo: fromAnswer('mcNo'),
        }),
      },
      handler: async (request, reply) => {
        const created = await mc.createCertificate(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data: created });
      },
    });

    app.route({
      ...routeOf(mcContract.update, 'medical-certificates'),
      config: {
        access: patientArea('medicalCertificates:update'),
        audit: onVisit('update', fromAnswer('visitId'), { record, id: fromParams('id') }),
      },
      handler: async (request) => ({
        data: await mc.updateCertificate(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(mcContract.remove, 'medical-certificates'),
      config: {
        access: patientArea('medicalCertificates:delete'),
        audit: onVisit('delete', fromAnswer('visitId'), { record, id: fromParams('id') }),
      },
      handler: async (request) => ({
        data: await mc.deleteCertificate(
          branchScope(ctx.db, request),
          request.params.id,
          request.body.version,
        ),
      }),
    });

    // The clinical-reads policy asks `medicalCertificates:read` of a GET answering a
    // certificate; printing it needs `medicalCertificates:print` as well.
    app.route({
      ...routeOf(mcContract.report, 'medical-certificates'),
      config: {
        access: patientArea('medicalCertificates:read'),
        audit: onVisit('read', fromAnswer('visitId'), {
          record,
          id: fromQuery('id'),
          purpose: 'print',
        }),
      },
      handler: async (request) => {
        if (!principalOf(request).permissions.has('medicalCertificates:print')) {
          throw forbidden('access.roleRefusal');
        }
        return { data: await mc.certificateReport(branchScope(ctx.db, request), request.query.id) };
      },
    });
  };
}
