import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/api.ts';
import {
  canSubmitReferral,
  gpFirstAcknowledged,
  GPFIRST_TERMS,
  gpFirstValidUntil,
  hsgByNationality,
  isReadOnlyReferral,
  issueDateProblem,
  keptReferralFields,
  needsModifiedReason,
  REFERRAL_MESSAGES,
  REFERRAL_STATUS,
  ReferralOutCreateBody,
  ReferralOutUpdateBody,
  ReferralVoidBody,
  referralOutProblems,
  targetLocked,
  type ReferralRuleInput,
} from './referrals.ts';

const visitId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const patientId = '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const now = () => Math.floor(Date.now() / 1000);

const complete: ReferralRuleInput = {
  isHsg: false,
  referralType: null,
  referralInstitution: 'Mount Elizabeth Hospital',
  referralInstitutionDescription: 'Mount Elizabeth Hospital',
  speciallyService: null,
  isNamedDoctor: false,
  doctorName: null,
  patientRequest: null,
  diagnosisText: 'Knee pain',
  referralReason: 'Persistent pain after 6 weeks',
  treatments: null,
  medicalHistory: null,
  drugAllergies: 'NKDA',
  isRelatedToChas: false,
};
const hsg = (type: 1 | 2 | 3 | 4): ReferralRuleInput => ({
  ...complete,
  isHsg: true,
  referralType: type,
  referralInstitution: 'SGH',
  speciallyService: 'ORT',
  patientRequest: 'Subsidised Referral',
  treatments: 'Analgesia',
  medicalHistory: 'Hypertension',
  isRelatedToChas: true,
});
const fieldsOf = (problems: { field: string }[]) => problems.map((p) => p.field);

describe('referral save rules (doc 2 section 5 "Referral")', () => {
  it('a complete referral out has no problem, HSG or not', () => {
    expect(referralOutProblems(complete)).toEqual([]);
    for (const type of [1, 2, 3, 4] as const) expect(referralOutProblems(hsg(type))).toEqual([]);
  });

  it('requires the referral institution when not HSG', () => {
    const problems = referralOutProblems({
      ...complete,
      referralInstitution: null,
      referralInstitutionDescription: ' ',
    });
    expect(problems).toEqual([{ field: 'referralInstitution', key: 'institutionRequired' }]);
  });

  it('HSG requires the type of referral, the institution and the specialty', () => {
    const problems = referralOutProblems({
      ...hsg(3),
      referralType: null,
      referralInstitution: null,
      speciallyService: '',
    });
    expect(fieldsOf(problems)).toEqual(['referralType', 'referralInstitution', 'speciallyService']);
  });

  it('requires the doctor name when a named doctor is chosen', () => {
    expect(referralOutProblems({ ...complete, isNamedDoctor: true })).toEqual([
      { field: 'doctorName', key: 'doctorNameRequired' },
    ]);
  });

  it('types 1 and 2 require the patient request and the treatments; 3 and 4 do not', () => {
    for (const type of [1, 2] as const) {
      const problems = referralOutProblems({ ...hsg(type), patientRequest: null, treatments: '' });
      expect(fieldsOf(problems)).toEqual(['patientRequest', 'treatments']);
    }
    for (const type of [3, 4] as const) {
      expect(referralOutProblems({ ...hsg(type), patientRequest: null, treatments: null })).toEqual(
        [],
      );
    }
  });

  it('preliminary diagnosis is required except for GPFirst', () => {
    expect(fieldsOf(referralOutProblems({ ...hsg(3), diagnosisText: null }))).toEqual([
      'diagnosisText',
    ]);
    expect(referralOutProblems({ ...hsg(4), diagnosisText: null })).toEqual([]);
  });

  it('medical history is required for GPFirst only; reason and drug allergies always', () => {
    expect(fieldsOf(referralOutProblems({ ...hsg(4), medicalHistory: null }))).toEqual([
      'medicalHistory',
    ]);
    expect(referralOutProblems({ ...hsg(1), medicalHistory: null })).toEqual([]);
    expect(
      fieldsOf(referralOutProblems({ ...complete, referralReason: null, drugAllergies: '' })),
    ).toEqual(['referralReason', 'drugAllergies']);
  });

  it('GPFirst is blocked until acknowledged (the CHAS flag)', () => {
    expect(gpFirstAcknowledged({ ...hsg(4), isRelatedToChas: false })).toBe(false);
    expect(gpFirstAcknowledged(hsg(4))).toBe(true);
    expect(gpFirstAcknowledged({ ...hsg(1), isRelatedToChas: false })).toBe(true);
    expect(GPFIRST_TERMS).toHaveLength(7);
  });

  it('the referral date and time is required and not later than now', () => {
    expect(issueDateProblem(null, 1_000)).toBe('issueDateRequired');
    expect(issueDateProblem(1_000, 1_000)).toBeNull();
    expect(issueDateProblem(1_000 + 3600, 1_000)).toBe('issueDateInFuture');
  });
});

