import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatCents, type Purchase, type ReportHeader, type Vendor } from '@clinic/domain';
import { createElement as h } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { formatDmy } from '../format.ts';
import { ReportHeaderBlock } from '../header.ts';
import { A4_PAGE_PADDING, PAGE_SIZES } from '../page-sizes.ts';

/**
 * A purchase order as doc 3 section 3.4 names its print data: invoiceNumber, date,
 * supplierGRN, supplierPO, terms, vendor, details, subtotal, discount, tax, grandTotal.
 * Amounts in cents; the catalog keeps no pack size, so a pack is one dispensing unit.
 */
export interface PurchaseOrderPrint {
  invoiceNumber: string;
  date: string;
  supplierGRN: string | null;
  supplierPO: string | null;
  terms: string | null;
  status: string;
  vendor: Pick<Vendor, 'id' | 'name' | 'address' | 'phone' | 'fax' | 'salesRep'>;
  details: Array<{
    id: string;
    itemCode: string;
    itemName: string;
    um: string | null;
    quantity: number;
    unitCostCents: number;
    taxCents: number;
    subtotalCents: number;
  }>;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  grandTotalCents: number;
}

export interface PurchaseOrderProps {
  header: ReportHeader;
  logo: string | null;
  order: PurchaseOrderPrint;
}

/** The signature lines doc 3 section 2.1 asks for, left blank to sign. */
export const PURCHASE_ORDER_SIGNATURES = [
  'PREPARED BY',
  'VERIFIED BY',
  'APPROVED BY',
  'CHECKED BY',
] as const;

/** The print data of an order (as `GET /inventory/purchases/{id}` answers) and its vendor. */
export function purchaseOrderPrint(purchase: Purchase, vendor: Vendor): PurchaseOrderPrint {
  const grns = purchase.receipts
    .map((receipt) => receipt.supplierGrnNo)
    .filter((grn): grn is string => Boolean(grn));
  return {
    invoiceNumber: purchase.purchaseNo,
    date: purchase.orderDate,
    supplierGRN: grns.length > 0 ? grns.join(', ') : null,
    supplierPO: purchase.supplierPo,
    terms: purchase.terms,
    status: purchase.status,
    vendor,
    details: purchase.lines.map((line) => ({
      id: line.id,
      itemCode: line.itemCode,
      itemName: line.itemName,
      um: line.dispensingUnit,
      quantity: line.quantity,
      unitCostCents: line.unitCostCents,
      taxCents: line.taxCents,
      subtotalCents: line.subtotalCents,
    })),
    subtotalCents: purchase.subtotalCents,
    discountCents: 0,
    taxCents: purchase.taxCents,
    grandTotalCents: purchase.grandTotalCents,
  };
}

const styles = StyleSheet.create({
  page: { ...A4_PAGE_PADDING, fontFamily: FONT_FAMILY, fontSize: 9.5, color: '#000000' },
  titleRow: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end' },
  title: { fontSize: 17, fontWeight: 700, letterSpacing: 1 },
  voided: { fontSize: 12, fontWeight: 700, color: '#b00020' },
  blocks: { flexDirection: 'row', marginTop: 12, marginBottom: 14 },
  block: { flexGrow: 1, flexBasis: 0, borderWidth: 1, borderColor: '#999999', padding: 6 },
  blockGap: { width: 10 },
  blockTitle: { fontWeight: 700, marginBottom: 3 },
  pair: { flexDirection: 'row', marginBottom: 1.5 },
  pairLabel: { width: 82, color: '#333333' },
  pairValue: { flexGrow: 1, flexShrink: 1 },
  table: { borderWidth: 1, borderColor: '#999999' },
  headRow: { flexDirection: 'row', backgroundColor: '#f1f3f5', fontWeight: 700 },
  row: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: '#dddddd' },
  no: { width: 22, padding: 4 },
  item: { flexGrow: 1, flexShrink: 1, padding: 4 },
  um: { width: 40, padding: 4 },
  number: { width: 58, padding: 4, textAlign: 'right' },
  totals: { alignSelf: 'flex-end', width: 220, marginTop: 8 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 2 },
  grand: { fontWeight: 700, borderTopWidth: 1, borderTopColor: '#000000', paddingTop: 2 },
  signatures: { flexDirection: 'row', marginTop: 60 },
  signature: { flexGrow: 1, flexBasis: 0, marginRight: 12 },
  signatureLine: { borderTopWidth: 1, borderTopColor: '#000000', paddingTop: 4, fontWeight: 700 },
  footer: {
    position: 'absolute',
    bottom: A4_PAGE_PADDING.paddingBottom,
    left: A4_PAGE_PADDING.paddingLeft,
    right: A4_PAGE_PADDING.paddingRight,
    fontSize: 8,
    color: '#555555',
    textAlign: 'center',
  },
});

