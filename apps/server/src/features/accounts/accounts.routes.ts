import { accountsContract, countries } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { SIGNED_IN, principalOf } from '../../platform/access.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import { badRequest } from '../../platform/errors.ts';
import { confirmActivation, registerTenant, resendActivation } from './registration.service.ts';
import { changePassword, confirmDevice, signIn, signOut, timeoutInfo } from './session.service.ts';

const signedIn = { module: null, branch: 'optional', permission: SIGNED_IN } as const;
/** What a user with a temporary password may still do. */
const beforePasswordChange = { ...signedIn, temporaryPassword: true } as const;

function callerOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Registration, activation, sign-in and the signed-in user's account (doc 1 section 7 'Account'). */
export function accountsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...routeOf(accountsContract.countries, 'accounts'),
      config: { access: 'public' },
      handler: async () => ({ data: { items: [...countries], total: countries.length } }),
    });

    app.route({
      ...routeOf(accountsContract.register, 'accounts'),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const result = await registerTenant(ctx, request.body, request.ip);
        return reply.code(201).send({ data: result });
      },
    });

    app.route({
      ...routeOf(accountsContract.resendActivation, 'accounts'),
      config: { access: 'public' },
      handler: async (request) => {
        await resendActivation(ctx, request.params.subdomain);
        return { data: true };
      },
    });

    app.route({
      ...routeOf(accountsContract.confirmActivation, 'accounts'),
      config: { access: 'public' },
      handler: async (request) => {
        await confirmActivation(ctx, request.params.subdomain, request.body, request.ip);
        return { data: { subdomain: request.params.subdomain, activated: true } };
      },
    });

    app.route({
      ...routeOf(accountsContract.signIn, 'accounts'),
      config: { access: 'public' },
      handler: async (request) => ({ data: await signIn(ctx, request.body, callerOf(request)) }),
    });

    app.route({
      ...routeOf(accountsContract.signOut, 'accounts'),
      config: { access: beforePasswordChange },
      handler: async (request) => {
        await signOut(ctx, principalOf(request));
        return { data: true };
      },
    });

    app.route({
      ...routeOf(accountsContract.changePassword, 'accounts'),
      config: { access: beforePasswordChange },
      handler: async (request) => {
        await changePassword(ctx, principalOf(request), request.body);
        return { data: true };
      },
    });

    app.route({
      ...routeOf(accountsContract.confirmDevice, 'accounts'),
      config: { access: 'public' },
      handler: async (request) => ({
        data: await confirmDevice(ctx, request.params.uid, request.body.visitorId),
      }),
    });

    // Singpass (national digital identity): the spec's client calls these; there is no
    // identity provider to talk to yet, so they say so clearly.
    for (const entry of [accountsContract.singpassState, accountsContract.singpassSignIn]) {
      app.route({
        ...routeOf(entry, 'accounts'),
        config: { access: 'public' },
        handler: async () => {
          throw badRequest('session.singpassUnavailable');
        },
      });
    }

    app.route({
      ...routeOf(accountsContract.timeout, 'accounts'),
      config: { access: beforePasswordChange },
      handler: async (request) => ({
        data: await timeoutInfo(ctx, principalOf(request), request.branchId),
      }),
    });
  };
}
