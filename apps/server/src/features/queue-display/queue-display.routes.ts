import { queueDisplayContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
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

    app.route({
      ...routeOf(queueDisplayContract.board, 'queue-display'),
      config: { access: boardAccess },
      handler: async (request) => ({ data: await display.boardOf(scope(request), request.query) }),
    });

    app.route({
      ...routeOf(queueDisplayContract.identity, 'queue-display'),
      config: { access: boardAccess },
      handler: async (request) => ({ data: await display.displayIdentity(scope(request)) }),
    });

    app.route({
      ...routeOf(queueDisplayContract.links, 'queue-display'),
      config: { access: { ...queueModule, permission: 'displayLinks:read' } },
      handler: async (request) => {
        const items = await display.displayLinks(scope(request));
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(queueDisplayContract.issueLink, 'queue-display'),
      config: { access: { ...queueModule, permission: 'displayLinks:create' } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send({ data: await display.issueDisplayLink(scope(request), request.body) }),
    });

    app.route({
      ...routeOf(queueDisplayContract.revokeLink, 'queue-display'),
      config: { access: { ...queueModule, permission: 'displayLinks:delete' } },
      handler: async (request) => {
        await display.revokeDisplayLink(scope(request), request.params.id);
        return { data: true };
      },
    });

    // A new key is a newly issued link: the right to issue links rotates them.
    app.route({
      ...routeOf(queueDisplayContract.rotateLink, 'queue-display'),
      config: { access: { ...queueModule, permission: 'displayLinks:create' } },
      handler: async (request) => ({
        data: await display.rotateDisplayLink(scope(request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(queueDisplayContract.doctorRooms, 'queue-display'),
      config: { access: { ...queueModule, permission: 'queue:read' } },
      handler: async (request) => {
        const items = await display.doctorRooms(scope(request));
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(queueDisplayContract.setDoctorRoom, 'queue-display'),
      config: { access: { ...queueModule, permission: 'queueDisplay:update' } },
      handler: async (request) => ({
        data: await display.setDoctorRoom(scope(request), request.params.doctorId, request.body),
      }),
    });
  };
}