describe('referral status rules (doc 2 section 4.3)', () => {
  it('saving a non-draft needs a modified reason', () => {
    expect(needsModifiedReason(REFERRAL_STATUS.draft)).toBe(false);
    for (const status of [2, 4, 5, 6] as const) expect(needsModifiedReason(status)).toBe(true);
  });

  it('a voided referral is read-only; a submitted one locks its target', () => {
    expect(isReadOnlyReferral(REFERRAL_STATUS.cancelled)).toBe(true);
    expect(isReadOnlyReferral(REFERRAL_STATUS.finalized)).toBe(false);
    expect(targetLocked(REFERRAL_STATUS.submitted)).toBe(true);
    expect(targetLocked(REFERRAL_STATUS.draft)).toBe(false);
  });

  it('an HSG referral in status 1, 4 or 5 can be submitted', () => {
    expect(
      [1, 2, 3, 4, 5, 6].filter((s) => canSubmitReferral({ isHsg: true, referralStatus: s })),
    ).toEqual([1, 4, 5]);
    expect(canSubmitReferral({ isHsg: false, referralStatus: 1 })).toBe(false);
  });

  it('Singapore nationality turns HSG on', () => {
    expect(hsgByNationality('SG')).toBe(true);
    expect(hsgByNationality('Singaporean')).toBe(true);
    expect(hsgByNationality('MY')).toBe(false);
    expect(hsgByNationality(null)).toBe(false);
  });
});

describe('the clearing rules the server keeps', () => {
  const base = {
    isHsg: true,
    referralType: 1 as const,
    referTo: 'Dr Tan',
    speciallyService: 'ORT',
    speciallyServiceDescription: 'Orthopaedic Surgery',
    treatments: 'Analgesia',
    isNamedDoctor: false,
    doctorName: 'Dr Lim',
    isRelatedToChas: true,
    isRelatedToSfl: true,
    isRelatedToVcdss: false,
    isRelatedToNone: false,
    patientRequest: 'Subsidised Referral',
    billSize: 5000,
    fastTrackReason: 'Red flags',
    isIncludingProcedure: false,
    procedureContent: 'Injection',
    isIncludingReview: true,
    reviewContent: 'Review in 2 weeks',
  };

  it('without HSG keeps no type, specialty, treatments, flags, request or bill size', () => {
    expect(keptReferralFields({ ...base, isHsg: false })).toMatchObject({
      referralType: null,
      speciallyService: null,
      treatments: null,
      isRelatedToChas: false,
      isRelatedToSfl: false,
      patientRequest: null,
      billSize: null,
      referTo: 'Dr Tan',
    });
  });

  it('bill size is GPFirst only, a fast-track reason Fast Track only', () => {
    expect(keptReferralFields(base)).toMatchObject({ billSize: null, fastTrackReason: null });
    expect(keptReferralFields({ ...base, referralType: 4 }).billSize).toBe(5000);
    expect(keptReferralFields({ ...base, referralType: 2 }).fastTrackReason).toBe('Red flags');
  });

  it('unnamed clears the doctor name; an unticked include empties its content', () => {
    const kept = keptReferralFields(base);
    expect(kept.doctorName).toBeNull();
    expect(kept.procedureContent).toBeNull();
    expect(kept.reviewContent).toBe('Review in 2 weeks');
  });
});

