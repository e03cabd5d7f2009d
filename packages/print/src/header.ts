import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReportHeader } from '@clinic/domain';
import { createElement as h } from 'react';
import { FONT_FAMILY } from './fonts.ts';

const styles = StyleSheet.create({
  header: {
    flexDirection: 'row',
    alignItems: 'flex-start',
    borderBottomWidth: 1,
    borderBottomColor: '#333333',
    paddingBottom: 8,
    marginBottom: 16,
    fontFamily: FONT_FAMILY,
  },
  // The logo box of doc 3 section 2.1 is 200 x 128 px: 150 x 96 pt at 96 px an inch.
  logo: { width: 150, height: 96, objectFit: 'contain', marginRight: 14 },
  details: { flexGrow: 1, flexShrink: 1 },
  name: { fontSize: 15, fontWeight: 700, marginBottom: 3 },
  line: { fontSize: 8.5, color: '#333333', marginBottom: 1.5 },
});

export interface HeaderProps {
  header: ReportHeader;
  /** The logo's image as a data: URI (PNG or JPEG), or null for none. */
  logo: string | null;
}

function joined(parts: ReadonlyArray<string | null>, separator: string): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(separator);
}

/** The lines under the clinic's name: address, contacts, registration numbers. */
export function headerLines(header: ReportHeader): string[] {
  const lines = [
    joined(
      [header.branchAddress, joined([header.branchCountryName, header.branchPostal], ' ')],
      ', ',
    ),
    joined(
      [
        header.branchPhone && `Tel: ${header.branchPhone}`,
        header.branchFax && `Fax: ${header.branchFax}`,
        header.tenant.email && `Email: ${header.tenant.email}`,
      ],
      '   ',
    ),
    joined(
      [
        header.coRegistrationNo && `Co. Reg. No.: ${header.coRegistrationNo}`,
        header.taxRegistrationNo && `Tax Reg. No.: ${header.taxRegistrationNo}`,
      ],
      '   ',
    ),
  ];
  return lines.filter((line) => line !== '');
}

/** The report header (doc 3 section 3.1) that heads every A4 document: logo and letterhead. */
export function ReportHeaderBlock({ header, logo }: HeaderProps) {
  const name =
    header.tenant.clinicName && header.tenant.clinicName !== header.branchName
      ? `${header.tenant.clinicName} (${header.branchName})`
      : header.branchName;
  return h(
    View,
    { style: styles.header, fixed: true },
    logo ? h(Image, { style: styles.logo, src: logo }) : null,
    h(
      View,
      { style: styles.details },
      h(Text, { style: styles.name }, name),
      ...headerLines(header).map((line, index) =>
        h(Text, { key: index, style: styles.line }, line),
      ),
    ),
  );
}
