import {
  basisPointsOfPercent,
  centsOfDollars,
  formatCents,
  purchaseLineAmounts,
  purchaseTotals,
  STOCK_QUANTITY_MAX,
  type CatalogOption,
  type Purchase,
  type PurchaseCreateBody,
  type PurchaseReceiptBody,
  type PurchaseTotals,
} from '@clinic/domain';

/**
 * The purchase order editor's and the receive dialog's rules, as plain functions of what
 * the inputs hold (text as typed; money in dollars, tax in percent), so they are tested
 * without rendering. Each gives the request body, or the problems by field path
 * (`lines.0.quantity`) as text keys; the server checks the same again.
 */

export type RuleKey =
  | 'purchasing.rules.supplierRequired'
  | 'purchasing.rules.quantityWhole'
  | 'purchasing.rules.costDollars'
  | 'purchasing.rules.taxPercent'
  | 'purchasing.rules.batchRequired'
  | 'purchasing.rules.dateRequired'
  | 'purchasing.rules.nothingToReceive'
  | 'purchasing.rules.overReceipt';

export type Problems = Record<string, RuleKey>;
export type Checked<T> = { ok: true; body: T } | { ok: false; problems: Problems };

export interface EditorLine {
  itemId: string;
  itemCode: string;
  itemName: string;
  unit: string | null;
  quantity: string;
  /** Dollars as typed. */
  unitCost: string;
  /** Percent as typed. */
  taxPercent: string;
}

export interface OrderValues {
  supplierId: string | null;
  orderDate: string;
  supplierPo: string;
  terms: string;
  remark: string;
  lines: EditorLine[];
}

export const EMPTY_ORDER: OrderValues = {
  supplierId: null,
  orderDate: '',
  supplierPo: '',
  terms: '',
  remark: '',
  lines: [],
};

/** A whole quantity from 1 to the stock maximum, or null. */
export function wholeQuantity(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= STOCK_QUANTITY_MAX ? value : null;
}

/** What the editor shows for a saved order. */
export function valuesOf(order: Purchase): OrderValues {
  return {
    supplierId: order.supplier.id,
    orderDate: order.orderDate,
    supplierPo: order.supplierPo ?? '',
    terms: order.terms ?? '',
    remark: order.remark ?? '',
    lines: order.lines.map((line) => ({
      itemId: line.itemId,
      itemCode: line.itemCode,
      itemName: line.itemName,
      unit: line.dispensingUnit,
      quantity: String(line.quantity),
      unitCost: formatCents(line.unitCostCents),
      taxPercent: String(line.taxRateBasisPoints / 100),
    })),
  };
}

/** The order with a line for the option added (an item already on it is not added twice). */
export function withItem(values: OrderValues, option: CatalogOption): OrderValues {
  if (values.lines.some((line) => line.itemId === option.id)) return values;
  const line: EditorLine = {
    itemId: option.id,
    itemCode: option.code,
    itemName: option.name,
    unit: option.dispensingUnit,
    quantity: '1',
    unitCost: '',
    taxPercent: '',
  };
  return { ...values, lines: [...values.lines, line] };
}

interface LineNumbers {
  quantity: number | null;
  unitCostCents: number | null;
  /** null: the item's own rate (left blank); undefined: not a rate. */
  taxRateBasisPoints: number | null | undefined;
}

function lineNumbers(line: EditorLine): LineNumbers {
  const tax = line.taxPercent.trim();
  return {
    quantity: wholeQuantity(line.quantity),
    unitCostCents: centsOfDollars(line.unitCost),
    taxRateBasisPoints: tax === '' ? null : (basisPointsOfPercent(Number(tax)) ?? undefined),
  };
}

