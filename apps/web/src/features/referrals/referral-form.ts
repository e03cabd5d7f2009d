import {
  centsOfDollars,
  dateOfUnix,
  formatCents,
  gpFirstAcknowledged,
  issueDateProblem,
  keptReferralFields,
  REFERRAL_MESSAGES,
  REFERRAL_TYPE,
  referralOutProblems,
  type ReferralOutRecord,
  type ReferralType,
} from '@clinic/domain';
import type { FieldErrors } from '../../components/form/field-errors.ts';

/**
 * What the referral editor holds (doc 2 sections 2.5 and 3 'Referral out'). Texts are
 * strings ('' for none); the date and time are the clinic's; the bill size is typed in
 * dollars and sent in cents.
 */
export interface ReferralFormValues extends Record<string, unknown> {
  issueDate: string | null;
  issueTime: string;
  isHsg: boolean;
  referralType: ReferralType | null;
  /** HSG: the institution's code; otherwise the free text typed. */
  referralInstitution: string | null;
  referralInstitutionDescription: string | null;
  referTo: string | null;
  fastTrackReason: string | null;
  speciallyService: string | null;
  speciallyServiceDescription: string | null;
  billSizeText: string;
  isNamedDoctor: boolean;
  doctorName: string | null;
  isRelatedToChas: boolean;
  isRelatedToSfl: boolean;
  isRelatedToVcdss: boolean;
  isRelatedToNone: boolean;
  patientRequest: string | null;
  diagnosisText: string | null;
  referralReason: string | null;
  treatments: string | null;
  medicalHistory: string | null;
  drugAllergies: string | null;
  note: string | null;
  isIncludingDiagnosis: boolean;
  isIncludingMedication: boolean;
  isIncludingProcedure: boolean;
  isIncludingReview: boolean;
  procedureContent: string | null;
  reviewContent: string | null;
}

/** The HSG fields a toggle of HSG clears (doc 2 section 4.3), target included. */
const HSG_CLEARED = {
  referTo: null,
  referralType: null,
  referralInstitution: null,
  referralInstitutionDescription: null,
  speciallyService: null,
  speciallyServiceDescription: null,
  treatments: null,
  isNamedDoctor: false,
  doctorName: null,
  isRelatedToChas: false,
  isRelatedToSfl: false,
  isRelatedToVcdss: false,
  isRelatedToNone: false,
  patientRequest: null,
  billSizeText: '',
  fastTrackReason: null,
} as const;

/** A new referral dated now; HSG when the patient is enrolled or Singaporean. */
export function newReferralValues(
  now: { date: string; time: string },
  hsg: boolean,
): ReferralFormValues {
  return {
    issueDate: now.date,
    issueTime: now.time,
    isHsg: hsg,
    ...HSG_CLEARED,
    diagnosisText: null,
    referralReason: null,
    medicalHistory: null,
    drugAllergies: null,
    note: null,
    isIncludingDiagnosis: false,
    isIncludingMedication: false,
    isIncludingProcedure: false,
    isIncludingReview: false,
    procedureContent: null,
    reviewContent: null,
  };
}

const REFERRAL_TYPES: readonly number[] = Object.values(REFERRAL_TYPE);
const typeOf = (value: number | null): ReferralType | null =>
  value !== null && REFERRAL_TYPES.includes(value) ? (value as ReferralType) : null;

/** The editor's values of a saved referral, its date and time on the clinic's clock. */
export function referralValuesOf(
  record: ReferralOutRecord,
  timeOf: (unix: number) => string,
  offset: number,
): ReferralFormValues {
  return {
    issueDate: dateOfUnix(record.issueDate, offset),
    issueTime: timeOf(record.issueDate),
    isHsg: record.isHsg,
    referralType: typeOf(record.referralType),
    referralInstitution: record.referralInstitution,
    referralInstitutionDescription: record.referralInstitutionDescription,
    referTo: record.referTo,
    fastTrackReason: record.fastTrackReason,
    speciallyService: record.speciallyService,
    speciallyServiceDescription: record.speciallyServiceDescription,
    billSizeText: record.billSize === null ? '' : formatCents(record.billSize),
    isNamedDoctor: record.isNamedDoctor,
    doctorName: record.doctorName,
    isRelatedToChas: record.isRelatedToChas,
    isRelatedToSfl: record.isRelatedToSfl,
    isRelatedToVcdss: record.isRelatedToVcdss,
    isRelatedToNone: record.isRelatedToNone,
    patientRequest: record.patientRequest,
    diagnosisText: record.diagnosisText,
    referralReason: record.referralReason,
    treatments: record.treatments,
    medicalHistory: record.medicalHistory,
    drugAllergies: record.drugAllergies,
    note: record.note,
    isIncludingDiagnosis: record.isIncludingDiagnosis,
    isIncludingMedication: record.isIncludingMedication,
    isIncludingProcedure: record.isIncludingProcedure,
    isIncludingReview: record.isIncludingReview,
    procedureContent: record.procedureContent,
    reviewContent: record.reviewContent,
  };
}

