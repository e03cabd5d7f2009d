import {
  ALLERGY_MESSAGES,
  isIsoDate,
  type AllergenOption,
  type AllergyCreateBody,
  type AllergyReaction,
  type AllergyType,
} from '@clinic/domain';

/** The allergy form's values (doc 2 section 2.9). */
export interface AllergyForm {
  onsetDate: string | null;
  allergyType: AllergyType | null;
  allergen: AllergenOption | null;
  reaction: AllergyReaction | null;
  remark: string;
}

export const EMPTY_ALLERGY: AllergyForm = {
  onsetDate: null,
  allergyType: null,
  allergen: null,
  reaction: null,
  remark: '',
};

export type AllergyErrors = Partial<Record<keyof AllergyForm, string>>;

/**
 * The form's rules (doc 2 section 5 'Allergy form'): every field required, each with
 * '<field> is required'; the onset date not after today. The server applies them again.
 */
export function checkAllergy(values: AllergyForm, today: string): AllergyErrors {
  const errors: AllergyErrors = {};
  if (!values.onsetDate) errors.onsetDate = ALLERGY_MESSAGES.onsetDateRequired;
  else if (!isIsoDate(values.onsetDate)) errors.onsetDate = ALLERGY_MESSAGES.onsetDateInvalid;
  else if (values.onsetDate > today) errors.onsetDate = ALLERGY_MESSAGES.onsetDateFuture;
  if (!values.allergyType) errors.allergyType = ALLERGY_MESSAGES.allergyTypeRequired;
  if (!values.allergen) errors.allergen = ALLERGY_MESSAGES.allergyRequired;
  else if (values.allergyType && values.allergen.type !== values.allergyType)
    errors.allergen = ALLERGY_MESSAGES.allergenOfOtherType;
  if (!values.reaction) errors.reaction = ALLERGY_MESSAGES.reactionRequired;
  if (!values.remark.trim()) errors.remark = ALLERGY_MESSAGES.remarkRequired;
  return errors;
}

/** The payload of doc 2 section 3, from values that passed `checkAllergy`. */
export function allergyBody(
  values: AllergyForm,
  patientId: string,
  visitId: string | null,
  hciCode: string | null,
): AllergyCreateBody {
  return {
    hciCode,
    patientID: patientId,
    visitID: visitId,
    allergyType: values.allergyType!,
    allergyDrugID: values.allergen!.id,
    allergyDrugCode: values.allergen!.code,
    allergyDrugName: values.allergen!.name,
    allergyReaction: values.reaction!,
    allergyRemark: values.remark.trim(),
    onsetDate: values.onsetDate!,
  };
}

/** A server's field names, as the form's. */
export const SERVER_FIELDS: Partial<Record<string, keyof AllergyForm>> = {
  onsetDate: 'onsetDate',
  allergyType: 'allergyType',
  allergyDrugID: 'allergen',
  allergyReaction: 'reaction',
  allergyRemark: 'remark',
};
