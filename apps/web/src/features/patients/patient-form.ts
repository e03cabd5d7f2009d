import {
  CUSTOM_CARD_PREFIX,
  PATIENT_MESSAGES,
  foldToEnglish,
  isNoIdType,
  nonEnglishCharacters,
  patientCreateBodyFor,
  type PatientCreateBody,
  type PatientCreateContext,
  type PatientPickerOption,
  type PatientProfile,
} from '@clinic/domain';
import { checkWith, type Checked } from '../../components/form/field-errors.ts';
import type { TextRule } from '../../components/form/RuleTextInput.tsx';
import type { PatientReferenceLists } from './patient-api.ts';

/** The patient panel: a new patient's fields, or a chosen patient's shown read-only. */
export interface PatientForm {
  title: string | null;
  name: string;
  gender: string | null;
  /** 'YYYY-MM-DD'. */
  birthDate: string | null;
  /** 'HH:mm'; asked only when the clinic has an HCI code. */
  birthTime: string;
  idType: string | null;
  nric: string;
  cardNoPrefix: string | null;
  cardNo: string;
  telCode: string | null;
  contactNo: string;
  father: string;
  mother: string;
  nationality: string | null;
  email: string;
}

export const EMPTY_PATIENT: PatientForm = {
  title: null,
  name: '',
  gender: null,
  birthDate: null,
  birthTime: '',
  idType: null,
  nric: '',
  cardNoPrefix: null,
  cardNo: '',
  telCode: null,
  contactNo: '',
  father: '',
  mother: '',
  nationality: null,
  email: '',
};

/**
 * The name of a clinic with an HCI code must be English (doc 1 section 2.13). The spec's
 * client stripped other characters as they were typed; ours keeps them (a pasted 'Tan 123
 * Ah 4' stays whole) and marks the field with the rule's message at once.
 */
export const ENGLISH_NAME_RULE: TextRule = {
  tidy: foldToEnglish,
  check: (name) => (nonEnglishCharacters(name).length > 0 ? PATIENT_MESSAGES.nameNotEnglish : null),
};

/** A chosen patient as the panel shows it (the profile, once loaded, fills every field). */
export function patientFormOf(patient: PatientPickerOption | PatientProfile): PatientForm {
  const profile = 'nationality' in patient ? patient : null;
  return {
    title: patient.title,
    name: patient.name,
    gender: patient.gender,
    birthDate: patient.birthDate,
    birthTime: profile?.birthTime ?? '',
    idType: patient.idType,
    nric: patient.nric ?? '',
    cardNoPrefix: patient.cardNoPrefix,
    cardNo: patient.cardNo ?? '',
    telCode: patient.telCode,
    contactNo: patient.contactNo ?? '',
    father: profile?.father ?? '',
    mother: profile?.mother ?? '',
    nationality: profile?.nationality ?? null,
    email: profile?.email ?? '',
  };
}

/** Another ID type; NA has no number, so the number is cleared. */
export function withIdType(form: PatientForm, idType: string | null): PatientForm {
  return { ...form, idType, nric: idType && isNoIdType(idType) ? '' : form.nric };
}

/** Another card prefix; only the Custom prefix keeps a typed number (others are numbered). */
export function withCardPrefix(form: PatientForm, cardNoPrefix: string | null): PatientForm {
  return {
    ...form,
    cardNoPrefix,
    cardNo: cardNoPrefix === CUSTOM_CARD_PREFIX ? form.cardNo : '',
  };
}

/**
 * The fields left blank that the reference lists fill in: the clinic's tel code, the first
 * ID type and nationality (the clinic's own, listed first) and the first card prefix. The
 * lists load after the form opens; a choice of the user's always wins.
 */
export function patientWithDefaults(form: PatientForm, lists: PatientReferenceLists): PatientForm {
  return {
    ...form,
    telCode: form.telCode ?? lists.defaultTelCode?.code ?? null,
    idType: form.idType ?? lists.idTypes[0]?.code ?? null,
    nationality: form.nationality ?? lists.nationalities[0]?.code ?? null,
    cardNoPrefix: form.cardNoPrefix ?? lists.cardPrefixes[0]?.prefix ?? null,
  };
}

/** The new patient's `POST /patients` body, checked with the clinic's rules. */
export function checkNewPatient(
  form: PatientForm,
  context: PatientCreateContext,
): Checked<PatientCreateBody> {
  return checkWith(patientCreateBodyFor(context), {
    ...form,
    birthTime: context.hasHciCode ? form.birthTime : null,
  });
}
