/**
 * Purchase orders and goods received (issue 12 'Receiving stock through purchases'; doc 3
 * sections 2.1 'Purchase order', 2.4, 3.7). Zod-free: the web reads these without the
 * schemas. Money in integer cents through the prescription line's arithmetic (`prices.ts`).
 *
 * Decisions where the spec is silent (ours, docs/architecture.md "Purchasing"):
 * - An order goes DRAFT -> CONFIRMED -> PARTIALLY -> STOCKED; only a draft is edited; it may
 *   be VOIDED (with a reason) while nothing has been received, never afterwards.
 * - A receipt never takes a line past what was ordered: over-receipt is refused, naming
 *   the line, and nothing of the receipt is written. More goods than ordered are a new
 *   order (or an adjustment with its reason).
 * - A line's tax is its subtotal x rate, rounded half up to the cent, on each line; the
 *   order's tax is the sum of its lines' taxes (as prescription lines).
 */
import { multiplyCents, sumCents, taxOfCents } from '../prescriptions/prices.ts';

/** Doc 3 section 3.7 'Purchase status', with the spec's numbers. */
export const PURCHASE_STATUS = {
  VOIDED: -1,
  DRAFT: 1,
  STOCKED: 2,
  CONFIRMED: 3,
  PARTIALLY: 4,
} as const;
export type PurchaseStatus = keyof typeof PURCHASE_STATUS;
/** In the order an order goes through them (voided last). */
export const PURCHASE_STATUSES = [
  'DRAFT',
  'CONFIRMED',
  'PARTIALLY',
  'STOCKED',
  'VOIDED',
] as const satisfies readonly PurchaseStatus[];

/** Doc 3 section 3.7 'Stock movement type' (a purchase's ledger rows are our `receipt` kind). */
export const STOCK_MOVEMENT_TYPE = { PURCHASE: 0, ADJUST: 1, DISPENSE: 2 } as const;
/** Doc 3 section 3.7 'Stock costing method': stock is taken first-expiry-first-out. */
export const STOCK_COSTING_METHOD = { FEFO: 1, AVG: 2 } as const;

export const PURCHASE_LINES_MAX = 100;
export const RECEIPT_LINES_MAX = 200;
export const PURCHASE_PAGE_SIZE = 20;
export const PURCHASE_VOID_REASON_MAX = 200;

/** The number a branch gives its n-th purchase order: `PO-000001`. */
export function formatPurchaseNo(seq: number): string {
  return `PO-${String(seq).padStart(6, '0')}`;
}

/** The number a branch gives its n-th goods received note: `GRN-000001`. */
export function formatReceivedNo(seq: number): string {
  return `GRN-${String(seq).padStart(6, '0')}`;
}

export const PURCHASE_MESSAGES = {
  notFound: 'This purchase order does not exist.',
  receivedNotFound: 'This goods received note does not exist.',
  notDraft: 'Only a draft purchase order can be changed.',
  noLines: 'Please add at least one item before confirming the purchase order.',
  notReceivable: 'Only a confirmed or partly received purchase order can receive stock.',
  alreadyVoided: 'This purchase order is already voided.',
  receivedCannotVoid: 'Stock has been received on this purchase order; it can no longer be voided.',
  voidReasonRequired: 'Please give the reason for voiding the purchase order.',
  itemTwice: 'Each item may appear only once on a purchase order; add up its quantities.',
  lineUnknown: 'This line is not on the purchase order.',
  supplierInactive: 'This supplier is not active; please choose another.',
} as const;
export type PurchaseMessageKey = keyof typeof PURCHASE_MESSAGES;

/** Refusals whose words name values. */
export const PURCHASE_REFUSAL_FORMATS = {
  'purchase.overReceipt': (itemName: string, remaining: number, asked: number) =>
    remaining === 0
      ? `${itemName} has been received in full on this order; ${asked} more asked for.`
      : `Only ${remaining} of ${itemName} remain to be received on this order; ${asked} asked for.`,
} as const;

// --- Transitions ----------------------------------------------------------------------

export type PurchaseAction = 'edit' | 'confirm' | 'receive' | 'void';

export type TransitionResult =
  { ok: true; to: PurchaseStatus } | { ok: false; reason: PurchaseMessageKey };

