import { endpoints } from '../common/contract.ts';
import type { referralsSchemas } from './referrals.contract.ts';

/** Method and path of each referral route (zod-free; doc 2 section 7 'Referrals'). */
export const referralsApi = endpoints<typeof referralsSchemas>()({
  list: ['GET', '/referrals/out'],
  get: ['GET', '/referrals/out/:id'],
  create: ['POST', '/referrals/out'],
  update: ['PUT', '/referrals/out/:id'],
  void: ['DELETE', '/referrals/out/:id'],
  prompt: ['POST', '/referrals'],
  institutions: ['GET', '/referrals/institution'],
  specialties: ['GET', '/referrals/specialty'],
  hsgStatus: ['GET', '/enrolment/hsg-status'],
  letter: ['GET', '/reports/referrals/:id'],
  send: ['PATCH', '/referrals/out/send/:id'],
  submit: ['PATCH', '/referrals/out/:id'],
});
