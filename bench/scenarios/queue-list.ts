import {
  authHeaders,
  compareHttp,
  rotation,
  type HttpResult,
  type ScenarioContext,
  type Target,
} from './scenario.ts';

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

const CHANGES_PER_SECOND = 2;

/**
 * The same list while its branch changes twice a second (a patient added to today's queue,
 * which publishes the branch's queue event): every change drops a kept answer, so this
 * measures the list as a busy branch reads it, not only between changes.
 */
export function queueListWhileChanging(context: ScenarioContext): Promise<HttpResult> {
  const { queueDay } = context.fixtures;
  const path = `/api/v1/queue?visitDate=${queueDay.visitDate}`;
  return compareHttp(
    context,
    {
      id: 'queue-list-changing',
      name: `Queue list of a ${queueDay.entries}-entry day while its branch changes ${CHANGES_PER_SECOND} times a second`,
      call: `GET ${path}, beside POST /api/v1/queue every ${1000 / CHANGES_PER_SECOND} ms`,
      during: (target) => addEvery(context, target, 1000 / CHANGES_PER_SECOND),
    },
    () => ({ method: 'GET', headers: authHeaders(context), next: () => ({ path }) }),
  );
}

/** Adds a patient to today's queue of the branch every `intervalMs` until stopped. */
function addEvery(context: ScenarioContext, target: Target, intervalMs: number) {
  // From the end of the sample, so as not to meet the patients the add scenario queues.
  const patientId = rotation([...context.fixtures.patientIds].reverse());
  const adding = new Set<Promise<void>>();
  let failed = 0;
  const add = async () => {
    const response = await fetch(`${context[target].url}/api/v1/queue`, {
      method: 'POST',
      headers: { ...authHeaders(context), 'content-type': 'application/json' },
      body: JSON.stringify({
        patientId: patientId(),
        doctorId: context.fixtures.doctorId,
        visitPurposes: ['Consultation'],
        isBackdate: false,
      }),
    });
    if (!response.ok) failed += 1;
  };
  const timer = setInterval(() => {
    const pending = add().catch(() => void (failed += 1));
    adding.add(pending);
    void pending.finally(() => adding.delete(pending));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(adding);
    if (failed > 0) console.log(`  (${failed} of the changes beside the load failed)`);
  };
}
