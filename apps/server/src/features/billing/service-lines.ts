import {
  isBillableItemType,
  refusalMessage,
  serviceLineKind,
  type FieldError,
  type InvoiceUpdateBody,
} from '@clinic/domain';
import type { TenantTx } from '../../db/tenant-db.ts';
import { fieldErrors } from '../../platform/errors.ts';
import { findItem } from '../catalogs/catalogs.service.ts';
import type { DraftLine, InvoiceLineRow } from './invoices.repo.ts';

/**
 * Consultation and service lines a draft gains from the catalog and loses again
 * (docs/architecture.md "Companies, service lines and billing settings"): Service,
 * Investigation and Vaccine items at the branch's price; a prescription's line is never
 * removed (`invoice.prescriptionLineKept`).
 */

export interface LineChanges {
  /** The lines that stay, in order. */
  kept: InvoiceLineRow[];
  removedIds: string[];
  added: DraftLine[];
}

type LineRefusal =
  | 'invoice.lineUnknown'
  | 'invoice.lineTwice'
  | 'invoice.prescriptionLineKept'
  | 'invoice.itemUnknown'
  | 'invoice.itemNotBillable'
  | 'invoice.itemUnavailable';

const problem = (field: string, code: LineRefusal): FieldError => ({
  field,
  message: refusalMessage(code),
  code,
});

function removals(
  lines: InvoiceLineRow[],
  body: InvoiceUpdateBody,
  problems: FieldError[],
): Set<string> {
  const edited = new Set(body.lineEdits.map((edit) => edit.id.toLowerCase()));
  const removed = new Set<string>();
  body.removeLineIds.forEach((raw, index) => {
    const id = raw.toLowerCase();
    const field = `removeLineIds.${index}`;
    const line = lines.find((candidate) => candidate.id === id);
    if (!line) problems.push(problem(field, 'invoice.lineUnknown'));
    else if (line.prescriptionId !== null)
      problems.push(problem(field, 'invoice.prescriptionLineKept'));
    else if (removed.has(id) || edited.has(id)) problems.push(problem(field, 'invoice.lineTwice'));
    else removed.add(id);
  });
  return removed;
}

async function additions(
  tx: TenantTx,
  branchId: string,
  body: InvoiceUpdateBody,
  problems: FieldError[],
): Promise<DraftLine[]> {
  const added: DraftLine[] = [];
  for (const [index, wanted] of body.addLines.entries()) {
    const field = `addLines.${index}.catalogItemId`;
    const item = await findItem(tx, wanted.catalogItemId, branchId);
    if (!item) problems.push(problem(field, 'invoice.itemUnknown'));
    else if (!isBillableItemType(item.type))
      problems.push(problem(field, 'invoice.itemNotBillable'));
    else if (!item.available) problems.push(problem(field, 'invoice.itemUnavailable'));
    else {
      added.push({
        ...serviceLineKind(item.type, item.category),
        catalogItemId: item.id,
        prescriptionId: null,
        code: item.code,
        name: item.name,
        quantity: wanted.quantity,
        unit: item.dispensingUnit,
        unitPriceCents: item.priceCents,
        claimable: true,
        isWhitelistDrug: false,
      });
    }
  }
  return added;
}

/** The draft's lines after the request's removals and additions, each checked (400 naming it). */
export async function serviceLineChanges(
  tx: TenantTx,
  branchId: string,
  lines: InvoiceLineRow[],
  body: InvoiceUpdateBody,
): Promise<LineChanges> {
  const problems: FieldError[] = [];
  const removed = removals(lines, body, problems);
  const added = await additions(tx, branchId, body, problems);
  if (problems.length > 0) throw fieldErrors(problems);
  return {
    kept: lines.filter((line) => !removed.has(line.id)),
    removedIds: [...removed],
    added,
  };
}

/** An added line as the figures see it before it is stored (no id, the next numbers). */
export function pendingRows(
  added: DraftLine[],
  lastLineNo: number,
  rate: number,
): InvoiceLineRow[] {
  return added.map((line, index) => ({
    ...line,
    id: '',
    lineNo: lastLineNo + index + 1,
    discount: null,
    taxRateBasisPoints: rate,
    // Worked out with the rest of the draft once the line is stored.
    subsidyCents: 0,
  }));
}
