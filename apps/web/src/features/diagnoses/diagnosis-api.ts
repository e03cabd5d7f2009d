import {
  diagnosesApi,
  isSearchable,
  visitsApi,
  type DiagnosisCreateBody,
  type DiagnosisRecord,
  type SnomedTerm,
} from '@clinic/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export const diagnosisKeys = {
  visit: (branchId: string | undefined, visitId: string) =>
    ['visit-diagnoses', branchId, visitId] as const,
  snomed: (branchId: string | undefined, filter: string) =>
    ['snomed-ct', branchId, filter] as const,
};

/** The visit's diagnoses (removed ones included, marked). */
export function useVisitDiagnoses(visitId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: diagnosisKeys.visit(branchId, visitId),
    queryFn: async (): Promise<DiagnosisRecord[]> =>
      (await api().call(visitsApi.diagnoses, { query: { visitId } })).items,
    enabled: Boolean(branchId),
  });
}

/** Terms for a filter; asks nothing until the filter has 2 characters. */
export function useSnomedSearch(filter: string) {
  const { branchId } = useBranch();
  const searchable = isSearchable(filter);
  return useQuery({
    queryKey: diagnosisKeys.snomed(branchId, filter),
    queryFn: async (): Promise<SnomedTerm[]> =>
      (await api().call(diagnosesApi.snomed, { query: { filter } })).items,
    enabled: Boolean(branchId) && searchable,
    staleTime: 5 * 60_000,
  });
}

export function addDiagnosis(body: DiagnosisCreateBody): Promise<DiagnosisRecord> {
  return api().call(diagnosesApi.create, { body });
}

export function removeDiagnosis(id: string, version: number): Promise<DiagnosisRecord> {
  return api().call(diagnosesApi.remove, { params: { id }, body: { version } });
}
