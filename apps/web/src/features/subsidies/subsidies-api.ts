import {
  subsidiesApi,
  type CallInput,
  type ChasAnswer,
  type PatientSubsidy,
  type SubsidyTierItem,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export type PatientSubsidyBody = CallInput<typeof subsidiesApi.patientSubsidySet>['body'];
export type TierUpdateBody = CallInput<typeof subsidiesApi.tierUpdate>['body'];

export const subsidyKeys = {
  chas: (branchId: string | undefined, patientId: string) =>
    ['subsidies', 'chas', branchId, patientId] as const,
  patient: (branchId: string | undefined, patientId: string) =>
    ['subsidies', 'patient', branchId, patientId] as const,
  tiers: (branchId: string | undefined) => ['subsidies', 'tiers', branchId] as const,
};

/** `GET /chas/{patientId}`: the patient's tier by name, null when none. */
export function useChas(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: subsidyKeys.chas(branchId, patientId),
    queryFn: (context): Promise<ChasAnswer> =>
      api().call(subsidiesApi.chas, { params: { patientId } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });
}

/** The patient's card and this year's use of the annual caps. */
export function usePatientSubsidy(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: subsidyKeys.patient(branchId, patientId),
    queryFn: (context): Promise<PatientSubsidy> =>
      api().call(
        subsidiesApi.patientSubsidy,
        { params: { id: patientId } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId),
  });
}

/** Shows a saved card, and has the tier's name read again where it shows. */
export function usePatientSubsidyShown(): (answer: PatientSubsidy) => void {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return (answer) => {
    client.setQueryData(subsidyKeys.patient(branchId, answer.patientId), answer);
    void client.invalidateQueries({ queryKey: subsidyKeys.chas(branchId, answer.patientId) });
  };
}

export function setPatientSubsidy(
  patientId: string,
  body: PatientSubsidyBody,
): Promise<PatientSubsidy> {
  return api().call(subsidiesApi.patientSubsidySet, { params: { id: patientId }, body });
}

/** The clinic's subsidy tiers (settings 'sales/subsidies'). */
export function useSubsidyTiers(enabled = true) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: subsidyKeys.tiers(branchId),
    queryFn: async (context): Promise<SubsidyTierItem[]> =>
      (await api().call(subsidiesApi.tiers, {}, queryCallOptions(context))).items,
    enabled: enabled && Boolean(branchId),
  });
}

export function updateTier(id: string, body: TierUpdateBody): Promise<SubsidyTierItem> {
  return api().call(subsidiesApi.tierUpdate, { params: { id }, body });
}
