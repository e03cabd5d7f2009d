import type { Discount, InvoiceSubsidySnapshot, SchemeVisitKind } from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { discountOf } from './invoices.repo.ts';

/** What an invoice's subsidy is worked out from. */
export interface SubsidyBasis {
  patientId: string;
  invoiceDate: string;
  discount: Discount | null;
  visitKind: SchemeVisitKind | null;
}

export async function subsidyBasis(tx: TenantTx, invoiceId: string): Promise<SubsidyBasis> {
  const row = await tx.db
    .selectFrom('invoices')
    .select(['patientId', 'invoiceDate', 'discountKind', 'discountValue', 'subsidyVisitKind'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return {
    patientId: row.patientId,
    invoiceDate: row.invoiceDate,
    discount: discountOf(row.discountKind as 'amount' | 'percent' | null, row.discountValue),
    visitKind: row.subsidyVisitKind as SchemeVisitKind | null,
  };
}

/** The invoice's scheme snapshot; null when no scheme applies. */
export async function subsidySnapshot(
  tx: TenantTx,
  invoiceId: string,
): Promise<InvoiceSubsidySnapshot | null> {
  const row = await tx.db
    .selectFrom('invoices')
    .select([
      'subsidySchemeCode',
      'subsidySchemeName',
      'subsidyTierCode',
      'subsidyTierName',
      'subsidyVisitKind',
      'subsidyDollarCents',
      'subsidyPercentageCents',
      'subsidyGstAbsorbedCents',
    ])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!row?.subsidyTierCode || !row.subsidyVisitKind) return null;
  return {
    schemeCode: row.subsidySchemeCode ?? '',
    schemeName: row.subsidySchemeName ?? '',
    tierCode: row.subsidyTierCode,
    tierName: row.subsidyTierName ?? '',
    visitKind: row.subsidyVisitKind as SchemeVisitKind,
    dollarSubsidyCents: Number(row.subsidyDollarCents ?? 0),
    percentageSubsidyCents: Number(row.subsidyPercentageCents ?? 0),
    gstAbsorbedCents: Number(row.subsidyGstAbsorbedCents ?? 0),
  };
}

/** Stores a draft's visit kind, scheme snapshot and each line's subsidy. */
export async function saveSubsidy(
  tx: TenantTx,
  invoiceId: string,
  visitKind: SchemeVisitKind | null,
  snapshot: Omit<InvoiceSubsidySnapshot, 'visitKind'> | null,
  lines: ReadonlyArray<{ id: string; subsidyCents: number }>,
): Promise<void> {
  await tx.db
    .updateTable('invoices')
    .set({
      subsidyVisitKind: visitKind,
      subsidySchemeCode: snapshot?.schemeCode ?? null,
      subsidySchemeName: snapshot?.schemeName ?? null,
      subsidyTierCode: snapshot?.tierCode ?? null,
      subsidyTierName: snapshot?.tierName ?? null,
      subsidyDollarCents: snapshot?.dollarSubsidyCents ?? null,
      subsidyPercentageCents: snapshot?.percentageSubsidyCents ?? null,
      subsidyGstAbsorbedCents: snapshot?.gstAbsorbedCents ?? null,
    })
    .where('id', '=', invoiceId)
    .execute();
  await tx.db
    .updateTable('invoiceLines')
    .set({ subsidyCents: 0 })
    .where('invoiceId', '=', invoiceId)
    .execute();
  for (const line of lines.filter((candidate) => candidate.subsidyCents > 0)) {
    await tx.db
      .updateTable('invoiceLines')
      .set({ subsidyCents: line.subsidyCents })
      .where('id', '=', line.id)
      .execute();
  }
}
