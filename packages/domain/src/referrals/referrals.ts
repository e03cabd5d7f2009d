import { z } from 'zod';
import { clinicalRecords } from '../accounts/clinical.ts';
import {
  cacheBusters,
  fromQuery,
  optionalText,
  requiredId,
  versionField,
} from '../common/fields.ts';
import { singleLineString } from '../common/text.ts';
// Constants and pure rules live beside, free of zod (the editor runs them live).
import {
  gpFirstAcknowledged,
  issueDateProblem,
  REFERRAL_LETTER_MAX,
  REFERRAL_LINE_MAX,
  REFERRAL_MESSAGES,
  REFERRAL_TEXT_MAX,
  referralOutProblems,
} from './referral-rules.ts';

export * from './referral-rules.ts';

const line = (field: string) =>
  optionalText(REFERRAL_LINE_MAX, `${field} cannot exceed ${REFERRAL_LINE_MAX} characters.`);
const text = (field: string) =>
  optionalText(
    REFERRAL_TEXT_MAX,
    `${field} cannot exceed ${REFERRAL_TEXT_MAX} characters.`,
    'multi',
  );
const flag = (field: string) =>
  z
    .boolean({ error: `${field} must be true or false` })
    .nullish()
    .transform((value) => value ?? false);

const referralTypeField = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: 'referralType must be 1 (Routine), 2 (Fast Track), 3 (A&E/UCC) or 4 (GPFirst)',
  })
  .nullish()
  .transform((value) => value ?? null);

const patientRequestField = z
  .enum(['Subsidised Referral', 'Private-rate Referral'], {
    error: 'patientRequest must be Subsidised Referral or Private-rate Referral',
  })
  .nullish()
  .transform((value) => value ?? null);

/** Bill size in cents (GPFirst only); our choice of unit: money is integer cents. */
const billSizeField = z
  .int({ error: 'billSize must be a whole number of cents' })
  .min(0, 'billSize must be a whole number of cents')
  .nullish()
  .transform((value) => value ?? null);

const issueDateField = z
  .int({ error: REFERRAL_MESSAGES.issueDateRequired })
  .min(0, 'issueDate must be a time in whole Unix seconds')
  .nullish();

/** Echoed read-only parts of an answer the editor may send back: accepted, not kept. */
const echoed = {
  referralStatus: z.unknown().optional(),
  sendStatus: z.unknown().optional(),
  diagnosis: z.unknown().optional(),
  medications: z.unknown().optional(),
  modifiedDate: z.unknown().optional(),
  voidedReason: z.unknown().optional(),
  voidedDate: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  branchId: z.unknown().optional(),
  referralNo: z.unknown().optional(),
};

/** Doc 2 section 3 'Referral out': what the editor sends on create and update. */
const referralOutFields = {
  isHsg: flag('isHsg'),
  referralType: referralTypeField,
  referralInstitution: line('referralInstitution'),
  referralInstitutionDescription: line('referralInstitutionDescription'),
  speciallyService: line('speciallyService'),
  speciallyServiceDescription: line('speciallyServiceDescription'),
  referralReason: text('referralReason'),
  drugAllergies: text('drugAllergies'),
  diagnosisText: text('diagnosisText'),
  medicalHistory: text('medicalHistory'),
  treatments: text('treatments'),
  isNamedDoctor: flag('isNamedDoctor'),
  doctorName: line('doctorName'),
  isRelatedToChas: flag('isRelatedToChas'),
  isRelatedToSfl: flag('isRelatedToSfl'),
  isRelatedToVcdss: flag('isRelatedToVcdss'),
  isRelatedToNone: flag('isRelatedToNone'),
  patientRequest: patientRequestField,
  billSize: billSizeField,
  note: text('note'),
  isIncludingDiagnosis: flag('isIncludingDiagnosis'),
  isIncludingMedication: flag('isIncludingMedication'),
  isIncludingProcedure: flag('isIncludingProcedure'),
  isIncludingReview: flag('isIncludingReview'),
  procedureContent: text('procedureContent'),
  reviewContent: text('reviewContent'),
  referralLetter: optionalText(
    REFERRAL_LETTER_MAX,
    'referralLetter cannot exceed 200000 characters.',
    'multi',
  ),
  fastTrackReason: text('fastTrackReason'),
  referTo: line('referTo'),
  /** The referral date and time (Unix seconds): required, not later than now. */
  issueDate: issueDateField,
  /** Ignored: the HCI code is the branch's. */
  hciCode: singleLineString({ error: 'hciCode must be text' }).nullish(),
  ...echoed,
};

type RuleInput = Parameters<typeof referralOutProblems>[0] & { issueDate?: number | null };

