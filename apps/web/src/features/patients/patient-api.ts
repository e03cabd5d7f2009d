import {
  pinNationalities,
  type CardPrefixItem,
  type CodeNameOption,
  type PatientCreateBody,
  type PatientCreateResult,
  type PatientProfile,
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
function useReferenceList<T>(name: string, path: string, keyword?: string): T[] {
  const { branchId } = useBranch();
  const query = keyword === undefined ? undefined : { keyword };
  return useOptionItems<T>(patientKeys.option(name, branchId), path, query);
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
    queryFn: () => api().get<TelCodeOption | null>('/tel-codes/default'),
    enabled: Boolean(branchId),
    staleTime: OPTION_STALE_MS,
  });
  return {
    genders: useReferenceList<CodeNameOption>('genders', '/gender/options'),
    idTypes: useReferenceList<CodeNameOption>('id-types', '/identificationtype/options', ''),
    nationalities: pinNationalities(
      useReferenceList<CodeNameOption>('nationalities', '/nationalities/options'),
      (option) => option.name,
    ),
    telCodes: useReferenceList<TelCodeOption>('tel-codes', '/tel-codes/options', ''),
    defaultTelCode: defaultTelCode.data ?? null,
    cardPrefixes: useReferenceList<CardPrefixItem>(
      'card-prefixes',
      '/patients/card-prefixes/options',
    ),
  };
}

/** `GET /patients/{id}/profile`, for a chosen patient's panel and the patient label. */
export function usePatientProfile(patientId: string | null) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: patientKeys.profile(branchId, patientId),
    queryFn: () => api().get<PatientProfile>(`/patients/${patientId}/profile`),
    enabled: Boolean(branchId && patientId),
  });
}

export function createPatient(body: PatientCreateBody): Promise<PatientCreateResult> {
  return api().post<PatientCreateResult>('/patients', body);
}
