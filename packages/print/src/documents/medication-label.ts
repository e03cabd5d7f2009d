import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { mm, PAGE_SIZES } from '../page-sizes.ts';

/**
 * The medication label, 76 x 35 mm (doc 3 sections 2.1 and 3.2): one label a page, each
 * line's label repeated by the count chosen for it. Its words come formatted by the caller
 * (language, date format); the batches are printed as the spec asks (`formatBatches`).
 */
const styles = StyleSheet.create({
  page: {
    paddingVertical: mm(1.8),
    paddingHorizontal: mm(2.5),
    fontFamily: FONT_FAMILY,
    fontSize: 6.5,
    lineHeight: 1.2,
    color: '#000000',
    justifyContent: 'space-between',
  },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  clinic: { fontWeight: 700, maxLines: 1, textOverflow: 'ellipsis', flexShrink: 1 },
  right: { textAlign: 'right', marginLeft: mm(2), maxLines: 1 },
  patient: {
    fontSize: 8,
    fontWeight: 700,
    maxLines: 1,
    textOverflow: 'ellipsis',
    flexShrink: 1,
  },
  drug: { fontSize: 8, fontWeight: 700, maxLines: 1, textOverflow: 'ellipsis', flexShrink: 1 },
  quantity: { fontSize: 8, fontWeight: 700, textAlign: 'right', marginLeft: mm(2) },
  instructions: { fontSize: 7.5, lineHeight: 1.25, maxLines: 3, textOverflow: 'ellipsis' },
  rule: { borderBottomWidth: 0.5, borderBottomColor: '#000000', marginVertical: mm(0.5) },
  small: { fontSize: 6, maxLines: 1, textOverflow: 'ellipsis', flexShrink: 1 },
});

const MAX_COPIES = 99;

export interface MedicationLabelPrint {
  /** The clinic's name and telephone, from the branch's report header. */
  clinicName: string;
  clinicPhone: string | null;
  patientName: string;
  /** Already formatted (years and months), or ''. */
  patientAge: string;
  itemName: string;
  /** The dose instructions in words. */
  instructions: string;
  /** Quantity and unit, already formatted ('15 tab'). */
  quantity: string;
  /** The dispensing date, already formatted. */
  date: string;
  /** The batches' line, from `formatBatches`. */
  batches: string;
  /** Words before the batches and the date ('Batch', 'Date'). */
  batchLabel: string;
  dateLabel: string;
  /** How many of this label to print (1 to 99). */
  copies?: number;
}

export interface MedicationLabelProps {
  /** Each line's label, in print order. */
  labels: readonly MedicationLabelPrint[];
}

/** 'B123 2030-06-30, B124 --': each batch with its expiry (YYYY-MM-DD, or -- if none); -- for none. */
export function formatBatches(
  batches: ReadonlyArray<{ batchNumber: string; expiryDate: string | null }>,
): string {
  if (batches.length === 0) return '--';
  return batches.map((batch) => `${batch.batchNumber} ${batch.expiryDate ?? '--'}`).join(', ');
}

function copiesOf(label: MedicationLabelPrint): number {
  return Math.min(Math.max(Math.trunc(label.copies ?? 1), 1), MAX_COPIES);
}

function labelPage(label: MedicationLabelPrint, key: string) {
  return h(
    Page,
    { key, size: [...PAGE_SIZES.label76x35], style: styles.page },
    h(
      View,
      null,
      h(
        View,
        { style: styles.row },
        h(Text, { style: styles.clinic }, label.clinicName),
        label.clinicPhone ? h(Text, { style: styles.right }, label.clinicPhone) : null,
      ),
      h(View, { style: styles.rule }),
      h(
        View,
        { style: styles.row },
        h(Text, { style: styles.patient }, label.patientName),
        label.patientAge ? h(Text, { style: styles.right }, label.patientAge) : null,
      ),
      h(
        View,
        { style: styles.row },
        h(Text, { style: styles.drug }, label.itemName),
        h(Text, { style: styles.quantity }, label.quantity),
      ),
      h(Text, { style: styles.instructions }, label.instructions),
    ),
    h(
      View,
      { style: styles.row },
      h(Text, { style: styles.small }, `${label.batchLabel}: ${label.batches}`),
      h(Text, { style: [styles.small, styles.right] }, `${label.dateLabel}: ${label.date}`),
    ),
  );
}

/** The medication labels: each line's label `copies` times, one 76 x 35 mm page each. */
export function MedicationLabelDocument({ labels }: MedicationLabelProps) {
  return h(
    Document,
    { title: labels[0]?.patientName ?? 'Medication labels' },
    ...labels.flatMap((label, index) =>
      Array.from({ length: copiesOf(label) }, (_, copy) => labelPage(label, `${index}-${copy}`)),
    ),
  );
}
