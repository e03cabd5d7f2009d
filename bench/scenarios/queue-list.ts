import { authHeaders, compareHttp, type HttpResult, type ScenarioContext } from './scenario.ts';

/** GET /queue of the last generated day of the chain's first branch (about 300 entries). */
export function queueList(context: ScenarioContext): Promise<HttpResult> {
  const { queueDay } = context.fixtures;
  const path = `/api/v1/queue?visitDate=${queueDay.visitDate}`;
  return compareHttp(
    context,
    {
      id: 'queue-list',
      single: true,
      name: `Queue list of a ${queueDay.entries}-entry day`,
      call: `GET ${path} (${queueDay.date})`,
    },
    () => ({ method: 'GET', headers: authHeaders(context), next: () => ({ path }) }),
  );
}