/** The order's body, or every problem of the values at once. */
export function checkOrder(values: OrderValues): Checked<PurchaseCreateBody> {
  const problems: Problems = {};
  if (!values.supplierId) problems.supplierId = 'purchasing.rules.supplierRequired';
  const lines = values.lines.map((line, index) => {
    const numbers = lineNumbers(line);
    if (numbers.quantity === null)
      problems[`lines.${index}.quantity`] = 'purchasing.rules.quantityWhole';
    if (numbers.unitCostCents === null)
      problems[`lines.${index}.unitCost`] = 'purchasing.rules.costDollars';
    if (numbers.taxRateBasisPoints === undefined) {
      problems[`lines.${index}.taxPercent`] = 'purchasing.rules.taxPercent';
    }
    return {
      itemId: line.itemId,
      quantity: numbers.quantity ?? 0,
      unitCostCents: numbers.unitCostCents ?? 0,
      taxRateBasisPoints: numbers.taxRateBasisPoints ?? null,
    };
  });
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const text = (value: string) => (value.trim() ? value.trim() : null);
  return {
    ok: true,
    body: {
      supplierId: values.supplierId!,
      orderDate: text(values.orderDate),
      supplierPo: text(values.supplierPo),
      terms: text(values.terms),
      remark: text(values.remark),
      lines,
    },
  };
}

/** The live totals of the lines that are complete (a blank tax counts as 0 until saved). */
export function editorTotals(values: OrderValues): PurchaseTotals {
  const amounts = values.lines.flatMap((line) => {
    const numbers = lineNumbers(line);
    if (numbers.quantity === null || numbers.unitCostCents === null) return [];
    if (numbers.taxRateBasisPoints === undefined) return [];
    return [
      purchaseLineAmounts({
        quantity: numbers.quantity,
        unitCostCents: numbers.unitCostCents,
        taxRateBasisPoints: numbers.taxRateBasisPoints ?? 0,
      }),
    ];
  });
  return purchaseTotals(amounts);
}

// --- Receiving ------------------------------------------------------------------------

export interface ReceiptRow {
  purchaseLineId: string;
  itemName: string;
  remaining: number;
  /** Blank: nothing of this line in the delivery. */
  quantity: string;
  batchNo: string;
  expiryDate: string;
}

export interface ReceiptValues {
  receivedDate: string;
  supplierInvoiceNo: string;
  supplierGrnNo: string;
  rows: ReceiptRow[];
}

/** A delivery of everything that remains, batch and expiry to be typed. */
export function receiptValues(order: Purchase, today: string): ReceiptValues {
  return {
    receivedDate: today,
    supplierInvoiceNo: '',
    supplierGrnNo: '',
    rows: order.lines
      .filter((line) => line.receivedQuantity < line.quantity)
      .map((line) => ({
        purchaseLineId: line.id,
        itemName: line.itemName,
        remaining: line.quantity - line.receivedQuantity,
        quantity: String(line.quantity - line.receivedQuantity),
        batchNo: '',
        expiryDate: '',
      })),
  };
}

/** The receipt's body (rows left blank are not in it), or its problems. */
export function checkReceipt(values: ReceiptValues): Checked<PurchaseReceiptBody> {
  const problems: Problems = {};
  if (!values.receivedDate) problems.receivedDate = 'purchasing.rules.dateRequired';
  const lines: PurchaseReceiptBody['lines'] = [];
  values.rows.forEach((row, index) => {
    if (row.quantity.trim() === '') return;
    const quantity = wholeQuantity(row.quantity);
    if (quantity === null) problems[`rows.${index}.quantity`] = 'purchasing.rules.quantityWhole';
    else if (quantity > row.remaining) {
      problems[`rows.${index}.quantity`] = 'purchasing.rules.overReceipt';
    }
    if (!row.batchNo.trim()) problems[`rows.${index}.batchNo`] = 'purchasing.rules.batchRequired';
    lines.push({
      purchaseLineId: row.purchaseLineId,
      batchNo: row.batchNo.trim(),
      expiryDate: row.expiryDate || null,
      quantity: quantity ?? 0,
      unitCostCents: null,
    });
  });
  if (lines.length === 0 && !problems.receivedDate) {
    problems['rows.0.quantity'] = 'purchasing.rules.nothingToReceive';
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const text = (value: string) => (value.trim() ? value.trim() : null);
  return {
    ok: true,
    body: {
      receivedDate: values.receivedDate,
      supplierInvoiceNo: text(values.supplierInvoiceNo),
      supplierGrnNo: text(values.supplierGrnNo),
      remark: null,
      lines,
    },
  };
}