/** The save rules of doc 2 section 5 on a whole body, each problem on its field. */
function checkReferralOut(value: RuleInput, ctx: z.RefinementCtx) {
  const dateKey = issueDateProblem(value.issueDate, Math.floor(Date.now() / 1000));
  if (dateKey) {
    ctx.addIssue({ code: 'custom', path: ['issueDate'], message: REFERRAL_MESSAGES[dateKey] });
  }
  if (!gpFirstAcknowledged(value)) {
    ctx.addIssue({
      code: 'custom',
      path: ['isRelatedToChas'],
      message: REFERRAL_MESSAGES.acknowledge,
    });
  }
  for (const problem of referralOutProblems(value)) {
    ctx.addIssue({
      code: 'custom',
      path: [problem.field],
      message: REFERRAL_MESSAGES[problem.key],
    });
  }
}

/** `POST /referrals/out`. */
export const ReferralOutCreateBody = z
  .strictObject({
    id: z.unknown().optional(),
    rowVersion: z.unknown().optional(),
    modifiedReason: z.unknown().optional(),
    patientId: requiredId('The patient field is required.', 'patientId must be a patient id'),
    visitId: requiredId('The visit field is required.', 'visitId must be a visit id'),
    ...referralOutFields,
  })
  .superRefine(checkReferralOut);
export type ReferralOutCreateBody = z.infer<typeof ReferralOutCreateBody>;

/**
 * `PUT /referrals/out/{id}`: `rowVersion` is the version read; a referral that is no
 * longer a draft needs `modifiedReason`. `id`, `patientId` and `visitId` are echoed and
 * must be the referral's own when sent.
 */
export const ReferralOutUpdateBody = z
  .strictObject({
    rowVersion: versionField(),
    id: z.uuid('id must be a referral id').nullish(),
    patientId: z.uuid('patientId must be a patient id').nullish(),
    visitId: z.uuid('visitId must be a visit id').nullish(),
    modifiedReason: text('modifiedReason'),
    ...referralOutFields,
  })
  .superRefine(checkReferralOut);
export type ReferralOutUpdateBody = z.infer<typeof ReferralOutUpdateBody>;

/** `DELETE /referrals/out/{id}`: voids with a reason at the version read. */
export const ReferralVoidBody = z.strictObject({
  id: z.uuid('id must be a referral id').nullish(),
  voidedReason: singleLineString({ error: REFERRAL_MESSAGES.voidedReasonRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.voidedReasonRequired)
    .max(REFERRAL_TEXT_MAX, `voidedReason cannot exceed ${REFERRAL_TEXT_MAX} characters.`),
  rowVersion: versionField(),
});
export type ReferralVoidBody = z.infer<typeof ReferralVoidBody>;

/** The longest email address kept (doc 2 section 9: email 100 characters). */
const EMAIL_MAX = 100;

/**
 * `PATCH /referrals/out/send/{id}` (the spec gives no body): `email` is where the letter
 * goes, by default the patient's email on record.
 */
export const ReferralSendBody = z.strictObject({
  id: z.uuid('id must be a referral id').nullish(),
  email: singleLineString({ error: REFERRAL_MESSAGES.emailInvalid })
    .trim()
    .max(EMAIL_MAX, REFERRAL_MESSAGES.emailInvalid)
    .pipe(z.email(REFERRAL_MESSAGES.emailInvalid))
    .nullish(),
});
export type ReferralSendBody = z.infer<typeof ReferralSendBody>;

/**
 * `PATCH /referrals/out/{id}` (submit, after the PUT that saved it): `rowVersion` is the
 * version read; what is submitted is the referral as saved.
 */
export const ReferralSubmitBody = z.strictObject({
  id: z.uuid('id must be a referral id').nullish(),
  rowVersion: versionField(),
});
export type ReferralSubmitBody = z.infer<typeof ReferralSubmitBody>;

export const ReferralIdParams = z.strictObject({ id: z.uuid('id must be a referral id') });

/** `GET /referrals/out?patientId`: a patient's referrals out, newest first. */
export const ReferralListQuery = z.strictObject({
  patientId: requiredId('The patient field is required.', 'patientId must be a patient id'),
  ...cacheBusters,
});

/** `POST /referrals/` (the quick prompt): a draft referral out of the visit. */
export const ReferralPromptBody = z.strictObject({
  outVisitID: requiredId('The visit field is required.', 'outVisitID must be a visit id'),
  patientID: requiredId('The patient field is required.', 'patientID must be a patient id'),
});

const typeQuery = fromQuery(
  z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: 'type must be 1 (Routine), 2 (Fast Track), 3 (A&E/UCC) or 4 (GPFirst)',
  }),
);

/** `GET /referrals/institution?type`. */
export const InstitutionQuery = z.strictObject({ type: typeQuery, ...cacheBusters });

/** `GET /referrals/specialty?code&type`: the specialties of an institution. */
export const SpecialtyQuery = z.strictObject({
  code: singleLineString({ error: 'code is required' }).trim().min(1, 'code is required'),
  type: typeQuery,
  ...cacheBusters,
});

/** `GET /enrolment/hsg-status?patientID&hciCode`. */
export const HsgStatusQuery = z.strictObject({
  patientID: requiredId('The patient field is required.', 'patientID must be a patient id'),
  hciCode: singleLineString().optional(),
  ...cacheBusters,
});

