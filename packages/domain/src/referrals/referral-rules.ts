/**
 * The referral's rules (doc 2 sections 2.5, 4.3, 5, 9), free of zod so the referral editor
 * runs them live without loading the schemas. Times are Unix seconds.
 */

/** Doc 2 section 4.3: a referral out's status. */
export const REFERRAL_STATUS = {
  draft: 1,
  submitted: 2,
  /** Voided. */
  cancelled: 3,
  fail: 4,
  finalized: 5,
  corrected: 6,
} as const;
export type ReferralStatus = (typeof REFERRAL_STATUS)[keyof typeof REFERRAL_STATUS];

/** Doc 2 section 4.3: the email send status of an HSG referral (anything else shows '-'). */
export const SEND_STATUS = { unsent: 1, sent: 2, success: 3, fail: 4 } as const;
export type SendStatus = (typeof SEND_STATUS)[keyof typeof SEND_STATUS];

/** Doc 2 section 9: the HSG type of referral. */
export const REFERRAL_TYPE = { routine: 1, fastTrack: 2, emergency: 3, gpFirst: 4 } as const;
export type ReferralType = (typeof REFERRAL_TYPE)[keyof typeof REFERRAL_TYPE];

export const REFERRAL_TYPE_NAMES: Record<ReferralType, string> = {
  1: 'Routine',
  2: 'Fast Track',
  3: 'A&E/UCC',
  4: 'GPFirst',
};

/** Doc 2 section 9: what the patient is requesting for (types 1 and 2). */
export const PATIENT_REQUESTS = ['Subsidised Referral', 'Private-rate Referral'] as const;
export type PatientRequest = (typeof PATIENT_REQUESTS)[number];

/**
 * The GPFirst terms and conditions shown above the acknowledgement (doc 2 sections 2.5 and
 * 9: seven terms; the spec gives the facts of three, the rest are the programme's usual).
 */
export const GPFIRST_TERMS = [
  'This referral is valid only on the day of issue, and until 0200hrs the next day if issued between 10pm and 12am.',
  'The patient receives a $50 attendance subsidy at the emergency department or urgent care centre.',
  'The subsidy applies only at the listed hospital emergency departments and urgent care centres.',
  'The patient must present this referral letter on arrival.',
  'The subsidy cannot be combined with other attendance subsidies for the same attendance.',
  'The patient is triaged by the emergency department; waiting times depend on medical priority.',
  'The referring doctor has assessed that the patient needs emergency care.',
] as const;

/** Longest texts the API keeps (our limits: the spec names none). */
export const REFERRAL_TEXT_MAX = 4000;
export const REFERRAL_LINE_MAX = 200;
export const REFERRAL_LETTER_MAX = 200_000;
/** A clock a little ahead of the server's is not "later than now". */
export const REFERRAL_CLOCK_SKEW_SECONDS = 120;

/** The referral rules' messages (the spec's words where it has them; ours in its style). */
export const REFERRAL_MESSAGES = {
  issueDateRequired: 'Referral date and time is required',
  issueDateInFuture: 'Referral date and time cannot be later than now.',
  institutionRequired: 'Referral institution is required',
  typeRequired: 'Type of referral is required',
  specialtyRequired: 'Specialty is required',
  doctorNameRequired: "Doctor's name is required",
  patientRequestRequired: 'Patient is requesting for is required',
  diagnosisRequired: 'Preliminary diagnosis is required',
  reasonRequired: 'Reason for referral is required',
  treatmentsRequired: 'Treatments is required',
  medicalHistoryRequired: 'Medical history is required',
  drugAllergiesRequired: 'Drug allergies is required',
  acknowledge: 'Please acknowledge before save!',
  modifiedReasonRequired: 'Modified reason is required',
  voidedReasonRequired: 'Void reason is required',
  voided: 'This referral has been voided: it can be read, not changed.',
  notFound: 'This referral does not exist.',
  patientNotOfVisit: 'This visit is not of this patient.',
  institutionUnknown: 'Please choose an institution of the list for this type of referral.',
  specialtyUnknown: 'Please choose a specialty of this institution.',
  codeTooShort: 'At least 2 character',
  printAnotherBranch: 'This referral is of another branch. Please choose that branch to print it.',
  voidedNoPrint: 'This referral has been voided: its letter cannot be printed.',
  sendNotHsg: 'Only a Healthier SG referral is sent by email.',
  sendAnotherBranch: 'This referral is of another branch. Please choose that branch to send it.',
  emailRequired: 'Please give the email address to send this referral to.',
  emailInvalid: 'Please give a valid email address.',
  submitNotHsg: 'Only a Healthier SG referral is submitted.',
  notSubmittable: 'Only a draft, failed or finalized referral can be submitted.',
} as const;
export type ReferralMessageKey = keyof typeof REFERRAL_MESSAGES;

