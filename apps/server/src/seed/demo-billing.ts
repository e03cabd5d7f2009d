import { UserType, type Invoice, type TenderInput } from '@clinic/domain';
import { withTenant, type TenantTx } from '../db/tenant-db.ts';
import { finaliseInvoice, invoiceFromVisit } from '../features/billing/invoices.service.ts';
import { createPayment } from '../features/billing/payments.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';

/**
 * How each demo bill is paid, in turn: half by NETS and the rest in cash with change, by
 * card in full, part by PayNow (partly paid), and not yet (issued), so the invoice lists
 * show every state a desk meets.
 */
const DEMO_PAYMENTS: Array<(invoice: Invoice) => TenderInput[]> = [
  (invoice) => {
    const half = Math.floor(invoice.balanceCents / 2);
    const cash = Math.ceil((invoice.balanceCents - half) / 1000) * 1000;
    return [
      { method: 'nets', amountCents: half },
      { method: 'cash', amountCents: cash },
    ];
  },
  (invoice) => [{ method: 'card', amountCents: invoice.balanceCents }],
  (invoice) => [{ method: 'paynow', amountCents: Math.floor(invoice.balanceCents / 3) }],
  () => [],
];

/**
 * The demo front desk's bills of today for the demo clinic's oldest finished visits that
 * have prescription lines (demo-prescriptions), through the billing services as the desk
 * takes them. Runs once: a clinic where one of those visits has an invoice is left as it
 * is. (The past weeks' visits and bills are demo-weeks'.)
 */
export async function seedDemoBilling(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<void> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const facts = await run(async (tx) => {
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
    if (!desk || !branch) return undefined;
    const visits = await demoBilledVisits(tx, branch.id);
    const billed = await tx.db
      .selectFrom('invoices')
      .select('id')
      .where('visitId', 'in', [...visits.map((visit) => visit.id), NO_VISIT])
      .limit(1)
      .executeTakeFirst();
    return billed ? undefined : { deskId: desk.id, branchId: branch.id, visits };
  });
  if (!facts) return;
  const scope: BranchScope = {
    tenantId,
    userId: facts.deskId,
    userType: UserType.frontDesk,
    branchId: facts.branchId,
    run,
  };
  for (const [index, visit] of facts.visits.entries()) {
    const draft = await invoiceFromVisit(scope, visit.id);
    const invoice = await finaliseInvoice(scope, draft.id, { version: draft.version });
    const tenders = DEMO_PAYMENTS[index]?.(invoice) ?? [];
    if (invoice.balanceCents === 0 || tenders.every((tender) => tender.amountCents === 0)) continue;
    await createPayment(scope, invoice.id, {
      version: invoice.version,
      tenders: tenders.filter((tender) => tender.amountCents > 0),
      remarks: null,
    });
  }
}

/** The visits demo-billing bills: the oldest with catalog lines, one for each way of paying. */
export function demoBilledVisits(tx: TenantTx, branchId: string) {
  return tx.db
    .selectFrom('visits')
    .select('id')
    .where('branchId', '=', branchId)
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
    .limit(DEMO_PAYMENTS.length)
    .execute();
}

const NO_VISIT = '00000000-0000-4000-8000-000000000000';
