/**
 * Scheme subsidies (CHAS, Healthier SG chronic tier): the clinic's tiers (settings
 * 'sales/subsidies'), a patient's scheme card (the patient's 'subsidy' tab, doc 2 section 7
 * `GET /chas/{patientId}`), and this year's use of the annual caps. Money in integer cents.
 */
import { z } from 'zod';
import {
  cacheBusters,
  isoDate,
  requiredText,
  versionField,
  wholeNumber,
} from '../common/fields.ts';
import { FULL_PERCENT_BASIS_POINTS, MAX_MONEY_CENTS } from './money.ts';
import {
  SCHEME_VISIT_KINDS,
  SUBSIDY_MESSAGES,
  SUBSIDY_SCHEMES,
  type SubsidySchemeCode,
} from './subsidies.ts';

export const SUBSIDY_TIER_NAME_MAX = 100;
export const SUBSIDY_TIER_CODE_MAX = 30;

const SCHEME_CODES = Object.keys(SUBSIDY_SCHEMES) as [SubsidySchemeCode, ...SubsidySchemeCode[]];
const cents = (field: string) => wholeNumber(field, 0, MAX_MONEY_CENTS);
const capsOf = (field: string) =>
  z.strictObject({
    commonIllness: cents(`${field}.commonIllness`).nullable(),
    chronicSimple: cents(`${field}.chronicSimple`).nullable(),
    chronicComplex: cents(`${field}.chronicComplex`).nullable(),
  });
const Caps = z.object({
  commonIllness: z.int().nullable(),
  chronicSimple: z.int().nullable(),
  chronicComplex: z.int().nullable(),
});

export const SchemeVisitKindInput = z.enum(SCHEME_VISIT_KINDS, {
  error: `subsidyVisitKind must be one of ${SCHEME_VISIT_KINDS.join(', ')}`,
});

// --- Tiers (settings) -----------------------------------------------------------------

export const SubsidyTierParams = z.strictObject({ id: z.uuid('id must be a tier id') });
export const SubsidyNoQuery = z.strictObject({ ...cacheBusters });

export const SubsidyTierItem = z.object({
  id: z.uuid(),
  schemeCode: z.enum(SCHEME_CODES),
  schemeName: z.string(),
  code: z.string(),
  name: z.string(),
  /** Per visit, by visit kind; null when the tier gives nothing for that kind. */
  perVisitCapCents: Caps,
  /** Per calendar year, by visit kind; null when there is no annual cap. */
  annualCapCents: Caps,
  /** HSG chronic visits: the part of a whitelisted drug's price paid (basis points). */
  drugSubsidyBasisPoints: z.int(),
  absorbsDrugGst: z.boolean(),
  isActive: z.boolean(),
  version: z.int(),
});
export type SubsidyTierItem = z.infer<typeof SubsidyTierItem>;

/** `PUT /settings/subsidies/{id}`: a tier's name, caps and drug terms (its code stays). */
export const SubsidyTierUpdateBody = z.strictObject({
  version: versionField(),
  name: requiredText(
    SUBSIDY_MESSAGES.tierNameRequired,
    SUBSIDY_TIER_NAME_MAX,
    `name cannot exceed ${SUBSIDY_TIER_NAME_MAX} characters`,
  ),
  perVisitCapCents: capsOf('perVisitCapCents'),
  annualCapCents: capsOf('annualCapCents'),
  drugSubsidyBasisPoints: wholeNumber('drugSubsidyBasisPoints', 0, FULL_PERCENT_BASIS_POINTS),
  absorbsDrugGst: z.boolean({ error: 'absorbsDrugGst must be true or false' }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type SubsidyTierUpdateBody = z.infer<typeof SubsidyTierUpdateBody>;

// --- A patient's card -----------------------------------------------------------------

export const ChasParams = z.strictObject({ patientId: z.uuid('patientId must be a patient id') });
export const PatientSubsidyParams = z.strictObject({ id: z.uuid('id must be a patient id') });

export const PatientSchemeCard = z.object({
  tierId: z.uuid(),
  tierCode: z.string(),
  tierName: z.string(),
  schemeCode: z.enum(SCHEME_CODES),
  schemeName: z.string(),
  validFrom: z.string(),
  /** Null: no expiry date on the card. */
  validTo: z.string().nullable(),
  /** Valid on the clinic's today. */
  isValidToday: z.boolean(),
});
export type PatientSchemeCard = z.infer<typeof PatientSchemeCard>;

/** `GET /chas/{patientId}` (doc 2 section 7): the tier's name, null when the patient has none. */
export const ChasAnswer = z.object({
  patientId: z.uuid(),
  chasTierDescription: z.string().nullable(),
  card: PatientSchemeCard.nullable(),
});
export type ChasAnswer = z.infer<typeof ChasAnswer>;

export const AnnualCapUse = z.object({
  visitKind: z.enum(SCHEME_VISIT_KINDS),
  /** Dollar subsidies of this year's finalised invoices in this kind's pot. */
  usedCents: z.int(),
  annualCapCents: z.int().nullable(),
  remainingCents: z.int().nullable(),
});
export type AnnualCapUse = z.infer<typeof AnnualCapUse>;

/** `GET /patients/{id}/subsidy`: the card, its version (0: none) and this year's use. */
export const PatientSubsidy = z.object({
  patientId: z.uuid(),
  card: PatientSchemeCard.nullable(),
  /** Sent back to change the card; 0 while the patient has none. */
  version: z.int(),
  year: z.int(),
  usage: z.array(AnnualCapUse),
});
export type PatientSubsidy = z.infer<typeof PatientSubsidy>;

/** `PUT /patients/{id}/subsidy`: the patient's tier and card dates; a null tier clears it. */
export const PatientSubsidyBody = z.strictObject({
  version: versionField(),
  tierCode: requiredText(
    SUBSIDY_MESSAGES.tierUnknown,
    SUBSIDY_TIER_CODE_MAX,
    SUBSIDY_MESSAGES.tierUnknown,
  ).nullable(),
  validFrom: isoDate(SUBSIDY_MESSAGES.validFromRequired, 'validFrom must be a date YYYY-MM-DD')
    .nullable()
    .default(null),
  validTo: isoDate('validTo is required', 'validTo must be a date YYYY-MM-DD')
    .nullable()
    .default(null),
});
export type PatientSubsidyBody = z.infer<typeof PatientSubsidyBody>;

/** The invoice's scheme snapshot (`Invoice.subsidy`), frozen at finalisation. */
export const InvoiceSubsidySnapshot = z.object({
  schemeCode: z.string(),
  schemeName: z.string(),
  tierCode: z.string(),
  tierName: z.string(),
  visitKind: z.enum(SCHEME_VISIT_KINDS),
  dollarSubsidyCents: z.int(),
  percentageSubsidyCents: z.int(),
  gstAbsorbedCents: z.int(),
});
export type InvoiceSubsidySnapshot = z.infer<typeof InvoiceSubsidySnapshot>;
