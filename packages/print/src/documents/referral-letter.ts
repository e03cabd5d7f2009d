import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  formatMoney,
  GPFIRST_SUBSIDY_CENTS,
  GPFIRST_TERMS,
  gpFirstValidUntil,
  REFERRAL_TYPE,
  REFERRAL_TYPE_NAMES,
  type ReferralLetterData,
  type ReferralMedication,
  type ReferralType,
  type ReportHeader,
} from '@clinic/domain';
import { createElement as h } from 'react';
import { FONT_FAMILY } from '../fonts.ts';
import { formatDmy, formatDmyTime } from '../format.ts';
import { ReportHeaderBlock } from '../header.ts';
import { A4_PAGE_PADDING, PAGE_SIZES } from '../page-sizes.ts';

export interface ReferralLetterProps {
  header: ReportHeader;
  logo: string | null;
  letter: ReferralLetterData;
}

const styles = StyleSheet.create({
  page: { ...A4_PAGE_PADDING, fontFamily: FONT_FAMILY, fontSize: 9.5, color: '#000000' },
  titleRow: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end' },
  title: { fontSize: 16, fontWeight: 700, letterSpacing: 1 },
  issued: { marginTop: 4, marginBottom: 12 },
  tables: { flexDirection: 'row', gap: 8, marginBottom: 10 },
  table: { flexGrow: 1, flexBasis: 0, borderWidth: 1, borderColor: '#999999' },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#dddddd' },
  cellLabel: { width: 105, padding: 3, backgroundColor: '#f1f3f5', fontWeight: 700 },
  cellValue: { flexGrow: 1, flexShrink: 1, padding: 3 },
  section: { marginBottom: 6 },
  sectionLabel: { fontWeight: 700, marginBottom: 2 },
  text: { lineHeight: 1.4 },
  terms: { borderWidth: 1, borderColor: '#000000', padding: 6, marginBottom: 10 },
  termsTitle: { fontWeight: 700, marginBottom: 3 },
  term: { marginBottom: 2, lineHeight: 1.3 },
  signature: { marginTop: 24, width: 240 },
  signatureLine: { borderTopWidth: 1, borderTopColor: '#000000', paddingTop: 4 },
  doctor: { fontWeight: 700 },
});

/** 'DD/MM/YYYY HH:mm' of the referral date (doc 3 sections 2.1 and 9). */
export function referralDateText(letter: ReferralLetterData): string {
  return formatDmyTime(letter.issued.date, letter.issued.time);
}

/** The GPFirst terms the letter prints: its own validity, the subsidy, then the programme's. */
export function gpFirstLetterTerms(letter: ReferralLetterData): string[] {
  const until = gpFirstValidUntil(letter.issued.date, letter.issued.time);
  return [
    `Valid until ${formatDmyTime(until.date, until.time)}: on the day of issue, and until 02:00 the next day if issued between 22:00 and midnight.`,
    `${formatMoney(GPFIRST_SUBSIDY_CENTS)} subsidy on the attendance fee.`,
    ...GPFIRST_TERMS.slice(2),
  ];
}

const typeName = (type: number | null) =>
  type === null ? '' : (REFERRAL_TYPE_NAMES[type as ReferralType] ?? '');

/** The referral's target rows: who it goes to, and the HSG particulars when it is HSG. */
function targetRows(letter: ReferralLetterData): [string, string][] {
  const r = letter.referral;
  const rows: [string, string][] = [
    ['Institution', r.referralInstitutionDescription ?? r.referralInstitution ?? ''],
  ];
  if (r.speciallyServiceDescription) rows.push(['Specialty', r.speciallyServiceDescription]);
  if (r.referTo) rows.push(['Refer to', r.referTo]);
  if (r.isNamedDoctor && r.doctorName) rows.push(["Doctor's name", r.doctorName]);
  if (!r.isHsg) return rows;
  rows.push(['Type of referral', typeName(r.referralType)]);
  if (r.fastTrackReason) rows.push(['Fast-track reason', r.fastTrackReason]);
  if (r.patientRequest) rows.push(['Patient is requesting for', r.patientRequest]);
  if (r.billSize !== null) rows.push(['Bill size', formatMoney(r.billSize)]);
  const related = [
    r.isRelatedToChas && 'CHAS',
    r.isRelatedToSfl && 'Healthier SG Screening',
    r.isRelatedToVcdss && 'VCDSS',
    r.isRelatedToNone && 'None of the stated',
  ].filter(Boolean);
  if (related.length > 0) rows.push(['Related to', related.join(', ')]);
  return rows;
}

