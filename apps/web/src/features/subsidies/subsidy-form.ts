import { SUBSIDY_MESSAGES, type PatientSubsidy } from '@clinic/domain';
import type { FormErrors } from '@mantine/form';
import type { PatientSubsidyBody } from './subsidies-api.ts';

/**
 * The Subsidy tab's form as plain functions (tested without rendering): what the inputs
 * hold, their messages (the server's words, `SUBSIDY_MESSAGES`) and the body sent.
 */
export type CardValues = {
  /** '' while no tier is chosen. */
  tierCode: string;
  /** YYYY-MM-DD or null. */
  validFrom: string | null;
  validTo: string | null;
};

export function cardValues(subsidy: PatientSubsidy): CardValues {
  return {
    tierCode: subsidy.card?.tierCode ?? '',
    validFrom: subsidy.card?.validFrom ?? null,
    validTo: subsidy.card?.validTo ?? null,
  };
}

export function checkCard(values: CardValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.tierCode) errors.tierCode = SUBSIDY_MESSAGES.tierUnknown;
  if (!values.validFrom) errors.validFrom = SUBSIDY_MESSAGES.validFromRequired;
  if (values.validFrom && values.validTo && values.validTo < values.validFrom) {
    errors.validTo = SUBSIDY_MESSAGES.validToBeforeFrom;
  }
  return errors;
}

/** The body of `PUT /patients/{id}/subsidy`: the card, or null values to remove it. */
export function cardBody(values: CardValues | null, version: number): PatientSubsidyBody {
  if (!values) return { version, tierCode: null };
  return {
    version,
    tierCode: values.tierCode,
    validFrom: values.validFrom,
    validTo: values.validTo,
  };
}