/** The domain's clearing rules (`keptReferralFields`, which the server applies too). */
export function keptValues(values: ReferralFormValues): ReferralFormValues {
  const kept = keptReferralFields({ ...values, billSize: values.billSizeText === '' ? null : 0 });
  const { billSize, ...rest } = kept;
  return { ...rest, billSizeText: billSize === null ? '' : values.billSizeText };
}

/** The editor's live rules (doc 2 section 4.3), each answering the values after a change. */
export const referralChanges = {
  /** Toggling HSG clears the target, type, institution, specialty and the HSG fields. */
  hsg: (values: ReferralFormValues, on: boolean): ReferralFormValues => ({
    ...values,
    ...HSG_CLEARED,
    isHsg: on,
  }),
  /** A new type loads its institutions: institution and specialty start again. */
  type: (values: ReferralFormValues, type: ReferralType | null): ReferralFormValues =>
    keptValues({
      ...values,
      referralType: type,
      referralInstitution: null,
      referralInstitutionDescription: null,
      speciallyService: null,
      speciallyServiceDescription: null,
    }),
  /** A new institution loads its specialties: the specialty starts again. */
  institution: (
    values: ReferralFormValues,
    code: string | null,
    description: string | null,
  ): ReferralFormValues => ({
    ...values,
    referralInstitution: code,
    referralInstitutionDescription: description,
    speciallyService: null,
    speciallyServiceDescription: null,
  }),
  /** Unnamed clears the doctor's name. */
  named: (values: ReferralFormValues, named: boolean): ReferralFormValues =>
    keptValues({ ...values, isNamedDoctor: named }),
  /** Unticking an include empties its content. */
  include: (
    values: ReferralFormValues,
    field:
      | 'isIncludingDiagnosis'
      | 'isIncludingMedication'
      | 'isIncludingProcedure'
      | 'isIncludingReview',
    on: boolean,
  ): ReferralFormValues => keptValues({ ...values, [field]: on }),
};

const orNull = (text: string | null) => (text === null || text.trim() === '' ? null : text);

/** Whether saving is blocked until the GPFirst terms are acknowledged (the CHAS flag). */
export function needsAcknowledgement(values: ReferralFormValues): boolean {
  return !gpFirstAcknowledged(values);
}

/**
 * Every message of the values at once, in the server's words (doc 2 section 5): the date
 * and time, the domain's save rules, the bill size typed, and the GPFirst acknowledgement.
 */
export function referralErrors(
  values: ReferralFormValues,
  issueUnix: number | null,
  nowSeconds: number,
  billSizeMessage: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const dateKey = issueDateProblem(issueUnix, nowSeconds);
  if (dateKey) errors.issueDate = REFERRAL_MESSAGES[dateKey];
  for (const problem of referralOutProblems(values)) {
    errors[problem.field] ??= REFERRAL_MESSAGES[problem.key];
  }
  if (values.billSizeText.trim() !== '' && centsOfDollars(values.billSizeText) === null) {
    errors.billSize = billSizeMessage;
  }
  if (needsAcknowledgement(values)) errors.isRelatedToChas = REFERRAL_MESSAGES.acknowledge;
  return errors;
}

/** What the editor sends on create and update: the kept fields, blanks as null, cents. */
export function referralBody(values: ReferralFormValues, issueDate: number | null) {
  const kept = keptValues(values);
  const text = (value: string | null) => orNull(value)?.trim() ?? null;
  return {
    issueDate,
    isHsg: kept.isHsg,
    referralType: kept.referralType,
    referralInstitution: text(kept.referralInstitution),
    referralInstitutionDescription: text(
      kept.isHsg ? kept.referralInstitutionDescription : kept.referralInstitution,
    ),
    referTo: text(kept.referTo),
    fastTrackReason: text(kept.fastTrackReason),
    speciallyService: text(kept.speciallyService),
    speciallyServiceDescription: text(kept.speciallyServiceDescription),
    billSize: kept.billSizeText === '' ? null : centsOfDollars(kept.billSizeText),
    isNamedDoctor: kept.isNamedDoctor,
    doctorName: text(kept.doctorName),
    isRelatedToChas: kept.isRelatedToChas,
    isRelatedToSfl: kept.isRelatedToSfl,
    isRelatedToVcdss: kept.isRelatedToVcdss,
    isRelatedToNone: kept.isRelatedToNone,
    patientRequest: kept.patientRequest as 'Subsidised Referral' | 'Private-rate Referral' | null,
    diagnosisText: text(kept.diagnosisText),
    referralReason: text(kept.referralReason),
    treatments: text(kept.treatments),
    medicalHistory: text(kept.medicalHistory),
    drugAllergies: text(kept.drugAllergies),
    note: text(kept.note),
    isIncludingDiagnosis: kept.isIncludingDiagnosis,
    isIncludingMedication: kept.isIncludingMedication,
    isIncludingProcedure: kept.isIncludingProcedure,
    isIncludingReview: kept.isIncludingReview,
    procedureContent: text(kept.procedureContent),
    reviewContent: text(kept.reviewContent),
    // The letter's HTML comes with the letter preview (not yet).
    referralLetter: null,
  };
}
