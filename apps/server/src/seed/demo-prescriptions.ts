import { UserType, type PrescriptionCreateBody } from '@clinic/domain';
import { withTenant } from '../db/tenant-db.ts';
import { addPrescription } from '../features/prescriptions/prescriptions.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';

/** A prescription line of the demo, by its catalog item's code. */
export type DemoLine = Omit<PrescriptionCreateBody, 'catalogItemId'> & { code: string };

export const line = (code: string, fields: Partial<DemoLine>): DemoLine => ({
  code,
  startDate: null,
  prescriptMode: 1,
  doseNum: null,
  consumeQuantity: null,
  consumeUm: null,
  consumeMethod: null,
  frequency: null,
  duration: null,
  cycle: null,
  dispenseQuantity: null,
  precaution: null,
  indication: null,
  overrideReason: null,
  ...fields,
});

/**
 * Lines of the demo's finished visits, in turn, matching their diagnoses (demo-clinical):
 * hypertension and diabetes, an upper respiratory infection (the cold-and-flu combo),
 * back strain, and a fever.
 */
const DEMO_PRESCRIPTIONS: DemoLine[][] = [
  [
    line('AMLO5', {
      prescriptMode: 0,
      doseNum: 5,
      frequency: 'OM',
      duration: 1,
      cycle: 'month',
      indication: 'For blood pressure',
    }),
    line('METF500', {
      prescriptMode: 0,
      doseNum: 500,
      frequency: 'BD',
      duration: 1,
      cycle: 'month',
      precaution: 'Take after food',
      indication: 'For diabetes',
    }),
  ],
  [line('URTI-PKG', {})],
  [
    line('IBU400', {
      prescriptMode: 0,
      doseNum: 400,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
      precaution: 'Take after food',
      indication: 'For pain',
    }),
  ],
  [
    line('PARA500', {
      consumeQuantity: 2,
      frequency: 'QDS',
      duration: 3,
      cycle: 'day',
      dispenseQuantity: 20,
      indication: 'For pain or fever',
    }),
  ],
];

/**
 * The demo doctor's prescriptions on the demo clinic's finished visits, through the
 * prescriptions service as the editor saves them. Runs once: a clinic with any catalog
 * line prescribed is left as it is; a demo without its catalog gets none.
 */
export async function seedDemoPrescriptions(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<void> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const codes = [...new Set(DEMO_PRESCRIPTIONS.flat().map((demo) => demo.code))];
  const facts = await run(async (tx) => {
    const prescribed = await tx.db
      .selectFrom('prescriptions')
      .select('id')
      .where('catalogItemId', 'is not', null)
      .limit(1)
      .executeTakeFirst();
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
    const items = await tx.db
      .selectFrom('catalogItems')
      .select(['id', 'code'])
      .where('code', 'in', codes)
      .where('deletedAt', 'is', null)
      .execute();
    if (prescribed || !doctor || !branch || items.length < codes.length) return undefined;
    const visits = await tx.db
      .selectFrom('visits')
      .select('id')
      .where('branchId', '=', branch.id)
      .where('voidedAt', 'is', null)
      .where('consultEnd', 'is not', null)
      .orderBy('visitDate')
      .limit(DEMO_PRESCRIPTIONS.length)
      .execute();
    return {
      doctorId: doctor.id,
      branchId: branch.id,
      visits,
      items: new Map(items.map((item) => [item.code, item.id])),
    };
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
    for (const { code, ...fields } of DEMO_PRESCRIPTIONS[index] ?? []) {
      const catalogItemId = facts.items.get(code);
      if (catalogItemId) await addPrescription(scope, visit.id, { ...fields, catalogItemId });
    }
  }
}
