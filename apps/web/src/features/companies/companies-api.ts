import { companiesApi, type CompanyRecord } from '@clinic/domain';
import { useQuery } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export type CompanyBody = Omit<CompanyRecord, 'id' | 'version' | 'isActive'>;

export const companyKeys = {
  all: (branchId: string | undefined) => ['companies', branchId] as const,
};

/** Every company of the clinic, inactive ones too (settings). */
export function useCompanies() {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: companyKeys.all(branchId),
    queryFn: async (context): Promise<CompanyRecord[]> =>
      (await api().call(companiesApi.companies, {}, queryCallOptions(context))).items,
    enabled: Boolean(branchId),
  });
}

export function createCompany(body: CompanyBody): Promise<CompanyRecord> {
  return api().call(companiesApi.companyCreate, { body });
}

export function updateCompany(
  id: string,
  body: CompanyBody & { isActive: boolean; version: number },
): Promise<CompanyRecord> {
  return api().call(companiesApi.companyUpdate, { params: { id }, body });
}
