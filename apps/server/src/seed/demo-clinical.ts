import { UserType } from '@clinic/domain';
import { withTenant } from '../db/tenant-db.ts';
import { addAllergy } from '../features/allergies/allergies.service.ts';
import { addDiagnosis } from '../features/diagnoses/diagnoses.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';

/** Coded diagnoses given to the demo's finished visits, in turn (starter-list concepts). */
const DEMO_DIAGNOSES: { id: string; remark: string | null }[][] = [
  [
    { id: '38341003', remark: 'On amlodipine 5 mg' },
    { id: '44054006', remark: 'HbA1c 7.2% last month' },
  ],
  [{ id: '54150009', remark: 'Sore throat and runny nose for 3 days' }],
  [{ id: '279039007', remark: 'After lifting boxes at work' }],
  [{ id: '195967001', remark: null }],
];

/**
 * The demo doctor's diagnoses on the demo clinic's finished visits and a penicillin
 * allergy (and a peanut one) for the first demo patient, through the services as the app
 * records them. Runs once: a clinic that has any allergy recorded is left as it is.
 */
export async function seedDemoClinical(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<void> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const facts = await run(async (tx) => {
    const recorded = await tx.db.selectFrom('allergies').select('id').limit(1).executeTakeFirst();
    const doctor = await tx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo.doctor')
      .executeTakeFirst();
    const branch = await tx.db
      .selectFrom('branches')
      .select('id')
      .where('code', '=', branchCode)
      .executeTakeFirst();
    if (recorded || !doctor || !branch) return undefined;
    const visits = await tx.db
      .selectFrom('visits')
      .select(['id', 'patientId'])
      .where('branchId', '=', branch.id)
      .where('voidedAt', 'is', null)
      .where('consultEnd', 'is not', null)
      .orderBy('visitDate')
      .limit(DEMO_DIAGNOSES.length)
      .execute();
    const firstPatient = await tx.db
      .selectFrom('patients')
      .select('id')
      .orderBy('name')
      .limit(1)
      .executeTakeFirst();
    return { doctorId: doctor.id, branchId: branch.id, visits, firstPatient };
  });
  if (!facts) return;
  const scope: BranchScope = {
    tenantId,
    userId: facts.doctorId,
    userType: UserType.doctor,
    branchId: facts.branchId,
    run,
  };
  for (const [index, visit] of facts.visits.entries()) {
    for (const diagnosis of DEMO_DIAGNOSES[index] ?? []) {
      await addDiagnosis(scope, {
        visitId: visit.id,
        patientId: visit.patientId,
        model: { id: diagnosis.id, name: null, remark: diagnosis.remark },
      });
    }
  }
  const patientId = facts.visits[0]?.patientId ?? facts.firstPatient?.id;
  if (!patientId) return;
  await addAllergy(scope, {
    hciCode: null,
    patientID: patientId,
    visitID: facts.visits[0]?.id ?? null,
    allergyType: 'Drug',
    allergyDrugID: 'drug-penicillin',
    allergyDrugCode: null,
    allergyDrugName: null,
    allergyReaction: 'Y',
    allergyRemark: 'Generalised urticaria and lip swelling after amoxicillin in 2015',
    onsetDate: '2015-06-01',
  });
  await addAllergy(scope, {
    hciCode: null,
    patientID: patientId,
    visitID: null,
    allergyType: 'Others',
    allergyDrugID: 'other-peanut',
    allergyDrugCode: null,
    allergyDrugName: null,
    allergyReaction: 'U',
    allergyRemark: 'Itchy mouth after satay sauce',
    onsetDate: '2008-01-01',
  });
}
