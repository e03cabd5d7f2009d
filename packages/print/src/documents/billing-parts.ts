import { Text, View, StyleSheet } from '@react-pdf/renderer';
import { formatMoney, type PrintPatient, type ReportHeader } from '@clinic/domain';
import { createElement as h, type ReactElement } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { footerLines } from '../footer-html.ts';
import { A4_PAGE_PADDING } from '../page-sizes.ts';

/**
 * Parts the billing documents share: the title row, label-value pairs, tables, totals,
 * the footer HTML and the 'Printed on' line. Figures are the server's, written with
 * `formatMoney` (2 decimals, '$': doc 3 section 9); nothing is added up here.
 */

/** What every billing document takes besides its data. */
export interface BillingPrintBase {
  header: ReportHeader;
  logo: string | null;
  /** 'Printed on' (or 'Generated on' for the statement), already on the clinic's clock. */
  printedAt: string;
  /** The currency symbol (doc 3 section 9: the store's, default '$'). */
  currency?: string;
}

export const billingStyles = StyleSheet.create({
  page: { ...A4_PAGE_PADDING, fontFamily: FONT_FAMILY, fontSize: 9, color: '#000000' },
  titleRow: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end' },
  title: { fontSize: 16, fontWeight: 700, letterSpacing: 1 },
  mark: { fontSize: 11, fontWeight: 700, color: '#b00020' },
  blocks: { flexDirection: 'row', marginTop: 10, marginBottom: 12 },
  block: { flexGrow: 1, flexBasis: 0, borderWidth: 1, borderColor: '#999999', padding: 6 },
  blockGap: { width: 10 },
  blockTitle: { fontWeight: 700, marginBottom: 3 },
  pair: { flexDirection: 'row', marginBottom: 1.5 },
  pairLabel: { width: 84, color: '#333333' },
  pairValue: { flexGrow: 1, flexShrink: 1 },
  section: { fontWeight: 700, fontSize: 10, marginTop: 12, marginBottom: 4 },
  table: { borderWidth: 1, borderColor: '#999999' },
  headRow: { flexDirection: 'row', backgroundColor: '#f1f3f5', fontWeight: 700 },
  row: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: '#dddddd' },
  cell: { padding: 3.5 },
  totals: { alignSelf: 'flex-end', width: 240, marginTop: 8 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 2 },
  grand: { fontWeight: 700, borderTopWidth: 1, borderTopColor: '#000000', paddingTop: 2 },
  note: { marginTop: 8, color: '#333333' },
  footerHtml: { marginTop: 14, fontSize: 8.5, color: '#333333' },
  footerLine: { marginBottom: 1.5 },
  printedOn: {
    position: 'absolute',
    bottom: A4_PAGE_PADDING.paddingBottom,
    left: A4_PAGE_PADDING.paddingLeft,
    right: A4_PAGE_PADDING.paddingRight,
    fontSize: 7.5,
    color: '#555555',
    textAlign: 'right',
  },
});

/** Money as printed: '$1,234.50'. */
export const moneyOf = (cents: number, currency = '$') => formatMoney(cents, currency);

export function titleRow(title: string, mark: string | null = null): ReactElement {
  return h(
    View,
    { style: billingStyles.titleRow },
    h(Text, { style: billingStyles.title }, title),
    mark ? h(Text, { style: billingStyles.mark }, mark) : null,
  );
}

export function pair(label: string, value: string | null | undefined): ReactElement {
  return h(
    View,
    { key: label, style: billingStyles.pair },
    h(Text, { style: billingStyles.pairLabel }, label),
    h(Text, { style: billingStyles.pairValue }, value?.trim() ? value : '-'),
  );
}

export function block(title: string, ...pairs: ReactElement[]): ReactElement {
  return h(
    View,
    { style: billingStyles.block },
    h(Text, { style: billingStyles.blockTitle }, title),
    ...pairs,
  );
}

export function blocks(left: ReactElement, right: ReactElement): ReactElement {
  return h(
    View,
    { style: billingStyles.blocks },
    left,
    h(View, { style: billingStyles.blockGap }),
    right,
  );
}

/** The patient's block: name and the (masked) ID the server answered. */
export function patientPairs(patient: PrintPatient): ReactElement[] {
  return [pair('Patient', patient.name), pair('NRIC/ID', patient.ic)];
}

/** A column: its heading, width (null: takes the rest) and alignment. */
export interface Column {
  title: string;
  width: number | null;
  right?: boolean;
}

function cellStyle(column: Column) {
  return [
    billingStyles.cell,
    column.width === null ? { flexGrow: 1, flexShrink: 1 } : { width: column.width },
    column.right ? { textAlign: 'right' as const } : {},
  ];
}

/** A table of text cells, one row per entry, the heading repeated on each page. */
export function table(
  columns: Column[],
  rows: Array<{ key: string; cells: string[] }>,
): ReactElement {
  return h(
    View,
    { style: billingStyles.table },
    h(
      View,
      { style: billingStyles.headRow, fixed: true },
      ...columns.map((column) =>
        h(Text, { key: column.title, style: cellStyle(column) }, column.title),
      ),
    ),
    ...rows.map((row) =>
      h(
        View,
        { key: row.key, style: billingStyles.row, wrap: false },
        ...columns.map((column, index) =>
          h(Text, { key: column.title, style: cellStyle(column) }, row.cells[index] ?? ''),
        ),
      ),
    ),
  );
}

/** One figure of the totals block; `grand` rules a line above it. */
export interface Total {
  label: string;
  cents: number;
  grand?: boolean;
}

export function totals(rows: Total[], currency?: string): ReactElement {
  return h(
    View,
    { style: billingStyles.totals, wrap: false },
    ...rows.map((row) =>
      h(
        View,
        {
          key: row.label,
          style: row.grand ? [billingStyles.totalRow, billingStyles.grand] : billingStyles.totalRow,
        },
        h(Text, null, row.label),
        h(Text, null, moneyOf(row.cents, currency)),
      ),
    ),
  );
}

/** The branch's footer HTML (already sanitised by the server), drawn as text. */
export function footerBlock(html: string | null | undefined): ReactElement | null {
  const lines = footerLines(html ?? '');
  if (lines.length === 0) return null;
  return h(
    View,
    { style: billingStyles.footerHtml, wrap: false },
    ...lines.map((line, index) =>
      h(
        Text,
        { key: index, style: billingStyles.footerLine },
        ...line.map((run, runIndex) =>
          h(
            Text,
            {
              key: runIndex,
              style: {
                fontWeight: run.bold ? 700 : 400,
                textDecoration: run.underline ? 'underline' : 'none',
              },
            },
            run.text,
          ),
        ),
      ),
    ),
  );
}

/** 'Printed on …' at the foot of every page, with the page number. */
export function printedOn(label: string, printedAt: string): ReactElement {
  return h(Text, {
    style: billingStyles.printedOn,
    fixed: true,
    render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
      `${label} ${printedAt} · Page ${pageNumber} of ${totalPages}`,
  });
}
