import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { referralsApi } from './referrals.endpoints.ts';
import {
  HsgStatus,
  HsgStatusQuery,
  InstitutionQuery,
  ReferralIdParams,
  ReferralLetterData,
  ReferralLetterParams,
  ReferralListQuery,
  ReferralOption,
  ReferralOutCreateBody,
  ReferralOutRecord,
  ReferralOutUpdateBody,
  ReferralPromptBody,
  ReferralSendBody,
  ReferralSubmitBody,
  ReferralVoidBody,
  SpecialtyQuery,
} from './referrals.ts';

/** Referrals out, their option lists and the HSG enrolment (doc 2 section 7; doc 3 7.1). */
export const referralsSchemas = {
  list: { query: ReferralListQuery, answer: listOf(ReferralOutRecord) },
  get: { params: ReferralIdParams, answer: dataOf(ReferralOutRecord) },
  create: { body: ReferralOutCreateBody, answer: dataOf(ReferralOutRecord), status: 201 },
  update: {
    params: ReferralIdParams,
    body: ReferralOutUpdateBody,
    answer: dataOf(ReferralOutRecord),
  },
  /** Answers the referral as voided. */
  void: { params: ReferralIdParams, body: ReferralVoidBody, answer: dataOf(ReferralOutRecord) },
  /** The quick prompt: `data` is the message shown. */
  prompt: { body: ReferralPromptBody, answer: dataOf(z.string()), status: 201 },
  institutions: { query: InstitutionQuery, answer: listOf(ReferralOption) },
  specialties: { query: SpecialtyQuery, answer: listOf(ReferralOption) },
  hsgStatus: { query: HsgStatusQuery, answer: dataOf(HsgStatus) },
  /** The referral letter's print data (ours; doc 3 sections 2.1, 7.1). */
  letter: { params: ReferralLetterParams, answer: dataOf(ReferralLetterData) },
  /** Emails the letter as a PDF; answers the referral with send status Sent (2). */
  send: { params: ReferralIdParams, body: ReferralSendBody, answer: dataOf(ReferralOutRecord) },
  /** Submits an HSG referral to the national programme; answers it with its new status. */
  submit: {
    params: ReferralIdParams,
    body: ReferralSubmitBody,
    answer: dataOf(ReferralOutRecord),
  },
} as const satisfies Record<string, RouteSchemas>;

export const referralsContract = joinContract(referralsApi, referralsSchemas);
