import {
  invoiceSchemeSubsidy,
  type InvoiceSubsidySnapshot,
  type SchemeVisitKind,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { schemeForInvoice } from '../subsidies/subsidies.service.ts';
import * as repo from './invoice-subsidies.repo.ts';
import { invoiceLines, type InvoiceLineRow } from './invoices.repo.ts';

/**
 * A bill's scheme subsidy (docs/architecture.md "Billing" > "Subsidies"): worked out by the
 * domain's `invoiceSchemeSubsidy` from the patient's card valid on the bill's date and the
 * year's use of the annual caps (the subsidies feature), whenever a draft is made or saved
 * and once more when it is finalised; then stored on the lines and frozen with the invoice.
 */

export interface SubsidyChange {
  /** The visit kind chosen; 'default': common illness when the patient has a valid card. */
  visitKind?: SchemeVisitKind | null | 'default';
  /** The bill's date (finalising: the clinic's today); else the invoice's. */
  date?: string;
  /** Finalising: holds the patient's card until commit (one bill spends a remainder). */
  lock?: boolean;
}

/** Works out and stores the invoice's subsidy; answers its lines with their subsidies. */
export async function applyInvoiceSubsidy(
  tx: TenantTx,
  invoiceId: string,
  change: SubsidyChange = {},
): Promise<InvoiceLineRow[]> {
  const basis = await repo.subsidyBasis(tx, invoiceId);
  const lines = (await invoiceLines(tx, [invoiceId])).get(invoiceId) ?? [];
  const date = change.date ?? basis.invoiceDate;
  const scheme = await schemeForInvoice(tx, basis.patientId, date, change.lock ?? false);
  const visitKind =
    change.visitKind === 'default'
      ? scheme && 'commonIllness'
      : change.visitKind === undefined
        ? basis.visitKind
        : change.visitKind;
  if (!scheme || !visitKind) {
    await repo.saveSubsidy(tx, invoiceId, visitKind, null, []);
    return lines.map((line) => ({ ...line, subsidyCents: 0 }));
  }
  const subsidy = invoiceSchemeSubsidy({
    lines,
    discount: basis.discount,
    tier: scheme.tier,
    visitKind,
    usage: scheme.usage,
  });
  const subsidised = lines.map((line, index) => ({
    ...line,
    subsidyCents: subsidy.perLineCents[index] ?? 0,
  }));
  const snapshot: Omit<InvoiceSubsidySnapshot, 'visitKind'> = {
    schemeCode: scheme.tier.scheme,
    schemeName: scheme.tier.schemeName,
    tierCode: scheme.tier.code,
    tierName: scheme.tier.name,
    dollarSubsidyCents: subsidy.dollarSubsidyCents,
    percentageSubsidyCents: subsidy.percentageSubsidyCents,
    gstAbsorbedCents: subsidy.gstAbsorbedCents,
  };
  await repo.saveSubsidy(tx, invoiceId, visitKind, snapshot, subsidised);
  return subsidised;
}

export { subsidySnapshot } from './invoice-subsidies.repo.ts';
