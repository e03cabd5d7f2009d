import {
  optionsApi,
  patientsApi,
  pinNationalities,
  type CardPrefixItem,
  type CodeNameOption,
  type PatientCreateBody,
  type PatientCreateResult,
  type TelCodeOption,
} from '@clinic/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { OPTION_STALE_MS, useOptionItems } from '../../app/option-lists.ts';

export const patientKeys = {
  option: (name: string, branchId: string | undefined) =>
    ['patient-options', name, branchId] as const,
  profile: (branchId: string | undefined, patientId: string | null) =>
    ['patient-profile', branchId, patientId] as const,
};

/** A reference list of the new-patient fields. */
function useReferenceList<T>(name: string, load: () => Promise<{ items: T[] }>): T[] {
  const { branchId } = useBranch();
  return useOptionItems(patientKeys.option(name, branchId), load);
}

export interface PatientReferenceLists {
  genders: CodeNameOption[];
  idTypes: CodeNameOption[];
  nationalities: CodeNameOption[];
  telCodes: TelCodeOption[];
  defaultTelCode: TelCodeOption | null;
  cardPrefixes: CardPrefixItem[];
}

/** Every list the new-patient fields choose from (doc 1 section 7 'Patients and pickers'). */
export function usePatientReferenceLists(): PatientReferenceLists {
  const { branchId } = useBranch();
  const defaultTelCode = useQuery({
    queryKey: patientKeys.option('tel-code-default', branchId),
    queryFn: () => api().call(optionsApi.defaultTelCode),
    enabled: Boolean(branchId),
    staleTime: OPTION_STALE_MS,
  });
  return {
    genders: useReferenceList('genders', () => api().call(optionsApi.genders)),
    idTypes: useReferenceList('id-types', () =>
      api().call(optionsApi.identificationTypes, { query: { keyword: '' } }),
    ),
    nationalities: pinNationalities(
      useReferenceList('nationalities', () => api().call(optionsApi.nationalities)),
      (option) => option.name,
    ),
    telCodes: useReferenceList('tel-codes', () =>
      api().call(optionsApi.telCodes, { query: { keyword: '' } }),
    ),
    defaultTelCode: defaultTelCode.data ?? null,
    cardPrefixes: useReferenceList('card-prefixes', () => api().call(optionsApi.cardPrefixes)),
  };
}

/** `GET /patients/{id}/profile`, for a chosen patient's panel and the patient label. */
export function usePatientProfile(patientId: string | null) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: patientKeys.profile(branchId, patientId),
    queryFn: () => api().call(patientsApi.profile, { params: { id: patientId ?? '' } }),
    enabled: Boolean(branchId && patientId),
  });
}

export function createPatient(body: PatientCreateBody): Promise<PatientCreateResult> {
  return api().call(patientsApi.create, { body });
}
