import {
  allergiesApi,
  type AllergenOption,
  type AllergiesAndAlert,
  type AllergyCreateBody,
  type AllergyRecord,
  type AllergyType,
  type ReactionOption,
} from '@clinic/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { useCan } from '../../app/permissions.tsx';

export const allergyKeys = {
  /** Everything of a patient's allergies: the tab's list and the header's badges. */
  patient: (branchId: string | undefined, patientId: string) =>
    ['allergies', branchId, patientId] as const,
  list: (branchId: string | undefined, patientId: string) =>
    ['allergies', branchId, patientId, 'list'] as const,
  badges: (branchId: string | undefined, patientId: string) =>
    ['allergies', branchId, patientId, 'badges'] as const,
  allergens: (branchId: string | undefined, type: AllergyType | null, keyword: string) =>
    ['allergens', branchId, type, keyword] as const,
  reactions: (branchId: string | undefined) => ['allergy-reactions', branchId] as const,
};

/** The allergies tab's list; asks nothing of a role that may not read allergies. */
export function usePatientAllergies(patientId: string) {
  const { branchId } = useBranch();
  const mayRead = useCan('allergies:read');
  return useQuery({
    queryKey: allergyKeys.list(branchId, patientId),
    queryFn: async (): Promise<AllergyRecord[]> =>
      (await api().call(allergiesApi.list, { query: { patientId } })).items,
    enabled: Boolean(branchId) && mayRead,
  });
}

/** The header's badges; asks nothing of a role that may not read allergies. */
export function useAllergiesAndAlert(patientId: string) {
  const { branchId } = useBranch();
  const mayRead = useCan('allergies:read');
  return useQuery({
    queryKey: allergyKeys.badges(branchId, patientId),
    queryFn: (): Promise<AllergiesAndAlert> =>
      api().call(allergiesApi.badges, { params: { patientId } }),
    enabled: Boolean(branchId) && mayRead,
  });
}

export function useAllergens(type: AllergyType | null, keyword: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: allergyKeys.allergens(branchId, type, keyword),
    queryFn: async (): Promise<AllergenOption[]> =>
      (
        await api().call(allergiesApi.options, {
          query: { keyword, ...(type ? { allergyType: type } : {}) },
        })
      ).items,
    enabled: Boolean(branchId),
    staleTime: 5 * 60_000,
  });
}

export function useReactionOptions() {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: allergyKeys.reactions(branchId),
    queryFn: async (): Promise<ReactionOption[]> =>
      (await api().call(allergiesApi.reactions, { query: {} })).items,
    enabled: Boolean(branchId),
    staleTime: Infinity,
  });
}

export function addAllergy(body: AllergyCreateBody): Promise<AllergyRecord> {
  return api().call(allergiesApi.create, { body });
}

export function removeAllergy(id: string, version: number): Promise<AllergyRecord> {
  return api().call(allergiesApi.remove, { params: { id }, body: { version } });
}

/** After a change: the tab's list and the badges on every patient page. */
export function refreshAllergies(
  queryClient: QueryClient,
  branchId: string | undefined,
  patientId: string,
): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: allergyKeys.patient(branchId, patientId) });
}
