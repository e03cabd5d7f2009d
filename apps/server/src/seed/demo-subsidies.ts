import { UserType } from '@clinic/domain';
import { withTenant } from '../db/tenant-db.ts';
import { clinicContext } from '../features/branches/branches.service.ts';
import { setPatientSubsidy } from '../features/subsidies/subsidies.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';

/**
 * The second prescribed visit's patient holds CHAS Blue, so that visit's demo bill is
 * subsidised (a small bill: covered whole, FOC); two other demo patients hold CHAS Orange
 * and Merdeka Generation cards, for their Subsidy tabs and their next bills.
 */
const BILLED_TIER = 'CHAS-BLUE';
const OTHER_TIERS = ['CHAS-ORANGE', 'MG'];

/**
 * Gives three demo patients cards from 1 January of the clinic's year, through the
 * subsidies service as the front desk sets them, before the demo bills are made
 * (demo-billing). Runs once: a clinic where any patient holds a card is left as it is.
 */
export async function seedDemoSubsidies(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<void> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const facts = await run(async (tx) => {
    const carded = await tx.db.selectFrom('patientSchemes').select('id').executeTakeFirst();
    const desk = await tx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo.frontdesk')
      .executeTakeFirst();
    const branch = await tx.db
      .selectFrom('branches')
      .select('id')
      .where('code', '=', branchCode)
      .executeTakeFirst();
    if (carded || !desk || !branch) return undefined;
    const prescribed = await tx.db
      .selectFrom('visits')
      .select('patientId')
      .where('branchId', '=', branch.id)
      .where('voidedAt', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('prescriptions')
            .select('prescriptions.id')
            .whereRef('prescriptions.visitId', '=', 'visits.id')
            .where('prescriptions.catalogItemId', 'is not', null),
        ),
      )
      .orderBy('visitDate')
      .execute();
    const billed = prescribed[1]?.patientId;
    const others = await tx.db
      .selectFrom('patients')
      .select('id')
      .where('id', 'not in', [...prescribed.map((visit) => visit.patientId), NO_PATIENT])
      .orderBy('name')
      .limit(OTHER_TIERS.length)
      .execute();
    const { today } = await clinicContext(tx, branch.id);
    const cards: Array<[string, string]> = [
      ...(billed ? [[billed, BILLED_TIER] as [string, string]] : []),
      ...others.map((patient, index): [string, string] => [patient.id, OTHER_TIERS[index]!]),
    ];
    return { deskId: desk.id, branchId: branch.id, cards, yearStart: `${today.slice(0, 4)}-01-01` };
  });
  if (!facts) return;
  const scope: BranchScope = {
    tenantId,
    userId: facts.deskId,
    userType: UserType.frontDesk,
    branchId: facts.branchId,
    run,
  };
  for (const [patientId, tierCode] of facts.cards) {
    await setPatientSubsidy(scope, patientId, {
      version: 0,
      tierCode,
      validFrom: facts.yearStart,
      validTo: null,
    });
  }
}

const NO_PATIENT = '00000000-0000-4000-8000-000000000000';
