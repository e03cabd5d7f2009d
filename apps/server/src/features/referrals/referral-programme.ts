import { REFERRAL_STATUS } from '@clinic/domain';

/** What is submitted of an HSG referral, and by whom. */
export interface ProgrammeSubmission {
  referralId: string;
  /** The letter's data: the referral as saved, its patient and the signing doctor. */
  payload: unknown;
  payloadSha256: string;
  submittedBy: string;
}

/** Doc 2 section 4.3: submitted (2), failed (4) or finalized (5). */
export interface ProgrammeOutcome {
  status:
    | typeof REFERRAL_STATUS.submitted
    | typeof REFERRAL_STATUS.fail
    | typeof REFERRAL_STATUS.finalized;
  /** The programme's own reference for the submission, when it gives one. */
  receipt: string | null;
}

/** The national Healthier SG referral programme, as the clinic submits to it. */
export interface ReferralProgramme {
  /** Kept with each submission, to say where it went. */
  readonly name: string;
  submit(submission: ProgrammeSubmission): Promise<ProgrammeOutcome>;
}

/**
 * The programme's endpoint is not reachable from here (no credentials, no test system):
 * this one only finalizes the referral. The submission itself (who, when, the payload's
 * hash) is recorded for every programme by the service.
 */
export const recordOnlyProgramme: ReferralProgramme = {
  name: 'record-only',
  submit: () => Promise.resolve({ status: REFERRAL_STATUS.finalized, receipt: null }),
};
