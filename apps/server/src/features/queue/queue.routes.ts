import { queueContract } from '@clinic/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { branchScope } from '../../platform/scope.ts';
import { QueueDayCache } from './queue-day-cache.ts';
import * as queue from './queue.service.ts';

const queueAccess = { module: 'clinic.queue', branch: 'required' } as const;

/** Sends JSON text as it is: Fastify serialises (and checks against the schema) only objects. */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The front-desk queue of the caller's branch (doc 1 section 7 'Queue'). */
export function queueRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const scope = (request: Parameters<typeof branchScope>[1]) => branchScope(ctx.db, request);
    const dayCache = new QueueDayCache(ctx.events);
    fastify.addHook('onClose', async () => dayCache.close());

    app.route({
      ...routeOf(queueContract.list, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:read' },
        audit: { none: "The day's list of the branch: names and places, reloaded on every change" },
      },
      // Serialised by hand from one statement's ready-made values (the schema above
      // documents it): a 300-entry day is about 220 KB of JSON (see `dayAnswerJson`),
      // kept in memory until it changes (`QueueDayCache`).
      handler: async (request, reply) =>
        sendJsonText(
          reply,
          await queue.dayAnswer(ctx.db, dayCache, scope(request), request.query.visitDate),
        ),
    });

    app.route({
      ...routeOf(queueContract.patientHistory, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:read' },
        audit: {
          action: 'read',
          entity: 'patient',
          id: { from: 'query', field: 'patientID' },
          detail: { record: 'queue' },
        },
      },
      handler: async (request) => ({
        data: await queue.patientHistory(scope(request), request.query),
      }),
    });

    app.route({
      ...routeOf(queueContract.add, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:create' },
        audit: {
          action: 'create',
          entity: 'queue',
          id: { from: 'answer', field: 'id' },
          detail: { patientId: { from: 'body', field: 'patientId' } },
        },
      },
      handler: async (request, reply) =>
        reply.code(201).send({ data: await queue.addToQueue(ctx, scope(request), request.body) }),
    });

    app.route({
      ...routeOf(queueContract.visitPurposes, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'visitPurposes' },
        },
      },
      handler: async (request) => ({
        data: await queue.changeVisitPurposes(
          ctx,
          scope(request),
          request.params.id,
          request.body.visitPurpose,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(queueContract.roomService, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'roomService' },
        },
      },
      handler: async (request) => ({
        data: await queue.changeRoomService(
          ctx,
          scope(request),
          request.params.id,
          request.body.roomService,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(queueContract.status, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'status' },
        },
      },
      handler: async (request) => ({
        data: await queue.changeStatus(
          ctx,
          scope(request),
          request.params.id,
          request.body.status,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(queueContract.remark, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'remark' },
        },
      },
      handler: async (request) => ({
        data: await queue.changeRemark(
          ctx,
          scope(request),
          request.params.id,
          request.body.remark,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(queueContract.visitTime, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'body', field: 'id' },
          detail: { field: 'visitTime' },
        },
      },
      handler: async (request) => ({
        data: await queue.changeVisitTime(
          ctx,
          scope(request),
          request.body.id,
          request.body.visitTime,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(queueContract.remove, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:delete' },
        audit: {
          action: 'delete',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { reason: { from: 'body', field: 'voidedReason' } },
        },
      },
      handler: async (request) => {
        await queue.deleteEntry(
          ctx,
          scope(request),
          request.params.id,
          request.body.version,
          request.body.voidedReason,
        );
        return { data: true };
      },
    });

    app.route({
      ...routeOf(queueContract.swap, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'queueSeq' },
        },
      },
      handler: async (request) => ({
        data: await queue.exchangeSeq(
          ctx,
          scope(request),
          request.params.id,
          request.body.exchangeId,
          request.body.version,
        ),
      }),
    });

    app.route({
      ...routeOf(queueContract.callIn, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'callIn' },
        },
      },
      handler: async (request) => ({
        data: await queue.callIn(ctx, scope(request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(queueContract.consultOut, 'queue'),
      config: {
        access: { ...queueAccess, permission: 'queue:update' },
        audit: {
          action: 'update',
          entity: 'queue',
          id: { from: 'params', field: 'id' },
          detail: { field: 'consultOut' },
        },
      },
      handler: async (request) => ({
        data: await queue.consultOut(ctx, scope(request), request.params.id),
      }),
    });
  };
}