describe('the referral schemas', () => {
  const errorsOf = (
    schema: typeof ReferralOutCreateBody | typeof ReferralOutUpdateBody | typeof ReferralVoidBody,
    body: unknown,
  ) => {
    const result = schema.safeParse(body);
    return result.success ? [] : toFieldErrors(result.error.issues);
  };
  const body = { ...complete, patientId, visitId, issueDate: now() - 60 };

  it('accepts a complete referral out', () => {
    expect(errorsOf(ReferralOutCreateBody, body)).toEqual([]);
  });

  it('names each field in the spec words', () => {
    expect(
      errorsOf(ReferralOutCreateBody, {
        ...body,
        issueDate: null,
        referralReason: '',
        drugAllergies: null,
      }),
    ).toEqual([
      expect.objectContaining({ field: 'issueDate', message: REFERRAL_MESSAGES.issueDateRequired }),
      expect.objectContaining({
        field: 'referralReason',
        message: REFERRAL_MESSAGES.reasonRequired,
      }),
      expect.objectContaining({
        field: 'drugAllergies',
        message: REFERRAL_MESSAGES.drugAllergiesRequired,
      }),
    ]);
  });

  it('refuses a referral date in the future', () => {
    expect(errorsOf(ReferralOutCreateBody, { ...body, issueDate: now() + 86_400 })).toEqual([
      expect.objectContaining({ field: 'issueDate', message: REFERRAL_MESSAGES.issueDateInFuture }),
    ]);
  });

  it('blocks an unacknowledged GPFirst with the spec message', () => {
    const gpFirst = { ...body, ...hsg(4), isRelatedToChas: false };
    expect(errorsOf(ReferralOutCreateBody, gpFirst)).toEqual([
      expect.objectContaining({
        field: 'isRelatedToChas',
        message: 'Please acknowledge before save!',
      }),
    ]);
  });

  it('an update needs the version read; a void needs its reason', () => {
    expect(errorsOf(ReferralOutUpdateBody, body)).toEqual([
      expect.objectContaining({ field: 'rowVersion' }),
    ]);
    expect(errorsOf(ReferralVoidBody, { rowVersion: 1, voidedReason: ' ' })).toEqual([
      expect.objectContaining({
        field: 'voidedReason',
        message: REFERRAL_MESSAGES.voidedReasonRequired,
      }),
    ]);
  });
});

describe('GPFirst validity on the letter (doc 3 section 2.1)', () => {
  it('is the day of issue until 23:59 when issued before 22:00', () => {
    expect(gpFirstValidUntil('2026-11-27', '09:15')).toEqual({ date: '2026-11-27', time: '23:59' });
    expect(gpFirstValidUntil('2026-11-27', '21:59')).toEqual({ date: '2026-11-27', time: '23:59' });
  });

  it('runs to 02:00 the next day when issued between 22:00 and midnight', () => {
    expect(gpFirstValidUntil('2026-11-27', '22:00')).toEqual({ date: '2026-11-28', time: '02:00' });
    expect(gpFirstValidUntil('2026-11-30', '22:30')).toEqual({ date: '2026-12-01', time: '02:00' });
    expect(gpFirstValidUntil('2026-12-31', '23:59')).toEqual({ date: '2027-01-01', time: '02:00' });
    expect(gpFirstValidUntil('2028-02-28', '23:00')).toEqual({ date: '2028-02-29', time: '02:00' });
  });
});
