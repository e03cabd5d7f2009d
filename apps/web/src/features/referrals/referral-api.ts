import {
  referralsApi,
  reportsApi,
  type ReferralOption,
  type ReferralOutCreateBody,
  type ReferralOutRecord,
  type ReferralOutUpdateBody,
  type ReferralType,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { useOptionItems } from '../../app/option-lists.ts';

/** The referral screens' queries, by branch (another branch's referral is refused on writes). */
export const referralKeys = {
  patient: (branchId: string | undefined, patientId: string) =>
    ['referrals', branchId, patientId] as const,
  one: (branchId: string | undefined, id: string) => ['referral', branchId, id] as const,
  hsg: (branchId: string | undefined, patientId: string) =>
    ['referral-hsg', branchId, patientId] as const,
  institutions: (branchId: string | undefined, type: ReferralType | null) =>
    ['referral-institutions', branchId, type] as const,
  specialties: (branchId: string | undefined, code: string | null, type: ReferralType | null) =>
    ['referral-specialties', branchId, code, type] as const,
};

/** `GET /referrals/out?patientId`: the patient's referrals out, newest first. */
export function usePatientReferrals(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: referralKeys.patient(branchId, patientId),
    queryFn: (context) =>
      api()
        .call(referralsApi.list, { query: { patientId } }, queryCallOptions(context))
        .then((list) => list.items),
    enabled: Boolean(branchId && patientId),
    retry: false,
  });
}

/** `GET /referrals/out/{id}` (none for a new referral). */
export function useReferral(id: string | null) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: referralKeys.one(branchId, id ?? ''),
    queryFn: (context) =>
      api().call(referralsApi.get, { params: { id: id ?? '' } }, queryCallOptions(context)),
    enabled: Boolean(branchId && id),
    retry: false,
    gcTime: 0,
  });
}

/** `GET /enrolment/hsg-status`: whether the patient holds a Healthier SG tier today. */
export function useHsgStatus(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: referralKeys.hsg(branchId, patientId),
    queryFn: (context) =>
      api().call(
        referralsApi.hsgStatus,
        { query: { patientID: patientId } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId && patientId),
    retry: false,
  });
}

/** The institutions taking a type of referral (HSG); empty without a type or on failure. */
export function useInstitutions(type: ReferralType | null): ReferralOption[] {
  const { branchId } = useBranch();
  const items = useOptionItems(referralKeys.institutions(branchId, type), () =>
    type === null
      ? Promise.resolve({ items: [] })
      : api().call(referralsApi.institutions, { query: { type } }),
  );
  return type === null ? [] : items;
}

/** The specialties an institution offers for a type; empty until both are chosen. */
export function useSpecialties(code: string | null, type: ReferralType | null): ReferralOption[] {
  const { branchId } = useBranch();
  const items = useOptionItems(referralKeys.specialties(branchId, code, type), () =>
    code === null || type === null
      ? Promise.resolve({ items: [] })
      : api().call(referralsApi.specialties, { query: { code, type } }),
  );
  return code === null || type === null ? [] : items;
}

/** `GET /reports/header`: the branch's letterhead, the editor's clinic information. */
export function useClinicHeader() {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: ['report-header', branchId] as const,
    queryFn: () => api().call(reportsApi.header),
    enabled: Boolean(branchId),
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** After a save or a void: the answer goes into the cache, the patient's list reloads. */
export function useReferralSaved() {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return (saved: ReferralOutRecord) => {
    client.setQueryData(referralKeys.one(branchId, saved.id), saved);
    void client.invalidateQueries({ queryKey: referralKeys.patient(branchId, saved.patientId) });
  };
}

/** Reads the referral again (after a 409: someone else changed it). */
export function useReferralReload() {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return (id: string) => client.invalidateQueries({ queryKey: referralKeys.one(branchId, id) });
}

export function createReferral(body: ReferralOutCreateBody): Promise<ReferralOutRecord> {
  return api().call(referralsApi.create, { body });
}

export function updateReferral(
  id: string,
  body: ReferralOutUpdateBody,
): Promise<ReferralOutRecord> {
  return api().call(referralsApi.update, { params: { id }, body });
}

export function voidReferral(
  referral: ReferralOutRecord,
  voidedReason: string,
): Promise<ReferralOutRecord> {
  return api().call(referralsApi.void, {
    params: { id: referral.id },
    body: { voidedReason, rowVersion: referral.rowVersion },
  });
}
