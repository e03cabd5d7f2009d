import { addDays, dateOfUnix } from '@clinic/domain';
import { clinicContext } from '../features/branches/branches.service.ts';
import { createCertificate } from '../features/medical-certificates/mc.service.ts';
import type { BranchScope } from '../platform/scope.ts';

/**
 * The demo's medical certificates: on the branch's earliest finished consultation (a past
 * day's when there is one), a two-day MC and an excuse chit for the morning, issued by the
 * visit's doctor. Once: a clinic that has certificates gets none.
 */
export async function seedDemoCertificates(scope: BranchScope): Promise<void> {
  const found = await scope.run(async (tx) => {
    const any = await tx.db.selectFrom('medicalCertificates').select('id').executeTakeFirst();
    if (any) return undefined;
    // A visit whose consultation ended (its queue entry consulted out, or its end time set).
    const visit = await tx.db
      .selectFrom('visits as v')
      .leftJoin('queueEntries as q', (join) =>
        join.onRef('q.tenantId', '=', 'v.tenantId').onRef('q.visitId', '=', 'v.id'),
      )
      .select(['v.id', 'v.visitDate'])
      .where('v.branchId', '=', scope.branchId)
      .where('v.voidedAt', 'is', null)
      .where((eb) =>
        eb.or([eb('v.consultEnd', 'is not', null), eb('q.consultOut', 'is not', null)]),
      )
      .orderBy('v.visitDate')
      .executeTakeFirst();
    const offset = (await clinicContext(tx, scope.branchId)).offsetMinutes;
    return visit && { visit, offset };
  });
  if (!found) return;
  const day = dateOfUnix(Math.floor(found.visit.visitDate.getTime() / 1000), found.offset);
  await createCertificate(scope, {
    visitId: found.visit.id,
    mcNo: null,
    issuedDate: day,
    fromDate: day,
    toDate: addDays(day, 1),
    givenDays: 2,
    doctorId: null,
    mcPurpose: 'Sick leave',
    remark: 'Acute upper respiratory tract infection: rest at home.',
    excuseChit: false,
    timeRequired: false,
    fromTime: null,
    toTime: null,
    fitChoice: 1,
  });
  await createCertificate(scope, {
    visitId: found.visit.id,
    mcNo: null,
    issuedDate: day,
    fromDate: day,
    toDate: day,
    givenDays: 1,
    doctorId: null,
    mcPurpose: 'Medical appointment',
    remark: null,
    excuseChit: true,
    timeRequired: true,
    fromTime: '09:00',
    toTime: '11:00',
    fitChoice: null,
  });
}
