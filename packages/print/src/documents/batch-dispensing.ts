import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { DispenseReportRow, ReportHeader } from '@clinic/domain';
import { createElement as h } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { formatDmy } from '../format.ts';
import { ReportHeaderBlock } from '../header.ts';
import { A4_PAGE_PADDING, PAGE_SIZES } from '../page-sizes.ts';

/** The batch dispensing report (doc 3 sections 2.1 and 7.1): which batches left, to which visit. */
export interface BatchDispensingProps {
  header: ReportHeader;
  logo: string | null;
  /** The period, 'YYYY-MM-DD'. */
  fromDate: string;
  toDate: string;
  /** The item the report is limited to, or null for every item. */
  itemName: string | null;
  /** When each row was dispensed, on the clinic's clock ('DD/MM/YYYY HH:mm'), by dispenseId + batchId. */
  rows: ReadonlyArray<DispenseReportRow & { dispensedText: string }>;
  /** When the report was printed, on the clinic's clock. */
  printedAt: string;
}

const styles = StyleSheet.create({
  page: { ...A4_PAGE_PADDING, fontFamily: FONT_FAMILY, fontSize: 9, color: '#000000' },
  title: { fontSize: 15, fontWeight: 700, letterSpacing: 1, marginBottom: 4 },
  meta: { fontSize: 9.5, marginBottom: 2 },
  table: { marginTop: 10, borderTopWidth: 1, borderTopColor: '#333333' },
  head: {
    flexDirection: 'row',
    borderBottomWidth: 1,
    borderBottomColor: '#333333',
    backgroundColor: '#f1f3f5',
    fontWeight: 700,
  },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#cccccc' },
  total: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: '#333333', fontWeight: 700 },
  cell: { padding: 3 },
  empty: { marginTop: 16, fontSize: 10.5 },
  footer: {
    position: 'absolute',
    bottom: A4_PAGE_PADDING.paddingBottom,
    left: A4_PAGE_PADDING.paddingLeft,
    right: A4_PAGE_PADDING.paddingRight,
    fontSize: 7.5,
    color: '#555555',
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

/** Column widths in points (the 186 mm between the margins is about 527 pt). */
const COLUMNS = [
  { label: 'Dispensed', width: 78 },
  { label: 'Item code', width: 62 },
  { label: 'Item', width: 150 },
  { label: 'Batch no.', width: 70 },
  { label: 'Expiry', width: 56 },
  { label: 'Qty', width: 36, right: true },
  { label: 'Visit', width: 75 },
] as const;

function cells(values: readonly string[]) {
  return values.map((value, index) => {
    const column = COLUMNS[index]!;
    return h(
      Text,
      {
        key: index,
        style: [
          styles.cell,
          { width: column.width },
          'right' in column ? { textAlign: 'right' as const } : {},
        ],
      },
      value,
    );
  });
}

/** The batch dispensing report, A4 portrait, with the report header on every page. */
export function BatchDispensingDocument(props: BatchDispensingProps) {
  const { header, logo, rows } = props;
  const units = rows.reduce((sum, row) => sum + row.quantity, 0);
  const period = `${formatDmy(props.fromDate)} to ${formatDmy(props.toDate)}`;
  return h(
    Document,
    {
      title: `Batch dispensing report ${period}`,
      author: header.branchName,
      creator: header.tenant.clinicName,
    },
    h(
      Page,
      { size: [...PAGE_SIZES.a4], style: styles.page },
      h(ReportHeaderBlock, { header, logo }),
      h(Text, { style: styles.title }, 'BATCH DISPENSING REPORT'),
      h(Text, { style: styles.meta }, `Period: ${period}`),
      h(Text, { style: styles.meta }, `Item: ${props.itemName ?? 'All items'}`),
      rows.length === 0
        ? h(Text, { style: styles.empty }, 'Nothing was dispensed in this period.')
        : h(
            View,
            { style: styles.table },
            h(View, { style: styles.head, fixed: true }, ...cells(COLUMNS.map((c) => c.label))),
            ...rows.map((row) =>
              h(
                View,
                { key: `${row.dispenseId}-${row.batchId}`, style: styles.row, wrap: false },
                ...cells([
                  row.dispensedText,
                  row.itemCode,
                  row.itemName,
                  row.batchNo,
                  row.expiryDate ? formatDmy(row.expiryDate) : '-',
                  String(row.quantity),
                  row.visitId.slice(0, 8),
                ]),
              ),
            ),
            h(
              View,
              { style: styles.total, wrap: false },
              h(Text, { style: styles.cell }, `${rows.length} lines, ${units} units dispensed`),
            ),
          ),
      h(
        View,
        { style: styles.footer, fixed: true },
        h(
          Text,
          null,
          `${header.branchName} · Batch dispensing report · printed ${props.printedAt}`,
        ),
        h(Text, {
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            `Page ${pageNumber} of ${totalPages}`,
        }),
      ),
    ),
  );
}
