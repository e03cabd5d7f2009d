import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { mm, PAGE_SIZES } from '../page-sizes.ts';

/**
 * The 76 x 35 mm labels (doc 3 sections 2.1 and 3.2): one label a page, `copies` pages.
 * Their text comes formatted by the caller (its language and date formats).
 */
const styles = StyleSheet.create({
  page: {
    paddingVertical: mm(2),
    paddingHorizontal: mm(3),
    fontFamily: FONT_FAMILY,
    fontSize: 7,
    color: '#000000',
  },
  patientName: {
    fontSize: 10,
    lineHeight: 1.2,
    fontWeight: 700,
    maxLines: 1,
    textOverflow: 'ellipsis',
  },
  patientRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7,
    lineHeight: 1.25,
  },
  patientValue: { maxLines: 1, textAlign: 'right', flexShrink: 1, marginLeft: mm(2) },
  queuePage: { alignItems: 'center', justifyContent: 'space-between', textAlign: 'center' },
  queueNumber: { fontSize: 22, lineHeight: 1.1, fontWeight: 700 },
  queueName: {
    fontSize: 10,
    lineHeight: 1.2,
    fontWeight: 700,
    maxLines: 1,
    textOverflow: 'ellipsis',
  },
  queueText: { fontSize: 7, lineHeight: 1.2 },
});

const MAX_COPIES = 99;

function pages(copies: number | undefined, page: (copy: number) => ReturnType<typeof h>) {
  const count = Math.min(Math.max(Math.trunc(copies ?? 1), 1), MAX_COPIES);
  return Array.from({ length: count }, (_, copy) => page(copy));
}

export interface PatientLabelProps {
  name: string;
  /** Labelled facts, already formatted, in print order (ID, card, birth date, gender...). */
  lines: ReadonlyArray<{ label: string; value: string }>;
  copies?: number;
}

/** The patient label: the name, then one fact a line. */
export function PatientLabelDocument({ name, lines, copies }: PatientLabelProps) {
  return h(
    Document,
    { title: name },
    ...pages(copies, (copy) =>
      h(
        Page,
        { key: copy, size: [...PAGE_SIZES.label76x35], style: styles.page },
        h(Text, { style: styles.patientName }, name),
        ...lines.map((line) =>
          h(
            View,
            { key: line.label, style: styles.patientRow },
            h(Text, null, line.label),
            h(Text, { style: styles.patientValue }, line.value),
          ),
        ),
      ),
    ),
  );
}

export interface QueueLabelProps {
  queueNum: string;
  patientName: string;
  /** The line asking the patient to wait. */
  notice: string;
  /** The visit date, already formatted (DD/MMM/YYYY HH:mm:ss). */
  visitDate: string;
  copies?: number;
}

/** The queue ticket: number, name, the waiting notice and the visit date. */
export function QueueLabelDocument({
  queueNum,
  patientName,
  notice,
  visitDate,
  copies,
}: QueueLabelProps) {
  return h(
    Document,
    { title: queueNum },
    ...pages(copies, (copy) =>
      h(
        Page,
        {
          key: copy,
          size: [...PAGE_SIZES.label76x35],
          style: [styles.page, styles.queuePage],
        },
        h(Text, { style: styles.queueNumber }, queueNum),
        h(Text, { style: styles.queueName }, patientName),
        h(Text, { style: styles.queueText }, notice),
        h(Text, { style: styles.queueText }, visitDate),
      ),
    ),
  );
}
