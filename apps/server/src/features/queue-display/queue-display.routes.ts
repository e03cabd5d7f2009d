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
  dataOf,
  listOf,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { branchScope } from '../../platform/scope.ts';
import * as display from './queue-display.service.ts';

/** Read by staff and by a display link of the branch. */
const boardAccess = {
  module: 'clinic.queue',
  branch: 'required',
  permission: 'queueDisplay:read',
  display: true,
} as const;
/** Display links and doctor rooms: set up by administrators (their role) by default. */
const queueModule = { module: 'clinic.queue', branch: 'required' } as const;

/** The public queue board (doc 1 sections 2.12 and 4) and what sets it up. */
export function queueDisplayRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const scope = (request: Parameters<typeof branchScope>[1]) => branchScope(ctx.db, request);

    app.get('/queue/display', {
      config: { access: boardAccess },
      schema: {
        tags: ['queue-display'],
        querystring: QueueDisplayQuery,
        response: { 200: dataOf(QueueDisplayAnswer) },
      },
      handler: async (request) => ({ data: await display.boardOf(scope(request), request.query) }),
    });

    app.get('/queue/display/identity', {
      config: { access: boardAccess },
      schema: { tags: ['queue-display'], response: { 200: dataOf(DisplayIdentity) } },
      handler: async (request) => ({ data: await display.displayIdentity(scope(request)) }),
    });

    app.get('/queue/display-links', {
      config: { access: { ...queueModule, permission: 'displayLinks:read' } },
      schema: { tags: ['queue-display'], response: { 200: listOf(DisplayLink) } },
      handler: async (request) => {
        const items = await display.displayLinks(scope(request));
        return { data: { items, total: items.length } };
      },
    });

    app.post('/queue/display-links', {
      config: { access: { ...queueModule, permission: 'displayLinks:create' } },
      schema: {
        tags: ['queue-display'],
        body: DisplayLinkCreateBody,
        response: { 201: dataOf(IssuedDisplayLink) },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send({ data: await display.issueDisplayLink(scope(request), request.body.name) }),
    });

    app.delete('/queue/display-links/:id', {
      config: { access: { ...queueModule, permission: 'displayLinks:delete' } },
      schema: {
        tags: ['queue-display'],
        params: DisplayLinkParams,
        response: { 200: dataOf(z.boolean()) },
      },
      handler: async (request) => {
        await display.revokeDisplayLink(scope(request), request.params.id);
        return { data: true };
      },
    });

    app.get('/queue/doctor-rooms', {
      config: { access: { ...queueModule, permission: 'queue:read' } },
      schema: { tags: ['queue-display'], response: { 200: listOf(DoctorRoom) } },
      handler: async (request) => {
        const items = await display.doctorRooms(scope(request));
        return { data: { items, total: items.length } };
      },
    });

    app.put('/queue/doctor-rooms/:doctorId', {
      config: { access: { ...queueModule, permission: 'queueDisplay:update' } },
      schema: {
        tags: ['queue-display'],
        params: DoctorRoomParams,
        body: DoctorRoomBody,
        response: { 200: dataOf(DoctorRoom) },
      },
      handler: async (request) => ({
        data: await display.setDoctorRoom(scope(request), request.params.doctorId, request.body),
      }),
    });
  };
}
