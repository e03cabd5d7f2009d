import {
  CountryOption,
  DeviceConfirmBody,
  DeviceConfirmParams,
  DeviceConfirmResult,
  PasswordChangeBody,
  SessionInfo,
  SINGPASS_UNAVAILABLE,
  SingpassSignInBody,
  SingpassStateBody,
  SignInBody,
  SubdomainParams,
  TenantConfirmBody,
  TenantConfirmResult,
  TenantRegistrationBody,
  TenantRegistrationResult,
  TimeoutInfo,
  countries,
  dataOf,
  listOf,
} from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { SIGNED_IN, principalOf } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { confirmActivation, registerTenant, resendActivation } from './registration.service.ts';
import { changePassword, confirmDevice, signIn, signOut, timeoutInfo } from './session.service.ts';

const signedIn = { module: null, branch: 'optional', permission: SIGNED_IN } as const;
/** What a user with a temporary password may still do. */
const beforePasswordChange = { ...signedIn, temporaryPassword: true } as const;
const Done = dataOf(z.boolean());

function callerOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Registration, activation, sign-in and the signed-in user's account (doc 1 section 7 'Account'). */
export function accountsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/tenants/countries/option', {
      config: { access: 'public' },
      schema: { tags: ['accounts'], response: { 200: listOf(CountryOption) } },
      handler: async () => ({ data: { items: [...countries], total: countries.length } }),
    });

    app.post('/tenants', {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        body: TenantRegistrationBody,
        response: { 201: dataOf(TenantRegistrationResult) },
      },
      handler: async (request, reply) => {
        const result = await registerTenant(ctx, request.body, request.ip);
        return reply.code(201).send({ data: result });
      },
    });

    app.post('/tenants/:subdomain/resend', {
      config: { access: 'public' },
      schema: { tags: ['accounts'], params: SubdomainParams, response: { 200: Done } },
      handler: async (request) => {
        await resendActivation(ctx, request.params.subdomain);
        return { data: true };
      },
    });

    app.put('/tenants/:subdomain/confirm', {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        params: SubdomainParams,
        body: TenantConfirmBody,
        response: { 200: dataOf(TenantConfirmResult) },
      },
      handler: async (request) => {
        await confirmActivation(ctx, request.params.subdomain, request.body, request.ip);
        return { data: { subdomain: request.params.subdomain, activated: true } };
      },
    });

    app.post('/sign-in', {
      config: { access: 'public' },
      schema: { tags: ['accounts'], body: SignInBody, response: { 200: dataOf(SessionInfo) } },
      handler: async (request) => ({ data: await signIn(ctx, request.body, callerOf(request)) }),
    });

    app.post('/sign-out', {
      config: { access: beforePasswordChange },
      schema: { tags: ['accounts'], response: { 200: Done } },
      handler: async (request) => {
        await signOut(ctx, principalOf(request));
        return { data: true };
      },
    });

    app.put('/accounts/password', {
      config: { access: beforePasswordChange },
      schema: { tags: ['accounts'], body: PasswordChangeBody, response: { 200: Done } },
      handler: async (request) => {
        await changePassword(ctx, principalOf(request), request.body);
        return { data: true };
      },
    });

    app.patch('/accounts/:uid/confirm', {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        params: DeviceConfirmParams,
        body: DeviceConfirmBody,
        response: { 200: dataOf(DeviceConfirmResult) },
      },
      handler: async (request) => ({
        data: await confirmDevice(ctx, request.params.uid, request.body.visitorId),
      }),
    });

    // Singpass (national digital identity): the spec's client calls these; there is no
    // identity provider to talk to yet, so they say so clearly.
    for (const [path, body] of [
      ['/sp-state', SingpassStateBody],
      ['/sp-sign-in', SingpassSignInBody],
    ] as const) {
      app.post(path, {
        config: { access: 'public' },
        schema: { tags: ['accounts'], body },
        handler: async () => {
          throw badRequest(SINGPASS_UNAVAILABLE);
        },
      });
    }

    app.get('/timeout', {
      config: { access: beforePasswordChange },
      schema: { tags: ['accounts'], response: { 200: dataOf(TimeoutInfo) } },
      handler: async (request) => ({
        data: await timeoutInfo(ctx, principalOf(request), request.branchId),
      }),
    });
  };
}
