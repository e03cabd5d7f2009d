/**
 * Consultation and service lines the desk adds to a draft from the catalog (issue 13).
 * Zod-free.
 *
 * Decisions where the spec is silent (ours):
 * - Service, Investigation and Vaccine items may be added (doc 1 section 7's catalog
 *   categories); medicines and combos come from the prescription. A consultation fee is a
 *   Service item whose category is 'Consultation'.
 * - An added line is priced at the branch's price of the item (else the clinic's), as the
 *   picker shows it; the desk may change the price afterwards like any line's.
 * - Prescription lines are not removed from a bill: the prescription is the record of what
 *   is dispensed (a payment dispenses it), so removing its line would hand out medicine
 *   not charged. A prescription line is taken off the prescription (the bill's line then
 *   stays as it was billed) or charged nothing by setting its quantity or price to 0.
 */
import type { InvoiceLineKind } from './billing-rules.ts';
import type { LineCategory } from './invoice-totals.ts';

export const BILLABLE_ITEM_TYPES = ['Service', 'Investigation', 'Vaccine'] as const;
export type BillableItemType = (typeof BILLABLE_ITEM_TYPES)[number];

/** Lines one request may add or remove. */
export const INVOICE_ADDED_LINES_MAX = 50;

export const SERVICE_LINE_MESSAGES = {
  itemUnknown: 'Please choose an item of the catalog.',
  itemNotBillable: 'Only services, investigations and vaccines are added to a bill.',
  itemUnavailable: 'This item is not available in this branch.',
  prescriptionLineKept:
    'A prescribed line stays on the bill; change the prescription, or set its quantity to 0.',
} as const;

export function isBillableItemType(type: string): type is BillableItemType {
  return (BILLABLE_ITEM_TYPES as readonly string[]).includes(type);
}

/** The kind and tax-invoice category of a line added from a catalog item. */
export function serviceLineKind(
  type: BillableItemType,
  itemCategory: string | null,
): { kind: InvoiceLineKind; category: LineCategory } {
  if (type === 'Vaccine') return { kind: 'medication', category: 'medication' };
  const consultation = itemCategory?.trim().toLowerCase() === 'consultation';
  return { kind: consultation ? 'consultation' : 'service', category: 'service' };
}
