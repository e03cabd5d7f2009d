import { patientsApi, visitsApi, type ConsultTimes, type VisitDetail } from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/clients.ts';
import { queryCallOptions } from '../../api/background.ts';
import { useBranch } from '../../app/branch.ts';

/** The patient of the address: the queue links an MCO entry as `mco-{id}` (doc 2 section 2.1). */
export function patientIdOf(param: string | undefined): string {
  return (param ?? '').replace(/^mco-/, '');
}

/** The patient record's queries, by branch (the header and visits are read in one). */
export const recordKeys = {
  header: (branchId: string | undefined, patientId: string) =>
    ['patient-header', branchId, patientId] as const,
  vaccinations: (branchId: string | undefined, patientId: string) =>
    ['patient-vaccination-count', branchId, patientId] as const,
  visits: (branchId: string | undefined, patientId: string, page: number) =>
    ['patient-visits', branchId, patientId, page] as const,
  allVisits: (branchId: string | undefined, patientId: string) =>
    ['patient-visits', branchId, patientId] as const,
  visit: (branchId: string | undefined, visitId: string) => ['visit', branchId, visitId] as const,
};

/** `GET /patients/{id}/header-info`. */
export function usePatientHeader(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: recordKeys.header(branchId, patientId),
    queryFn: (context) =>
      api().call(patientsApi.headerInfo, { params: { id: patientId } }, queryCallOptions(context)),
    enabled: Boolean(branchId && patientId),
    retry: false,
  });
}

/** `GET /vaccinations/items/count`. */
export function useVaccinationCount(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: recordKeys.vaccinations(branchId, patientId),
    queryFn: (context) =>
      api().call(patientsApi.vaccinationCount, { query: { patientId } }, queryCallOptions(context)),
    enabled: Boolean(branchId && patientId),
    retry: false,
  });
}

export const VISITS_PER_PAGE = 20;

/** `GET /visits`: the medical records, newest first, a page at a time. */
export function usePatientVisits(patientId: string, page: number) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: recordKeys.visits(branchId, patientId, page),
    queryFn: (context) =>
      api().call(
        visitsApi.list,
        { query: { patientId, pageIndex: page, pageSize: VISITS_PER_PAGE } },
        queryCallOptions(context),
      ),
    enabled: Boolean(branchId && patientId),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** `GET /visits/{id}`. */
export function useVisit(visitId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: recordKeys.visit(branchId, visitId),
    queryFn: (context) =>
      api().call(visitsApi.detail, { params: { id: visitId } }, queryCallOptions(context)),
    enabled: Boolean(branchId && visitId),
    retry: false,
  });
}

/** After a change of a visit's times: its answer goes into the cache, the lists reload. */
export function useVisitSaved() {
  const client = useQueryClient();
  const { branchId } = useBranch();
  return (visit: VisitDetail, saved: ConsultTimes) => {
    client.setQueryData(recordKeys.visit(branchId, visit.id), { ...visit, ...saved });
    void client.invalidateQueries({ queryKey: recordKeys.allVisits(branchId, visit.patientId) });
  };
}

export function startConsult(visit: VisitDetail): Promise<ConsultTimes> {
  return api().call(visitsApi.consultIn, {
    params: { id: visit.id },
    body: { version: visit.version },
  });
}

export function stopConsult(visit: VisitDetail): Promise<ConsultTimes> {
  return api().call(visitsApi.consultOut, {
    params: { id: visit.id },
    body: { version: visit.version },
  });
}

export function saveConsultTime(
  visit: VisitDetail,
  startTime: number | null,
  endTime: number | null,
): Promise<ConsultTimes> {
  return api().call(visitsApi.consultTime, {
    params: { id: visit.id },
    body: { startTime, endTime, version: visit.version },
  });
}

/** `GET /patients/{id}/profile`, for the patient information card. */
export function usePatientProfile(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: ['patient-profile', branchId, patientId] as const,
    queryFn: (context) =>
      api().call(patientsApi.profile, { params: { id: patientId } }, queryCallOptions(context)),
    enabled: Boolean(branchId && patientId),
    retry: false,
  });
}