function pair(label: string, value: string | null) {
  return h(
    View,
    { key: label, style: styles.pair },
    h(Text, { style: styles.pairLabel }, label),
    h(Text, { style: styles.pairValue }, value?.trim() ? value : '-'),
  );
}

function cells(values: string[], key: string, head = false) {
  const [no, item, um, quantity, cost, tax, subtotal] = values;
  return h(
    View,
    { key, style: head ? styles.headRow : styles.row, wrap: false },
    h(Text, { style: styles.no }, no),
    h(Text, { style: styles.item }, item),
    h(Text, { style: styles.um }, um),
    h(Text, { style: styles.number }, quantity),
    h(Text, { style: styles.number }, cost),
    h(Text, { style: styles.number }, tax),
    h(Text, { style: styles.number }, subtotal),
  );
}

function total(label: string, cents: number, grand = false) {
  return h(
    View,
    { key: label, style: grand ? [styles.totalRow, styles.grand] : styles.totalRow },
    h(Text, null, label),
    h(Text, null, formatCents(cents)),
  );
}

/** The purchase order, A4 (doc 3 section 2.1), with four blank signature lines. */
export function PurchaseOrderDocument({ header, logo, order }: PurchaseOrderProps) {
  const { vendor } = order;
  return h(
    Document,
    {
      title: `Purchase order ${order.invoiceNumber}`,
      author: header.branchName,
      creator: header.tenant.clinicName,
    },
    h(
      Page,
      { size: [...PAGE_SIZES.a4], style: styles.page },
      h(ReportHeaderBlock, { header, logo }),
      h(
        View,
        { style: styles.titleRow },
        h(Text, { style: styles.title }, 'PURCHASE ORDER'),
        order.status === 'VOIDED' ? h(Text, { style: styles.voided }, 'VOIDED') : null,
      ),
      h(
        View,
        { style: styles.blocks },
        h(
          View,
          { style: styles.block },
          h(Text, { style: styles.blockTitle }, 'Vendor'),
          pair('Name', vendor.name),
          pair('Address', vendor.address),
          pair('Phone', vendor.phone),
          pair('Fax', vendor.fax),
          pair('Sales rep.', vendor.salesRep),
        ),
        h(View, { style: styles.blockGap }),
        h(
          View,
          { style: styles.block },
          h(Text, { style: styles.blockTitle }, 'Order'),
          pair('PO number', order.invoiceNumber),
          pair('Date', formatDmy(order.date)),
          pair('Supplier GRN', order.supplierGRN),
          pair('Supplier PO', order.supplierPO),
          pair('Terms', order.terms),
        ),
      ),
      h(
        View,
        { style: styles.table },
        cells(['#', 'Item', 'UM', 'Qty', 'Unit cost', 'Tax', 'Subtotal'], 'head', true),
        ...order.details.map((line, index) =>
          cells(
            [
              String(index + 1),
              `${line.itemCode} ${line.itemName}`,
              line.um ?? '',
              String(line.quantity),
              formatCents(line.unitCostCents),
              formatCents(line.taxCents),
              formatCents(line.subtotalCents),
            ],
            line.id,
          ),
        ),
      ),
      h(
        View,
        { style: styles.totals },
        total('Subtotal', order.subtotalCents),
        total('Discount', order.discountCents),
        total('Tax', order.taxCents),
        total('Grand total', order.grandTotalCents, true),
      ),
      h(
        View,
        { style: styles.signatures, wrap: false },
        ...PURCHASE_ORDER_SIGNATURES.map((label) =>
          h(
            View,
            { key: label, style: styles.signature },
            h(Text, { style: styles.signatureLine }, label),
          ),
        ),
      ),
      h(
        Text,
        { style: styles.footer, fixed: true },
        `${header.branchName} · Purchase order ${order.invoiceNumber} · ${formatDmy(order.date)}`,
      ),
    ),
  );
}
