import {
  DisplayIdentity,
  DisplayLink,
  DisplayLinkCreateBody,
  DisplayLinkParams,
  DoctorRoom,
  DoctorRoomBody,
  DoctorRoomParams,
  IssuedDisplayLink,
  QueueDisplayAnswer,
  QueueDisplayQuery,
  UserType,
  dataOf,
  listOf,
  queueDisplayAnswer,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { DISPLAY_TOKEN_PREFIX } from '../../platform/access.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { branchScope, clinicContext } from '../../platform/scope.ts';
import { hashToken } from '../../platform/tokens.ts';
import { findOption } from '../options/options.repo.ts';
import * as queueRepo from '../queue/queue.repo.ts';
import * as repo from './queue-display.repo.ts';

/** Read by staff and by a display link of the branch. */
const boardAccess = { module: 'clinic.queue', branch: 'required', display: true } as const;
const administrators = {
  module: 'clinic.queue',
  branch: 'required',
  roles: [UserType.administrator],
} as const;

/** The public queue board (doc 1 sections 2.12 and 4) and what sets it up. */
export function queueDisplayRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/queue/display', {
      config: { access: boardAccess },
      schema: {
        tags: ['queue-display'],
        querystring: QueueDisplayQuery,
        response: { 200: dataOf(QueueDisplayAnswer) },
      },
      handler: async (request) => {
        const scope = branchScope(ctx.db, request);
        const entries = await scope.run(async (tx) => {
          const clinic = await clinicContext(tx, scope.branchId);
          return queueRepo.listDay(tx, scope.branchId, clinic.dateOf(request.query.visitDate));
        });
        return {
          data: queueDisplayAnswer(entries, {
            roomServices: request.query.status,
            areaID: request.query.areaID,
          }),
        };
      },
    });

    app.get('/queue/display/identity', {
      config: { access: boardAccess },
      schema: { tags: ['queue-display'], response: { 200: dataOf(DisplayIdentity) } },
      handler: async (request) => {
        const scope = branchScope(ctx.db, request);
        return { data: await scope.run((tx) => repo.displayIdentity(tx, scope.branchId)) };
      },
    });

    app.get('/queue/display-links', {
      config: { access: administrators },
      schema: { tags: ['queue-display'], response: { 200: listOf(DisplayLink) } },
      handler: async (request) => {
        const scope = branchScope(ctx.db, request);
        const items = await scope.run((tx) => repo.branchDisplayLinks(tx, scope.branchId));
        return { data: { items, total: items.length } };
      },
    });

    app.post('/queue/display-links', {
      config: { access: administrators },
      schema: {
        tags: ['queue-display'],
        body: DisplayLinkCreateBody,
        response: { 201: dataOf(IssuedDisplayLink) },
      },
      handler: async (request, reply) => {
        const scope = branchScope(ctx.db, request);
        const token = `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
        const { link, code } = await scope.run(async (tx) => ({
          link: await repo.insertDisplayLink(tx, {
            branchId: scope.branchId,
            name: request.body.name,
            tokenHash: hashToken(token),
            createdBy: scope.userId,
          }),
          code: (await repo.displayIdentity(tx, scope.branchId)).branchCode,
        }));
        const path = `/${encodeURIComponent(code)}/queue-display?key=${token}`;
        return reply.code(201).send({ data: { ...link, token, path } });
      },
    });

    app.delete('/queue/display-links/:id', {
      config: { access: administrators },
      schema: {
        tags: ['queue-display'],
        params: DisplayLinkParams,
        response: { 200: dataOf(z.boolean()) },
      },
      handler: async (request) => {
        const scope = branchScope(ctx.db, request);
        const revoked = await scope.run((tx) =>
          repo.revokeDisplayLink(tx, scope.branchId, request.params.id),
        );
        if (!revoked) throw notFound('This display link does not exist.');
        return { data: true };
      },
    });

    app.get('/queue/doctor-rooms', {
      config: { access: { module: 'clinic.queue', branch: 'required' } },
      schema: { tags: ['queue-display'], response: { 200: listOf(DoctorRoom) } },
      handler: async (request) => {
        const scope = branchScope(ctx.db, request);
        const items = await scope.run((tx) => repo.doctorRooms(tx, scope.branchId));
        return { data: { items, total: items.length } };
      },
    });

    app.put('/queue/doctor-rooms/:doctorId', {
      config: { access: administrators },
      schema: {
        tags: ['queue-display'],
        params: DoctorRoomParams,
        body: DoctorRoomBody,
        response: { 200: dataOf(DoctorRoom) },
      },
      handler: async (request) => {
        const scope = branchScope(ctx.db, request);
        const room = await scope.run(async (tx) => {
          const doctors = await repo.doctorRooms(tx, scope.branchId);
          if (!doctors.some((doctor) => doctor.doctorId === request.params.doctorId)) {
            throw notFound('This doctor does not work in this branch.');
          }
          const { areaID } = request.body;
          if (areaID && !(await findOption(tx, 'waitingArea', areaID, scope.branchId))) {
            throw fieldError('areaID', 'Please choose a waiting area of this branch.');
          }
          await repo.saveDoctorRoom(tx, {
            branchId: scope.branchId,
            doctorId: request.params.doctorId,
            roomName: request.body.roomName,
            areaId: areaID,
          });
          return (await repo.doctorRooms(tx, scope.branchId)).find(
            (doctor) => doctor.doctorId === request.params.doctorId,
          );
        });
        if (!room) throw notFound();
        return { data: room };
      },
    });
  };
}
