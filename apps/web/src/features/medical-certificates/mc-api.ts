import {
  mcApi,
  optionsApi,
  type DictionaryOption,
  type DoctorOption,
  type McCreateBody,
  type McRecord,
  type McUpdateBody,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { useOptionItems } from '../../app/option-lists.ts';

export const mcKeys = {
  visit: (visitId: string) => ['medical-certificates', visitId] as const,
  one: (id: string) => ['medical-certificate', id] as const,
};

/** A visit's certificates. */
export function useVisitCertificates(visitId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: mcKeys.visit(visitId),
    queryFn: (context) =>
      api()
        .call(mcApi.list, { query: { visitId } }, queryCallOptions(context))
        .then((list) => list.items),
    enabled: Boolean(branchId),
  });
}

/** One certificate (the editor of an existing one). */
export function useCertificate(id: string | null) {
  return useQuery({
    queryKey: mcKeys.one(id ?? ''),
    queryFn: () => api().call(mcApi.get, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    gcTime: 0,
  });
}

/** Refreshes the visit's list (the editor's refresh marker after a save). */
export function useRefreshCertificates(visitId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mcKeys.visit(visitId) });
}

export function createCertificate(body: McCreateBody): Promise<McRecord> {
  return api().call(mcApi.create, { body });
}

export function updateCertificate(id: string, body: McUpdateBody): Promise<McRecord> {
  return api().call(mcApi.update, { params: { id }, body });
}

export function deleteCertificate(id: string, version: number): Promise<McRecord> {
  return api().call(mcApi.remove, { params: { id }, body: { version } });
}

/** MC purposes (`GET /dictionary/options?typeId=1`); empty on failure. */
export function useMcPurposes(): DictionaryOption[] {
  const { branchId } = useBranch();
  return useOptionItems(['dictionary', 1, branchId], () =>
    api().call(optionsApi.dictionary, { query: { typeId: 1 } }),
  );
}

export function useDoctors(): DoctorOption[] {
  const { branchId } = useBranch();
  return useOptionItems(['mc-doctors', branchId], () => api().call(optionsApi.doctors));
}
