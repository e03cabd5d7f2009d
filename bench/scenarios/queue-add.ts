import {
  authHeaders,
  compareHttp,
  rotation,
  type HttpResult,
  type ScenarioContext,
} from './scenario.ts';

/** POST /queue: an existing patient (a different one each time) with the branch's doctor. */
export function queueAdd(context: ScenarioContext): Promise<HttpResult> {
  const { patientIds, doctorId } = context.fixtures;
  return compareHttp(
    context,
    {
      id: 'queue-add',
      name: 'Add to queue',
      call: "POST /api/v1/queue {patientId, doctorId, visitPurposes: ['Consultation'], isBackdate: false}",
    },
    () => {
      const patientId = rotation(patientIds);
      return {
        method: 'POST',
        headers: authHeaders(context),
        next: () => ({
          path: '/api/v1/queue',
          body: {
            patientId: patientId(),
            doctorId,
            visitPurposes: ['Consultation'],
            isBackdate: false,
          },
        }),
      };
    },
  );
}
