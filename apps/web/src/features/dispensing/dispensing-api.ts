import {
  dispensingApi,
  type DispenseResult,
  type MedicationLabels,
  type VisitDispensing,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export const dispensingKeys = {
  visit: (branchId: string | undefined, visitId: string) =>
    ['dispensing', branchId, visitId] as const,
};

/** The visit's lines with their dispensing state and the branch's stock. */
export function useVisitDispensing(visitId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: dispensingKeys.visit(branchId, visitId),
    queryFn: (context): Promise<VisitDispensing> =>
      api().call(dispensingApi.visit, { params: { id: visitId } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });
}

/** Puts a dispensing's answer (the visit's lines after it) into the cache. */
export function useDispensed(visitId: string): (result: VisitDispensing) => void {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return (result) => {
    client.setQueryData(dispensingKeys.visit(branchId, visitId), {
      visitId: result.visitId,
      branchId: result.branchId,
      items: result.items,
      total: result.total,
    });
  };
}

export function dispenseLines(
  visitId: string,
  prescriptionIds: readonly string[],
): Promise<DispenseResult> {
  return api().call(dispensingApi.dispense, {
    params: { id: visitId },
    body: { prescriptionIds: [...prescriptionIds] },
  });
}

export function fetchMedicationLabels(
  prescriptionIds: readonly string[],
): Promise<MedicationLabels> {
  return api().call(dispensingApi.labels, { query: { ids: prescriptionIds.join(',') } });
}
