import { VISITS_PAGE_SIZE } from '../harness/fixtures.ts';
import {
  authHeaders,
  compareHttp,
  rotation,
  type HttpResult,
  type ScenarioContext,
} from './scenario.ts';

/**
 * Opening a patient record as the web client does (`apps/web/src/features/patient-record`):
 * the shell lands on the medical records tab, and the front desk's client then asks at
 * once for the header card (`header-info` and the vaccination count; the allergy badges
 * ask nothing of a role that may not read allergies) and the first page of the visits.
 * Patients of the 1M-patient chain with history, in turn; every call writes its audit row.
 */
const CALLS = [
  {
    name: 'header-info',
    path: (id: string) => `/api/v1/patients/${id}/header-info`,
  },
  {
    name: 'vaccination count',
    path: (id: string) => `/api/v1/vaccinations/items/count?patientId=${id}`,
  },
  {
    name: 'visits, first page',
    path: (id: string) => `/api/v1/visits?patientId=${id}&pageIndex=1&pageSize=${VISITS_PAGE_SIZE}`,
  },
] as const;

export function openRecord(context: ScenarioContext): Promise<HttpResult> {
  const { ids, visits } = context.fixtures.recordPatients;
  return compareHttp(
    context,
    {
      id: 'open-record',
      single: true,
      name: 'Open a patient record (header and first page of visits; opens/s)',
      call:
        `GET /api/v1/patients/{id}/header-info, GET /api/v1/vaccinations/items/count?patientId={id} ` +
        `and GET /api/v1/visits?patientId={id}&pageIndex=1&pageSize=${VISITS_PAGE_SIZE} at once, ` +
        `timed until the last answer (${ids.length} patients with history in turn: ` +
        `${visits.mean.toFixed(1)} visits on average, at most ${visits.max}, ` +
        `${visits.fullPage} with a full first page)`,
    },
    () => {
      const patientId = rotation(ids);
      return {
        headers: authHeaders(context),
        calls: CALLS.map((call) => call.name),
        next: () => {
          const id = patientId();
          return CALLS.map((call) => call.path(id));
        },
      };
    },
  );
}
