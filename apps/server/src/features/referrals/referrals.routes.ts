import { referralsContract } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/app-context.ts';
import { routeOf } from '../../platform/contract-routes.ts';
import {
  fromAnswer,
  fromBody,
  fromParams,
  fromQuery,
  onPatient,
  onVisit,
  patientArea,
} from '../../platform/record-routes.ts';
import { principalOf } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';
import { branchScope } from '../../platform/scope.ts';
import { recordOnlyProgramme, type ReferralProgramme } from './referral-programme.ts';
import * as delivery from './referral-delivery.service.ts';
import * as referrals from './referrals.service.ts';

const record = 'referrals';
const LISTS_NAME_NO_PATIENT = { none: 'the institution and specialty lists name no patient' };

/**
 * Referrals out, their option lists and the HSG enrolment (doc 2 section 7 'Referrals').
 * `programme` is where HSG referrals are submitted: by default only recorded (the national
 * programme's endpoint is not reachable from here).
 */
export function referralsRoutes(
  ctx: AppContext,
  programme: ReferralProgramme = recordOnlyProgramme,
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    ctx.mail.onDelivery(delivery.LETTER_MAIL, delivery.recordSendOutcome);

    app.route({
      ...routeOf(referralsContract.list, 'referrals'),
      config: {
        access: patientArea('referrals:read'),
        audit: onPatient('read', fromQuery('patientId'), { record }),
      },
      handler: async (request) => {
        const items = await referrals.patientReferrals(
          branchScope(ctx.db, request),
          request.query.patientId,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(referralsContract.get, 'referrals'),
      config: {
        access: patientArea('referrals:read'),
        audit: onVisit('read', fromAnswer('visitId'), { record, id: fromParams('id') }),
      },
      handler: async (request) => ({
        data: await referrals.referral(branchScope(ctx.db, request), request.params.id),
      }),
    });

    app.route({
      ...routeOf(referralsContract.create, 'referrals'),
      config: {
        access: patientArea('referrals:create'),
        audit: onVisit('create', fromAnswer('visitId'), { record, id: fromAnswer('id') }),
      },
      handler: async (request, reply) => {
        const created = await referrals.createReferral(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data: created });
      },
    });

    app.route({
      ...routeOf(referralsContract.update, 'referrals'),
      config: {
        access: patientArea('referrals:update'),
        audit: onVisit('update', fromAnswer('visitId'), { record, id: fromParams('id') }),
      },
      handler: async (request) => ({
        data: await referrals.updateReferral(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(referralsContract.void, 'referrals'),
      config: {
        access: patientArea('referrals:delete'),
        audit: onVisit('delete', fromAnswer('visitId'), { record, id: fromParams('id') }),
      },
      handler: async (request) => ({
        data: await referrals.voidReferral(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
        ),
      }),
    });

    app.route({
      ...routeOf(referralsContract.prompt, 'referrals'),
      config: {
        access: patientArea('referrals:create'),
        audit: onVisit('create', fromBody('outVisitID'), { record, via: 'quick prompt' }),
      },
      handler: async (request, reply) => {
        const message = await referrals.promptReferral(branchScope(ctx.db, request), request.body);
        return reply.code(201).send({ data: message });
      },
    });

    app.route({
      ...routeOf(referralsContract.institutions, 'referrals'),
      config: { access: patientArea('referrals:read'), audit: LISTS_NAME_NO_PATIENT },
      handler: async (request) => {
        const items = await referrals.institutions(
          branchScope(ctx.db, request),
          request.query.type,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(referralsContract.specialties, 'referrals'),
      config: { access: patientArea('referrals:read'), audit: LISTS_NAME_NO_PATIENT },
      handler: async (request) => {
        const items = await referrals.specialties(
          branchScope(ctx.db, request),
          request.query.code,
          request.query.type,
        );
        return { data: { items, total: items.length } };
      },
    });

    app.route({
      ...routeOf(referralsContract.hsgStatus, 'referrals'),
      config: {
        access: patientArea('referrals:read'),
        audit: onPatient('read', fromQuery('patientID'), { record: 'hsgEnrolment' }),
      },
      handler: async (request) => ({
        data: await referrals.hsgStatus(branchScope(ctx.db, request), request.query.patientID),
      }),
    });

    // The clinical-reads policy asks `referrals:read` of a GET answering a referral;
    // printing its letter needs `referrals:print` as well.
    app.route({
      ...routeOf(referralsContract.letter, 'referrals'),
      config: {
        access: patientArea('referrals:read'),
        audit: onVisit('read', fromAnswer('visitId'), {
          record,
          id: fromParams('id'),
          purpose: 'print',
        }),
      },
      handler: async (request) => {
        if (!principalOf(request).permissions.has('referrals:print')) {
          throw forbidden('access.roleRefusal');
        }
        return {
          data: await referrals.referralLetter(branchScope(ctx.db, request), request.params.id),
        };
      },
    });

    app.route({
      ...routeOf(referralsContract.send, 'referrals'),
      config: {
        access: patientArea('referrals:update'),
        audit: onVisit('update', fromAnswer('visitId'), {
          record,
          id: fromParams('id'),
          purpose: 'send',
        }),
      },
      handler: async (request) => ({
        data: await delivery.sendReferral(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
          ctx.mail,
        ),
      }),
    });

    app.route({
      ...routeOf(referralsContract.submit, 'referrals'),
      config: {
        access: patientArea('referrals:approve'),
        audit: onVisit('update', fromAnswer('visitId'), {
          record,
          id: fromParams('id'),
          purpose: 'submit',
        }),
      },
      handler: async (request) => ({
        data: await delivery.submitReferral(
          branchScope(ctx.db, request),
          request.params.id,
          request.body,
          programme,
        ),
      }),
    });
  };
}
