import {
  canSubmitReferral,
  gpFirstAcknowledged,
  REFERRAL_MESSAGES,
  referralOutProblems,
  SEND_STATUS,
  type ReferralLetterData,
  type ReportHeader,
  type ReferralOutRecord,
  type ReferralRuleInput,
  type ReferralSendBody,
  type ReferralSubmitBody,
} from '@clinic/domain';
import { createHash } from 'node:crypto';
import type { TenantTx } from '../../db/tenant-db.ts';
import { badRequest, conflict, fieldError, fieldErrors } from '../../platform/errors.ts';
import type { DeliveryOutcome, MailAttachment, MailOutbox } from '../../platform/mail.ts';
import { imageDataUri, renderPdf } from '../../platform/pdf.ts';
import type { BranchScope } from '../../platform/scope.ts';
import { branchLogo, reportHeader } from '../reports/reports.service.ts';
import type { ReferralProgramme } from './referral-programme.ts';
import * as repo from './referrals.repo.ts';
import { letterDataIn, writableReferral } from './referrals.service.ts';

/**
 * Sending a referral's letter by email and submitting an HSG referral to the national
 * programme (doc 2 sections 4.3, 7 'Referrals'; docs/architecture.md "Referrals").
 */

/** The outbox purpose of a referral letter's mail: its delivery moves the send status. */
export const LETTER_MAIL = 'referralLetter';

function checkEchoedId(current: ReferralOutRecord, id: string | null | undefined): void {
  if (id && id !== current.id) throw fieldError('id', 'referral.notFound');
}

/** 'YYYY-MM-DD' as the letter writes it, 'DD/MM/YYYY'. */
function letterDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The letter as the print preview shows it, rendered to a PDF on the server. */
async function letterPdf(
  tx: TenantTx,
  scope: BranchScope,
  header: ReportHeader,
  letter: ReferralLetterData,
): Promise<MailAttachment> {
  const inThisTx = <T>(work: (inner: TenantTx) => Promise<T>) => work(tx);
  const logo = header.hasLogo
    ? await branchLogo(inThisTx, scope.branchId, scope.userId).then(({ image, contentType }) =>
        imageDataUri(image, contentType),
      )
    : null;
  return {
    filename: `ReferralLetter_${letter.issued.date}.pdf`,
    contentType: 'application/pdf',
    content: await renderPdf({ kind: 'referralLetter', header, logo, letter }),
  };
}

/** The mail's own words name no patient: the letter (the attachment) does. */
function letterMailBody(letter: ReferralLetterData, branchName: string): string {
  return [
    'Dear colleague,',
    '',
    `Please find attached a referral letter from ${branchName}, dated ${letterDate(letter.issued.date)} ${letter.issued.time}.`,
    '',
    letter.fullName,
    letter.mcr ? `MCR ${letter.mcr}` : '',
    branchName,
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
}

/**
 * `PATCH /referrals/out/send/{id}`: the letter, rendered to a PDF, queued in the mail
 * outbox to `email` (by default the patient's email on record); the send status becomes
 * Sent (2), and the outbox's delivery moves it on (`recordSendOutcome`). Only an HSG
 * referral (the spec's send button), of the caller's branch, not voided.
 */
export function sendReferral(
  scope: BranchScope,
  id: string,
  body: ReferralSendBody,
  outbox: Pick<MailOutbox, 'queue'>,
): Promise<ReferralOutRecord> {
  return scope.run(async (tx) => {
    const { current } = await writableReferral(tx, scope, id);
    checkEchoedId(current, body.id);
    if (!current.isHsg) throw badRequest('referral.sendNotHsg');
    const to = body.email ?? (await repo.patientEmail(tx, current.patientId));
    if (!to) throw fieldError('email', 'referral.emailRequired');
    const letter = await letterDataIn(tx, scope, current);
    const header = await reportHeader((work) => work(tx), scope.branchId);
    const mailId = await outbox.queue(tx, {
      to,
      subject: `Referral letter from ${header.branchName}`,
      body: letterMailBody(letter, header.branchName),
      attachment: await letterPdf(tx, scope, header, letter),
      purpose: { name: LETTER_MAIL, reference: id },
    });
    await repo.markSent(tx, id, { to, by: scope.userId, mailId });
    return (await repo.findReferral(tx, id)) ?? current;
  });
}

/**
 * The outbox's word on a letter's mail: accepted is Success (3); refused or unreachable
 * is Fail (4), and the outbox tries again; written to the log (no mail server set up)
 * leaves it Sent (2). Only the referral's latest mail counts.
 */
export async function recordSendOutcome(tx: TenantTx, outcome: DeliveryOutcome): Promise<void> {
  const status = {
    sent: SEND_STATUS.success,
    pending: SEND_STATUS.fail,
    failed: SEND_STATUS.fail,
    logged: undefined,
  }[outcome.status];
  if (status) await repo.setSendStatus(tx, outcome.reference, outcome.mailId, status);
}

/** The save rules of doc 2 section 5 on the referral as saved: what its type requires. */
function checkSubmittable(current: ReferralOutRecord): void {
  const input = current as ReferralOutRecord & ReferralRuleInput;
  const problems = referralOutProblems(input).map((problem) => ({
    field: problem.field,
    message: REFERRAL_MESSAGES[problem.key],
  }));
  if (!gpFirstAcknowledged(input)) {
    problems.push({ field: 'isRelatedToChas', message: REFERRAL_MESSAGES.acknowledge });
  }
  if (problems.length > 0) throw fieldErrors(problems);
}

/** A stable hash of what was submitted (the keys in order), for the record. */
function sha256Of(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}

/**
 * `PATCH /referrals/out/{id}`: submits an HSG referral in status 1, 4 or 5, as saved and
 * complete for its type, to the programme; records the submission (who, when, the
 * payload's hash, the outcome) and moves the referral to the programme's status.
 */
export function submitReferral(
  scope: BranchScope,
  id: string,
  body: ReferralSubmitBody,
  programme: ReferralProgramme,
): Promise<ReferralOutRecord> {
  return scope.run(async (tx) => {
    const { current } = await writableReferral(tx, scope, id);
    checkEchoedId(current, body.id);
    if (!current.isHsg) throw badRequest('referral.submitNotHsg');
    if (!canSubmitReferral(current)) throw badRequest('referral.notSubmittable');
    if (current.rowVersion !== body.rowVersion) throw conflict();
    checkSubmittable(current);
    const payload = await letterDataIn(tx, scope, current);
    const payloadSha256 = sha256Of(payload);
    const outcome = await programme.submit({
      referralId: id,
      payload,
      payloadSha256,
      submittedBy: scope.userId,
    });
    await repo.insertSubmission(tx, {
      referralId: id,
      programme: programme.name,
      payloadSha256,
      outcomeStatus: outcome.status,
      receipt: outcome.receipt,
      submittedBy: scope.userId,
    });
    if (!(await repo.setSubmittedStatus(tx, id, body.rowVersion, scope.userId, outcome.status))) {
      throw conflict();
    }
    return (await repo.findReferral(tx, id)) ?? current;
  });
}
