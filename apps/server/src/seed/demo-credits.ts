import { CREDIT_NOTE_TYPE, UserType } from '@clinic/domain';
import { withTenant } from '../db/tenant-db.ts';
import { createCreditNote } from '../features/credit-notes/credit-notes.service.ts';
import { createDeposit } from '../features/credit-notes/deposits.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';
import { demoBilledVisits } from './demo-billing.ts';

/** The demo deposit ($50 in cash) and credit note ($1 of the bill paid by NETS and cash). */
export const DEMO_DEPOSIT_CENTS = 5_000;
export const DEMO_CREDIT_NOTE_CENTS = 100;

/**
 * After the demo bills (demo-billing): the desk takes a deposit from the patient of the
 * bill left unpaid (to apply from the invoice screen), and the administrator (Finance's
 * `invoices:approve`) credits $1 of the first bill, paid in full by NETS and cash (the
 * second is covered whole by a subsidy, so nothing was paid that could be credited). Through the services; runs
 * once: a clinic with any deposit is left as it is.
 */
export async function seedDemoCredits(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<void> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const facts = await run(async (tx) => {
    const done = await tx.db.selectFrom('deposits').select('id').limit(1).executeTakeFirst();
    const users = await tx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', ['demo.frontdesk', 'demo.admin'])
      .execute();
    const branch = await tx.db
      .selectFrom('branches')
      .select('id')
      .where('code', '=', branchCode)
      .executeTakeFirst();
    const billedVisits = branch ? await demoBilledVisits(tx, branch.id) : [];
    const bills = await tx.db
      .selectFrom('invoices')
      .innerJoin('visits', 'visits.id', 'invoices.visitId')
      .select(['invoices.id', 'invoices.patientId', 'invoices.version'])
      .where('invoices.visitId', 'in', [...billedVisits.map((visit) => visit.id), NO_VISIT])
      .orderBy('visits.visitDate')
      .execute();
    const desk = users.find((user) => user.username === 'demo.frontdesk');
    const admin = users.find((user) => user.username === 'demo.admin');
    if (done || !desk || !admin || !branch || bills.length < 4) return undefined;
    return { deskId: desk.id, adminId: admin.id, branchId: branch.id, bills };
  });
  if (!facts) return;
  const scope = (userId: string, userType: string): BranchScope => ({
    tenantId,
    userId,
    userType,
    branchId: facts.branchId,
    run,
  });
  const [paidInFull, , , unpaid] = facts.bills;
  await createDeposit(scope(facts.deskId, UserType.frontDesk), {
    patientId: unpaid!.patientId,
    amountCents: DEMO_DEPOSIT_CENTS,
    method: 'cash',
    remarks: 'Deposit for the next visit',
  });
  await createCreditNote(scope(facts.adminId, UserType.administrator), {
    type: CREDIT_NOTE_TYPE.Invoice,
    invoiceId: paidInFull!.id,
    depositId: null,
    version: paidInFull!.version,
    amountCents: DEMO_CREDIT_NOTE_CENTS,
    reason: 'Goodwill: waited long',
    refundMethod: 'cash',
    returnedLines: [],
  });
}

const NO_VISIT = '00000000-0000-4000-8000-000000000000';
