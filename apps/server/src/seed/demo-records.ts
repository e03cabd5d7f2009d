import { QUEUE_STATUS, UserType } from '@clinic/domain';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';
import { clinicContext } from '../features/branches/branches.service.ts';
import * as queue from '../features/queue/queue.service.ts';
import * as visits from '../features/visits/visits.service.ts';

/** Days before today of each demo patient's past visits (a few patients, several dates). */
const PAST_VISIT_DAYS = [[7, 45, 180], [14, 90], [3, 30, 120, 365], [60], [21, 200]];
const PURPOSES = [['Consultation'], ['Follow-up'], ['Chronic Review']];

/**
 * The demo clinic's medical records: some of its patients get past visits (registered
 * through the queue as backdated visits, as the front desk records a visit after the
 * fact) with the consult times the doctor kept, consulted out, so the patient record is not
 * empty and no past day has anyone still waiting.
 */
export async function seedDemoRecords(ctx: AppContext, scope: BranchScope): Promise<void> {
  const { patientIds, doctorIds, offset } = await scope.run(async (tx) => ({
    offset: (await clinicContext(tx, scope.branchId)).offsetMinutes * 60,
    patientIds: (await tx.db.selectFrom('patients').select('id').orderBy('name').execute()).map(
      (row) => row.id,
    ),
    doctorIds: (
      await tx.db
        .selectFrom('users')
        .select('id')
        .where('type', '=', UserType.doctor)
        .orderBy('username')
        .execute()
    ).map((row) => row.id),
  }));
  const now = Math.floor(Date.now() / 1000);
  for (const [index, days] of PAST_VISIT_DAYS.entries()) {
    const patientId = patientIds[index];
    if (!patientId) break;
    for (const [n, daysAgo] of days.entries()) {
      // Mid-morning on the clinic's clock, a little later for each patient.
      const day = now - daysAgo * 86_400;
      const visitDate = day - ((day + offset) % 86_400) + 9 * 3600 + index * 1200 + n * 300;
      const entry = await queue.addToQueue(ctx, scope, {
        patientId,
        doctorId: doctorIds[(index + n) % Math.max(doctorIds.length, 1)]!,
        visitPurposes: PURPOSES[(index + n) % PURPOSES.length]!,
        remark: null,
        visitDate,
        isBackdate: true,
      });
      // Seen and gone: the past day's queue holds no one still waiting.
      await queue.changeStatus(ctx, scope, entry.id, QUEUE_STATUS.consultOut, entry.version);
    }
    const { items } = await visits.patientVisits(scope, {
      patientId,
      pageIndex: 1,
      pageSize: 100,
    });
    for (const [n, visit] of items.entries()) {
      const start = visit.date + 10 * 60;
      await visits.setConsultTime(scope, visit.id, {
        startTime: start,
        endTime: start + (8 + ((index + n) % 4) * 5) * 60,
        version: visit.version,
      });
    }
  }
}