/** Doc 2 section 3 'Institution option' and 'Specialty option'. */
export const ReferralOption = z.object({ code: z.string(), description: z.string() });
export type ReferralOption = z.infer<typeof ReferralOption>;

/** Doc 2 section 3 'Medication line (in referral)'. */
export const ReferralMedication = z.object({
  code: z.string(),
  name: z.string(),
  dispenseQty: z.number(),
  um: z.string(),
  consumeMethod: z.string().nullable(),
  consumeQty: z.number(),
  consumeUM: z.string(),
  frequency: z.string(),
});
export type ReferralMedication = z.infer<typeof ReferralMedication>;

/** A diagnosis of the visit as the referral carries it. */
export const ReferralDiagnosis = z.object({
  code: z.string(),
  description: z.string(),
  remark: z.string().nullable(),
});
export type ReferralDiagnosis = z.infer<typeof ReferralDiagnosis>;

/** A referral out as the editor, the list and the letter read it (doc 2 section 3). */
export const ReferralOutRecord = z.object({
  id: z.uuid(),
  rowVersion: z.int(),
  patientId: z.uuid(),
  visitId: z.uuid(),
  branchId: z.uuid(),
  hciCode: z.string().nullable(),
  isHsg: z.boolean(),
  referralType: z.int().nullable(),
  referralInstitution: z.string().nullable(),
  referralInstitutionDescription: z.string().nullable(),
  speciallyService: z.string().nullable(),
  speciallyServiceDescription: z.string().nullable(),
  referralReason: z.string().nullable(),
  drugAllergies: z.string().nullable(),
  diagnosisText: z.string().nullable(),
  medicalHistory: z.string().nullable(),
  treatments: z.string().nullable(),
  isNamedDoctor: z.boolean(),
  doctorName: z.string().nullable(),
  isRelatedToChas: z.boolean(),
  isRelatedToSfl: z.boolean(),
  isRelatedToVcdss: z.boolean(),
  isRelatedToNone: z.boolean(),
  patientRequest: z.string().nullable(),
  /** Cents. */
  billSize: z.int().nullable(),
  note: z.string().nullable(),
  isIncludingDiagnosis: z.boolean(),
  isIncludingMedication: z.boolean(),
  isIncludingProcedure: z.boolean(),
  isIncludingReview: z.boolean(),
  referralStatus: z.int(),
  sendStatus: z.int(),
  diagnosis: z.array(ReferralDiagnosis),
  medications: z.array(ReferralMedication),
  procedureContent: z.string().nullable(),
  reviewContent: z.string().nullable(),
  referralLetter: z.string().nullable(),
  modifiedReason: z.string().nullable(),
  /** Unix seconds. */
  modifiedDate: z.int().nullable(),
  voidedReason: z.string().nullable(),
  voidedDate: z.int().nullable(),
  fastTrackReason: z.string().nullable(),
  referTo: z.string().nullable(),
  /** The referral date and time, Unix seconds. */
  issueDate: z.int(),
  /** The doctor who wrote it. */
  createdBy: z.uuid(),
  /** Unix seconds. */
  updatedAt: z.int(),
});
export type ReferralOutRecord = z.infer<typeof ReferralOutRecord>;
clinicalRecords.add(ReferralOutRecord, { resource: 'referrals' });

export const ReferralLetterParams = z.strictObject({ id: z.uuid('no referral id') });

/**
 * `GET /reports/referrals/{id}` (ours): what the referral letter prints (doc 3 section 2.1)
 * besides the branch header: the referral as `GET /referrals/out/{id}` answers it, its
 * patient (ID masked by the printing branch's country, as every print), the signed-in
 * user's name and MCR and the branch's HCI code (doc 2 section 6: the letter's doctor),
 * and the referral date in the clinic's time.
 */
export const ReferralLetterData = z.object({
  /** The referral's visit (what the print's audit row names). */
  visitId: z.uuid(),
  referral: ReferralOutRecord,
  patient: z.object({
    name: z.string(),
    ic: z.string().nullable(),
    /** 'YYYY-MM-DD'. */
    birthDate: z.string().nullable(),
    gender: z.string().nullable(),
  }),
  fullName: z.string(),
  mcr: z.string().nullable(),
  hciCode: z.string().nullable(),
  /** The referral date and time in the clinic's time: 'YYYY-MM-DD' and 'HH:mm'. */
  issued: z.object({ date: z.string(), time: z.string() }),
});
export type ReferralLetterData = z.infer<typeof ReferralLetterData>;

/** The quick prompt's success message (doc 2 section 7: `data.data` is shown). */
export const REFERRAL_PROMPT_DONE = 'Referral out drafted';

export const HsgStatus = z.object({
  patientID: z.uuid(),
  /** Whether the patient holds a Healthier SG tier valid today. */
  enrolled_status: z.boolean(),
  tierName: z.string().nullable(),
});
export type HsgStatus = z.infer<typeof HsgStatus>;