/** What an action on an order of `status` leads to, or why it is refused. */
export function purchaseTransition(
  status: PurchaseStatus,
  action: PurchaseAction,
  order: { lineCount: number; receivedQuantity: number },
): TransitionResult {
  switch (action) {
    case 'edit':
      return status === 'DRAFT' ? { ok: true, to: 'DRAFT' } : { ok: false, reason: 'notDraft' };
    case 'confirm':
      if (status !== 'DRAFT') return { ok: false, reason: 'notDraft' };
      return order.lineCount > 0 ? { ok: true, to: 'CONFIRMED' } : { ok: false, reason: 'noLines' };
    case 'receive':
      return status === 'CONFIRMED' || status === 'PARTIALLY'
        ? { ok: true, to: status }
        : { ok: false, reason: 'notReceivable' };
    case 'void':
      if (status === 'VOIDED') return { ok: false, reason: 'alreadyVoided' };
      if (order.receivedQuantity > 0 || status === 'PARTIALLY' || status === 'STOCKED') {
        return { ok: false, reason: 'receivedCannotVoid' };
      }
      return { ok: true, to: 'VOIDED' };
  }
}

/** The actions an order of this status offers (for the editor's buttons). */
export function purchaseActions(
  status: PurchaseStatus,
  order: { lineCount: number; receivedQuantity: number },
): Record<PurchaseAction, boolean> {
  const allowed = (action: PurchaseAction) => purchaseTransition(status, action, order).ok;
  return {
    edit: allowed('edit'),
    confirm: allowed('confirm'),
    receive: allowed('receive'),
    void: allowed('void'),
  };
}

/** An order's status once its lines hold these received quantities. */
export function statusAfterReceipt(
  lines: readonly { quantity: number; receivedQuantity: number }[],
): 'PARTIALLY' | 'STOCKED' {
  return lines.every((line) => line.receivedQuantity >= line.quantity) ? 'STOCKED' : 'PARTIALLY';
}

// --- Receipts -------------------------------------------------------------------------

export interface OrderedLine {
  id: string;
  itemName: string;
  quantity: number;
  receivedQuantity: number;
}

export interface ReceiptProblem {
  /** `lines.{i}.purchaseLineId` or `lines.{i}.quantity`. */
  field: string;
  code: 'purchase.lineUnknown' | 'purchase.overReceipt';
  /** For over-receipt: the item, what remains and what the receipt asked for in all. */
  values?: [itemName: string, remaining: number, asked: number];
}

/**
 * The problems of a receipt against the order's lines. One order line may arrive in
 * several batches (several receipt lines); their sum must stay within what remains. An
 * over-receipt names the last receipt line of that order line.
 */
export function receiptProblems(
  receipt: readonly { purchaseLineId: string; quantity: number }[],
  ordered: readonly OrderedLine[],
): ReceiptProblem[] {
  const byId = new Map(ordered.map((line) => [line.id, line]));
  const asked = new Map<string, { total: number; lastIndex: number }>();
  const problems: ReceiptProblem[] = [];
  receipt.forEach((line, index) => {
    if (!byId.has(line.purchaseLineId)) {
      problems.push({ field: `lines.${index}.purchaseLineId`, code: 'purchase.lineUnknown' });
      return;
    }
    const sofar = asked.get(line.purchaseLineId)?.total ?? 0;
    asked.set(line.purchaseLineId, { total: sofar + line.quantity, lastIndex: index });
  });
  for (const [lineId, { total, lastIndex }] of asked) {
    const line = byId.get(lineId)!;
    const remaining = Math.max(0, line.quantity - line.receivedQuantity);
    if (total > remaining) {
      problems.push({
        field: `lines.${lastIndex}.quantity`,
        code: 'purchase.overReceipt',
        values: [line.itemName, remaining, total],
      });
    }
  }
  return problems.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
}

// --- Money ----------------------------------------------------------------------------

export interface PurchaseLineAmounts {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** A line's quantity x unit cost, its tax (half up to the cent) and the sum. */
export function purchaseLineAmounts(line: {
  quantity: number;
  unitCostCents: number;
  taxRateBasisPoints: number;
}): PurchaseLineAmounts {
  const subtotalCents = multiplyCents(line.unitCostCents, line.quantity);
  const taxCents = taxOfCents(subtotalCents, line.taxRateBasisPoints);
  return { subtotalCents, taxCents, totalCents: sumCents([subtotalCents, taxCents]) };
}

export interface PurchaseTotals {
  subtotalCents: number;
  taxCents: number;
  grandTotalCents: number;
}

/** An order's totals: the sums of its lines' subtotals and taxes. */
export function purchaseTotals(lines: readonly PurchaseLineAmounts[]): PurchaseTotals {
  const subtotalCents = sumCents(lines.map((line) => line.subtotalCents));
  const taxCents = sumCents(lines.map((line) => line.taxCents));
  return { subtotalCents, taxCents, grandTotalCents: sumCents([subtotalCents, taxCents]) };
}