/** What the rules read of a referral out. */
export interface ReferralRuleInput {
  isHsg: boolean;
  referralType: ReferralType | null;
  referralInstitution: string | null;
  referralInstitutionDescription: string | null;
  speciallyService: string | null;
  isNamedDoctor: boolean;
  doctorName: string | null;
  patientRequest: string | null;
  diagnosisText: string | null;
  referralReason: string | null;
  treatments: string | null;
  medicalHistory: string | null;
  drugAllergies: string | null;
  /** GPFirst: the acknowledgement checkbox is this flag (doc 2 section 5). */
  isRelatedToChas: boolean;
}

export type ReferralField = keyof ReferralRuleInput | 'issueDate' | 'modifiedReason';
export interface ReferralProblem {
  field: ReferralField;
  key: ReferralMessageKey;
}

const blank = (text: string | null | undefined) => !text || text.trim() === '';

/** Types 1 and 2 (Routine, Fast Track) ask what the patient requests and the treatments. */
const isRoutineOrFastTrack = (type: ReferralType | null) =>
  type === REFERRAL_TYPE.routine || type === REFERRAL_TYPE.fastTrack;

function hsgProblems(referral: ReferralRuleInput): ReferralProblem[] {
  const problems: ReferralProblem[] = [];
  const type = referral.referralType;
  if (type === null) problems.push({ field: 'referralType', key: 'typeRequired' });
  if (blank(referral.referralInstitution)) {
    problems.push({ field: 'referralInstitution', key: 'institutionRequired' });
  }
  if (blank(referral.speciallyService)) {
    problems.push({ field: 'speciallyService', key: 'specialtyRequired' });
  }
  if (isRoutineOrFastTrack(type) && blank(referral.patientRequest)) {
    problems.push({ field: 'patientRequest', key: 'patientRequestRequired' });
  }
  if (isRoutineOrFastTrack(type) && blank(referral.treatments)) {
    problems.push({ field: 'treatments', key: 'treatmentsRequired' });
  }
  if (type === REFERRAL_TYPE.gpFirst && blank(referral.medicalHistory)) {
    problems.push({ field: 'medicalHistory', key: 'medicalHistoryRequired' });
  }
  return problems;
}

/**
 * The editor's save rules of a referral out (doc 2 section 5 'Referral'), in the order of
 * the form. The GPFirst acknowledgement is left to `gpFirstAcknowledged`: the editor blocks
 * the save with its own alert before the field rules.
 */
export function referralOutProblems(referral: ReferralRuleInput): ReferralProblem[] {
  const problems: ReferralProblem[] = [];
  if (referral.isHsg) {
    problems.push(...hsgProblems(referral));
  } else if (
    blank(referral.referralInstitution) &&
    blank(referral.referralInstitutionDescription)
  ) {
    problems.push({ field: 'referralInstitution', key: 'institutionRequired' });
  }
  if (referral.isNamedDoctor && blank(referral.doctorName)) {
    problems.push({ field: 'doctorName', key: 'doctorNameRequired' });
  }
  const gpFirst = referral.isHsg && referral.referralType === REFERRAL_TYPE.gpFirst;
  if (!gpFirst && blank(referral.diagnosisText)) {
    problems.push({ field: 'diagnosisText', key: 'diagnosisRequired' });
  }
  if (blank(referral.referralReason)) {
    problems.push({ field: 'referralReason', key: 'reasonRequired' });
  }
  if (blank(referral.drugAllergies)) {
    problems.push({ field: 'drugAllergies', key: 'drugAllergiesRequired' });
  }
  return problems;
}

/** GPFirst: saving is blocked until the acknowledgement (the CHAS flag) is ticked. */
export function gpFirstAcknowledged(referral: {
  isHsg: boolean;
  referralType: ReferralType | null;
  isRelatedToChas: boolean;
}): boolean {
  return !(
    referral.isHsg &&
    referral.referralType === REFERRAL_TYPE.gpFirst &&
    !referral.isRelatedToChas
  );
}

/** The referral date and time: required, and not later than now. */
export function issueDateProblem(
  issueDate: number | null | undefined,
  nowSeconds: number,
): ReferralMessageKey | null {
  if (issueDate === null || issueDate === undefined) return 'issueDateRequired';
  if (issueDate > nowSeconds + REFERRAL_CLOCK_SKEW_SECONDS) return 'issueDateInFuture';
  return null;
}

/** Saving again when not a draft asks for a modified reason first (doc 2 section 4.3). */
export function needsModifiedReason(status: ReferralStatus): boolean {
  return status !== REFERRAL_STATUS.draft;
}