function patientRows(letter: ReferralLetterData): [string, string][] {
  const p = letter.patient;
  return [
    ['Patient name', p.name],
    ['NRIC / ID no.', p.ic ?? ''],
    ['Date of birth', p.birthDate ? formatDmy(p.birthDate) : ''],
    ['Gender', p.gender ?? ''],
  ];
}

function table(rows: [string, string][]) {
  return h(
    View,
    { style: styles.table },
    rows.map(([label, value]) =>
      h(
        View,
        { key: label, style: styles.row, wrap: false },
        h(Text, { style: styles.cellLabel }, label),
        h(Text, { style: styles.cellValue }, value),
      ),
    ),
  );
}

function section(label: string, value: string | null | undefined) {
  if (!value?.trim()) return null;
  return h(
    View,
    { key: label, style: styles.section },
    h(Text, { style: styles.sectionLabel }, label),
    h(Text, { style: styles.text }, value),
  );
}

export function medicationLine(line: ReferralMedication): string {
  const dose = [line.consumeMethod, `${line.consumeQty} ${line.consumeUM}`, line.frequency]
    .filter((part) => part && String(part).trim())
    .join(' ');
  return `${line.name}: ${dose}; dispensed ${line.dispenseQty} ${line.um}`;
}

function includedParts(letter: ReferralLetterData) {
  const r = letter.referral;
  const diagnoses = r.isIncludingDiagnosis
    ? r.diagnosis.map((d) => (d.remark ? `${d.description} (${d.remark})` : d.description))
    : [];
  const medications = r.isIncludingMedication ? r.medications.map(medicationLine) : [];
  return [
    section('Diagnoses of this visit', diagnoses.join('\n')),
    section('Medications of this visit', medications.join('\n')),
    section('Procedure', r.isIncludingProcedure ? r.procedureContent : null),
    section('Review', r.isIncludingReview ? r.reviewContent : null),
  ];
}

function gpFirstTerms(letter: ReferralLetterData) {
  if (!letter.referral.isHsg || letter.referral.referralType !== REFERRAL_TYPE.gpFirst) return null;
  return h(
    View,
    { style: styles.terms, wrap: false },
    h(Text, { style: styles.termsTitle }, 'GPFirst terms and conditions'),
    gpFirstLetterTerms(letter).map((term, index) =>
      h(Text, { key: term, style: styles.term }, `${index + 1}. ${term}`),
    ),
  );
}

function signature(letter: ReferralLetterData) {
  return h(
    View,
    { style: styles.signature, wrap: false },
    h(
      View,
      { style: styles.signatureLine },
      h(Text, { style: styles.doctor }, letter.fullName),
      h(Text, null, `MCR: ${letter.mcr ?? ''}`),
      h(Text, null, `HCI code: ${letter.hciCode ?? ''}`),
    ),
  );
}

/** The referral letter, A4 (doc 3 sections 2.1 and 3.4): the REFERRAL_A4 template. */
export function ReferralLetterDocument({ header, logo, letter }: ReferralLetterProps) {
  const r = letter.referral;
  return h(
    Document,
    { title: 'REFERRAL LETTER', author: header.branchName, creator: header.tenant.clinicName },
    h(
      Page,
      { size: [...PAGE_SIZES.a4], style: styles.page },
      h(ReportHeaderBlock, { header, logo }),
      h(
        View,
        { style: styles.titleRow },
        h(Text, { style: styles.title }, 'REFERRAL LETTER'),
        h(Text, null, `HCI code: ${letter.hciCode ?? ''}`),
      ),
      h(Text, { style: styles.issued }, `Referral date: ${referralDateText(letter)}`),
      h(View, { style: styles.tables }, table(targetRows(letter)), table(patientRows(letter))),
      gpFirstTerms(letter),
      section('Preliminary diagnosis', r.diagnosisText),
      section('Reason for referral', r.referralReason),
      section('Medical history', r.medicalHistory),
      section('Treatments', r.treatments),
      section('Drug allergies', r.drugAllergies),
      ...includedParts(letter),
      section('Note', r.note),
      signature(letter),
    ),
  );
}
