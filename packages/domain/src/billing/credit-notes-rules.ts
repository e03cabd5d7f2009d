/**
 * Deposits and credit notes as the API keeps them (issue 13; doc 3 section 3.7
 * `creditNoteType`; docs/architecture.md "Credit notes and deposits"): numbers, statuses,
 * refusal words. Zod-free: the web reads these without the schemas. The arithmetic is
 * `credit-notes.ts` and `balance.ts`.
 *
 * Decisions where the spec is silent (ours):
 * - Numbers are per branch, gapless: `CN-000001` for a credit note, `DEP-000001` for a
 *   deposit.
 * - A deposit is a patient's prepayment in one method; it is applied to a later invoice of
 *   the patient (an application counts as paid on that invoice) and what is left of it may
 *   be given back by a credit note of type deposit.
 * - A credit note or an application is voided with its reason, never edited or removed.
 */
import { CREDIT_NOTE_TYPE, type CreditNoteType } from './balance.ts';
import { formatMoney } from './money.ts';

export function formatCreditNoteNo(seq: number): string {
  return `CN-${String(seq).padStart(6, '0')}`;
}

export function formatDepositNo(seq: number): string {
  return `DEP-${String(seq).padStart(6, '0')}`;
}

/** Credit notes, deposits and applications: issued (or settled), or voided. */
export const CREDIT_STATUS = { Voided: -1, Active: 0 } as const;
export type CreditStatus = (typeof CREDIT_STATUS)[keyof typeof CREDIT_STATUS];

/** The credit note types by name, as answered (`type`), with doc 3's numbers (`typeCode`). */
export const CREDIT_NOTE_TYPE_NAMES = ['deposit', 'goodsReturn', 'invoice'] as const;
export type CreditNoteTypeName = (typeof CREDIT_NOTE_TYPE_NAMES)[number];

export const CREDIT_NOTE_TYPE_BY_NAME: Readonly<Record<CreditNoteTypeName, CreditNoteType>> = {
  deposit: CREDIT_NOTE_TYPE.Deposit,
  goodsReturn: CREDIT_NOTE_TYPE.GoodsReturn,
  invoice: CREDIT_NOTE_TYPE.Invoice,
};

export function creditNoteTypeName(type: CreditNoteType): CreditNoteTypeName {
  if (type === CREDIT_NOTE_TYPE.Deposit) return 'deposit';
  return type === CREDIT_NOTE_TYPE.GoodsReturn ? 'goodsReturn' : 'invoice';
}

export const CREDIT_REASON_MAX = 500;
export const CREDIT_NOTE_LINES_MAX = 200;
export const DEPOSIT_REMARKS_MAX = 500;

export const CREDIT_NOTE_MESSAGES = {
  notFound: 'This credit note does not exist.',
  typeUnknown: 'type must be 1 (deposit), 2 (goods return) or 3 (invoice)',
  invoiceRequired: 'Please choose the invoice this credit note is for.',
  depositRequired: 'Please choose the deposit this credit note gives back.',
  invoiceDraft: 'Please finalise the invoice before issuing a credit note.',
  invoiceVoided: 'This invoice is voided; no credit note can be issued for it.',
  depositVoided: 'This deposit is voided; nothing is left to give back.',
  reasonRequired: 'Please give the reason for the credit note.',
  voidReasonRequired: 'Please give the reason for voiding the credit note.',
  alreadyVoided: 'This credit note is already voided.',
  linesOnlyForGoodsReturn: 'Only a goods-return credit note lists the goods returned.',
  lineUnknown: 'This line is not on the invoice.',
  lineAboveQuantity: 'More cannot come back than the line billed, less what came back before.',
  creditedFirst:
    'Credit notes take what this paid; void the credit notes before voiding the payment.',
  invoiceOrPatient: 'Please name a patient or an invoice.',
  oneReference: 'A credit note names an invoice (types 2 and 3) or a deposit (type 1), not both.',
  anotherBranch: 'This credit note is of another branch. Please choose that branch to change it.',
} as const;
export type CreditNoteMessageKey = keyof typeof CREDIT_NOTE_MESSAGES;

export const DEPOSIT_MESSAGES = {
  notFound: 'This deposit does not exist.',
  depositRequired: 'Please choose a deposit.',
  applicationVoidReasonRequired: 'Please give the reason for voiding this use of the deposit.',
  alreadyVoided: 'This deposit is already voided.',
  voided: 'This deposit is voided and cannot be used.',
  voidReasonRequired: 'Please give the reason for voiding the deposit.',
  inUse: 'This deposit has been used; void its applications and credit notes first.',
  anotherPatient: "This deposit is another patient's.",
  nothingLeft: 'Nothing is left of this deposit.',
  applicationNotFound: 'This use of a deposit does not exist.',
  applicationVoided: 'This use of the deposit is already voided.',
  anotherBranch: 'This deposit is of another branch. Please choose that branch to change it.',
} as const;
export type DepositMessageKey = keyof typeof DEPOSIT_MESSAGES;

/** Refusals whose words name values. */
export const CREDIT_REFUSAL_FORMATS = {
  'creditNote.abovePaid': (maxCents: number) =>
    `A credit note can be at most ${formatMoney(maxCents)}: what was paid less earlier credit notes.`,
  'creditNote.aboveRemainder': (remainderCents: number) =>
    `A credit note can be at most ${formatMoney(remainderCents)}: what is left of the deposit.`,
  'deposit.aboveRemainder': (remainderCents: number) =>
    `Only ${formatMoney(remainderCents)} is left of this deposit.`,
  'deposit.aboveBalance': (balanceCents: number) =>
    `The invoice has a balance of ${formatMoney(balanceCents)}; apply at most that.`,
} as const;
