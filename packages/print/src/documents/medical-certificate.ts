import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReportHeader } from '@clinic/domain';
import { createElement as h } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { formatDays, formatDmy, formatDmyTime } from '../format.ts';
import { ReportHeaderBlock } from '../header.ts';
import { A4_PAGE_PADDING, PAGE_SIZES } from '../page-sizes.ts';

/**
 * A medical certificate as `GET /reports/mc?id=` answers it (doc 3 section 3.4): dates
 * 'YYYY-MM-DD', times 'HH:mm'.
 */
export interface MedicalCertificatePrint {
  doctorFullName: string;
  /** 1: medically unfit for school/work; any other value: fit for light duty only. */
  fitChoice: number;
  issueDate: string;
  fromDate: string;
  toDate: string;
  givenDays: number;
  /** An excuse chit shows the date-time interval; an MC the given days. */
  excuseChit: boolean;
  mcNo: string;
  mcPurpose: string | null;
  patientName: string;
  nric: string;
  remark: string | null;
  fromTime?: string | null;
  toTime?: string | null;
}

export interface MedicalCertificateProps {
  header: ReportHeader;
  logo: string | null;
  mc: MedicalCertificatePrint;
}

/** doc 3 section 2.1: fitChoice 1, else light duty. */
export function fitnessText(fitChoice: number): string {
  return fitChoice === 1 ? 'medically unfit for school/work' : 'fit for light duty only';
}

export function certificateTitle(mc: MedicalCertificatePrint): string {
  return mc.excuseChit ? 'EXCUSE CHIT' : 'MEDICAL CERTIFICATE';
}

/** The certificate's sentence: the given days for an MC, the date-time interval for a chit. */
export function certificateText(mc: MedicalCertificatePrint): string {
  const fitness = fitnessText(mc.fitChoice);
  if (mc.excuseChit) {
    return (
      `This is to certify that the above-named patient is ${fitness} ` +
      `from ${formatDmyTime(mc.fromDate, mc.fromTime)} to ${formatDmyTime(mc.toDate, mc.toTime)}.`
    );
  }
  return (
    `This is to certify that the above-named patient is ${fitness} ` +
    `for ${formatDays(mc.givenDays)}, from ${formatDmy(mc.fromDate)} to ${formatDmy(mc.toDate)} (inclusive).`
  );
}

const styles = StyleSheet.create({
  page: { ...A4_PAGE_PADDING, fontFamily: FONT_FAMILY, fontSize: 10.5, color: '#000000' },
  titleRow: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end' },
  title: { fontSize: 17, fontWeight: 700, letterSpacing: 1 },
  number: { fontSize: 10.5 },
  issued: { marginTop: 4, marginBottom: 18, fontSize: 10.5 },
  table: { borderWidth: 1, borderColor: '#999999', marginBottom: 18 },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#dddddd' },
  lastRow: { flexDirection: 'row' },
  cellLabel: { width: 130, padding: 6, backgroundColor: '#f1f3f5', fontWeight: 700 },
  cellValue: { flexGrow: 1, flexShrink: 1, padding: 6 },
  statement: { fontSize: 12, lineHeight: 1.6, marginBottom: 14 },
  note: { marginBottom: 8, lineHeight: 1.4 },
  noteLabel: { fontWeight: 700 },
  signature: { marginTop: 56, width: 220 },
  signatureLine: { borderTopWidth: 1, borderTopColor: '#000000', paddingTop: 4 },
  doctor: { fontWeight: 700 },
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

function row(label: string, value: string, last = false) {
  return h(
    View,
    { key: label, style: last ? styles.lastRow : styles.row },
    h(Text, { style: styles.cellLabel }, label),
    h(Text, { style: styles.cellValue }, value),
  );
}

function note(label: string, value: string | null) {
  if (!value?.trim()) return null;
  return h(
    Text,
    { key: label, style: styles.note },
    h(Text, { style: styles.noteLabel }, `${label}: `),
    value,
  );
}

/** The medical certificate and the excuse chit, A4 (doc 3 sections 2.1 and 3.4). */
export function MedicalCertificateDocument({ header, logo, mc }: MedicalCertificateProps) {
  const title = certificateTitle(mc);
  const period = mc.excuseChit
    ? `${formatDmyTime(mc.fromDate, mc.fromTime)} to ${formatDmyTime(mc.toDate, mc.toTime)}`
    : `${formatDays(mc.givenDays)} (${formatDmy(mc.fromDate)} to ${formatDmy(mc.toDate)})`;
  return h(
    Document,
    { title: `${title} ${mc.mcNo}`, author: header.branchName, creator: header.tenant.clinicName },
    h(
      Page,
      { size: [...PAGE_SIZES.a4], style: styles.page },
      h(ReportHeaderBlock, { header, logo }),
      h(
        View,
        { style: styles.titleRow },
        h(Text, { style: styles.title }, title),
        h(Text, { style: styles.number }, `No.: ${mc.mcNo}`),
      ),
      h(Text, { style: styles.issued }, `Date of issue: ${formatDmy(mc.issueDate)}`),
      h(
        View,
        { style: styles.table },
        row('Patient name', mc.patientName),
        row('NRIC / ID no.', mc.nric),
        row(mc.excuseChit ? 'Period' : 'Days given', period, true),
      ),
      h(Text, { style: styles.statement }, certificateText(mc)),
      note('Purpose', mc.mcPurpose),
      note('Remark', mc.remark),
      h(
        View,
        { style: styles.signature },
        h(
          View,
          { style: styles.signatureLine },
          h(Text, { style: styles.doctor }, mc.doctorFullName),
          h(Text, null, 'Attending doctor'),
        ),
      ),
      h(
        Text,
        { style: styles.footer, fixed: true },
        `${header.branchName} · ${title} ${mc.mcNo} · issued ${formatDmy(mc.issueDate)}`,
      ),
    ),
  );
}