/** A voided referral (status 3) is read-only: no save, void, print or send. */
export function isReadOnlyReferral(status: ReferralStatus): boolean {
  return status === REFERRAL_STATUS.cancelled;
}

/** An HSG referral in status 1, 4 or 5 can be submitted (and previewed as a letter). */
export function canSubmitReferral(referral: { isHsg: boolean; referralStatus: number }): boolean {
  const submittable: readonly number[] = [
    REFERRAL_STATUS.draft,
    REFERRAL_STATUS.fail,
    REFERRAL_STATUS.finalized,
  ];
  return referral.isHsg && submittable.includes(referral.referralStatus);
}

/** A submitted referral's type, institution and specialty are read-only. */
export function targetLocked(status: ReferralStatus): boolean {
  return status === REFERRAL_STATUS.submitted;
}

/** Singapore nationality (Singaporean or SG) turns HSG on. */
export function hsgByNationality(nationality: string | null | undefined): boolean {
  const value = nationality?.trim().toUpperCase();
  return value === 'SG' || value === 'SINGAPOREAN' || value === 'SINGAPORE';
}

/** The fields a referral keeps whatever the editor left in them (its clearing rules). */
export interface ReferralClearable {
  isHsg: boolean;
  referralType: ReferralType | null;
  referTo: string | null;
  speciallyService: string | null;
  speciallyServiceDescription: string | null;
  treatments: string | null;
  isNamedDoctor: boolean;
  doctorName: string | null;
  isRelatedToChas: boolean;
  isRelatedToSfl: boolean;
  isRelatedToVcdss: boolean;
  isRelatedToNone: boolean;
  patientRequest: string | null;
  billSize: number | null;
  fastTrackReason: string | null;
  isIncludingProcedure: boolean;
  procedureContent: string | null;
  isIncludingReview: boolean;
  reviewContent: string | null;
}

/**
 * What the server keeps of a referral, by the editor's clearing rules (doc 2 section 4.3):
 * without HSG no type, specialty, related flags, patient request or bill size; bill size
 * for GPFirst only; a fast-track reason for Fast Track only; unnamed clears the doctor's
 * name; an unticked include empties its content.
 */
export function keptReferralFields<T extends ReferralClearable>(referral: T): T {
  const hsg = referral.isHsg;
  const type = hsg ? referral.referralType : null;
  return {
    ...referral,
    referralType: type,
    speciallyService: hsg ? referral.speciallyService : null,
    speciallyServiceDescription: hsg ? referral.speciallyServiceDescription : null,
    treatments: hsg ? referral.treatments : null,
    isRelatedToChas: hsg && referral.isRelatedToChas,
    isRelatedToSfl: hsg && referral.isRelatedToSfl,
    isRelatedToVcdss: hsg && referral.isRelatedToVcdss,
    isRelatedToNone: hsg && referral.isRelatedToNone,
    patientRequest: hsg ? referral.patientRequest : null,
    billSize: type === REFERRAL_TYPE.gpFirst ? referral.billSize : null,
    fastTrackReason: type === REFERRAL_TYPE.fastTrack ? referral.fastTrackReason : null,
    doctorName: referral.isNamedDoctor ? referral.doctorName : null,
    procedureContent: referral.isIncludingProcedure ? referral.procedureContent : null,
    reviewContent: referral.isIncludingReview ? referral.reviewContent : null,
  };
}

/** Doc 2 section 7 / doc 3 section 3.6: dictionary type 4 is a referral doctor, others institutions. */
export const REFERRAL_DOCTOR_TYPE_ID = 4;
export const REFERRAL_INSTITUTION_TYPE_ID = 5;

/** 'YYYY-MM-DD' of the day after. */
function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)).toISOString().slice(0, 10);
}

/** From this time of the clinic's day a GPFirst referral stays valid into the next day. */
export const GPFIRST_LATE_FROM = '22:00';
export const GPFIRST_LATE_UNTIL = '02:00';

/**
 * Until when a GPFirst referral is valid (doc 3 section 2.1): the day of issue, or up to
 * 02:00 the next day when issued between 22:00 and midnight. Dates 'YYYY-MM-DD' and times
 * 'HH:mm' in the clinic's time; the day of issue ends at 23:59.
 */
export function gpFirstValidUntil(issueDate: string, issueTime: string) {
  if (issueTime >= GPFIRST_LATE_FROM) {
    return { date: nextDay(issueDate), time: GPFIRST_LATE_UNTIL };
  }
  return { date: issueDate, time: '23:59' };
}

/** The GPFirst attendance subsidy the letter states (doc 3 section 2.1), in cents. */
export const GPFIRST_SUBSIDY_CENTS = 5000;
