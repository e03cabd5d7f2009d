import type { ReferralLetterData, ReferralOutRecord, ReportHeader } from '@clinic/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.ts';

/** The referral letter A4 (doc 3 section 2.1), rendered for real and read back. */
const header: ReportHeader = {
  branchId: '00000000-0000-4000-8000-000000000001',
  branchCode: 'HQ',
  branchName: 'Sunrise Clinic Bedok',
  branchAddress: '12 Bedok North Street 1, #01-23',
  branchCountryName: 'Singapore',
  branchPostal: '460012',
  branchPhone: '+65 6123 4567',
  branchFax: null,
  coRegistrationNo: '201912345K',
  taxRegistrationNo: null,
  logo: null,
  hasLogo: false,
  tenant: { code: 'sunrise', clinicName: 'Sunrise Clinic', email: null, owner: null },
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const routine: ReferralOutRecord = {
  id: id(1),
  rowVersion: 1,
  patientId: id(2),
  visitId: id(3),
  branchId: header.branchId,
  hciCode: '20M0123',
  isHsg: true,
  referralType: 1,
  referralInstitution: 'SGH',
  referralInstitutionDescription: 'Singapore General Hospital',
  speciallyService: 'CARD',
  speciallyServiceDescription: 'Cardiology',
  referralReason: 'Exertional chest tightness for two weeks',
  drugAllergies: 'Penicillin',
  diagnosisText: 'Stable angina',
  medicalHistory: null,
  treatments: 'GTN as needed',
  isNamedDoctor: true,
  doctorName: 'Dr Wong Mei Ling',
  isRelatedToChas: false,
  isRelatedToSfl: false,
  isRelatedToVcdss: false,
  isRelatedToNone: true,
  patientRequest: 'Subsidised Referral',
  billSize: null,
  note: 'Please see within two weeks.',
  isIncludingDiagnosis: true,
  isIncludingMedication: true,
  isIncludingProcedure: false,
  isIncludingReview: false,
  referralStatus: 1,
  sendStatus: 1,
  diagnosis: [{ code: '194828000', description: 'Angina', remark: null }],
  medications: [
    {
      code: 'ASP100',
      name: 'Aspirin 100 mg',
      dispenseQty: 30,
      um: 'tab',
      consumeMethod: 'Oral',
      consumeQty: 1,
      consumeUM: 'tab',
      frequency: 'OM',
    },
  ],
  procedureContent: null,
  reviewContent: null,
  referralLetter: null,
  modifiedReason: null,
  modifiedDate: null,
  voidedReason: null,
  voidedDate: null,
  fastTrackReason: null,
  referTo: null,
  issueDate: 1_795_000_000,
  createdBy: id(4),
  updatedAt: 1_795_000_000,
};

function letterOf(referral: ReferralOutRecord, issued: { date: string; time: string }) {
  const letter: ReferralLetterData = {
    visitId: referral.visitId,
    referral,
    patient: { name: 'Tan Ah Kow', ic: '*****567D', birthDate: '1961-04-09', gender: 'MALE' },
    fullName: 'Lim Wei Ming',
    mcr: 'M12345A',
    hciCode: '20M0123',
    issued,
  };
  return letter;
}

async function read(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const sizes = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    const [, , width, height] = (await document.getPage(page)).view;
    sizes.push([Number(width!.toFixed(2)), Number(height!.toFixed(2))]);
  }
  const { text } = await extractText(document, { mergePages: true });
  return { sizes, text: text.replace(/\s+/g, ' ') };
}

const A4 = [595.28, 841.89];

describe('the referral letter A4', () => {
  it('prints the referral, its patient, the doctor, MCR and HCI code on the branch header', async () => {
    const letter = letterOf(routine, { date: '2026-11-18', time: '09:05' });
    const { sizes, text } = await read(
      await renderPdf({ kind: 'referralLetter', header, logo: null, letter }),
    );
    expect(sizes).toEqual([A4]);
    for (const expected of [
      'Sunrise Clinic Bedok',
      '12 Bedok North Street 1',
      'REFERRAL LETTER',
      'Referral date: 18/11/2026 09:05',
      'Singapore General Hospital',
      'Cardiology',
      'Dr Wong Mei Ling',
      'Routine',
      'Subsidised Referral',
      'None of the stated',
      'Tan Ah Kow',
      '*****567D',
      '09/04/1961',
      'Stable angina',
      'Exertional chest tightness for two weeks',
      'GTN as needed',
      'Penicillin',
      'Angina',
      'Aspirin 100 mg: Oral 1 tab OM; dispensed 30 tab',
      'Please see within two weeks.',
      'Lim Wei Ming',
      'MCR: M12345A',
      'HCI code: 20M0123',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('GPFirst terms');
  });

  it('prints the GPFirst terms: issued at 22:30, valid until 02:00 the next day, $50 subsidy', async () => {
    const gpFirst: ReferralOutRecord = {
      ...routine,
      referralType: 4,
      referralInstitution: 'H1',
      referralInstitutionDescription: 'Changi General Hospital Emergency Department',
      speciallyService: 'EM',
      speciallyServiceDescription: 'Emergency Medicine',
      patientRequest: null,
      treatments: null,
      diagnosisText: null,
      medicalHistory: 'Hypertension on amlodipine',
      isRelatedToChas: true,
      isRelatedToNone: false,
      billSize: 4550,
    };
    const letter = letterOf(gpFirst, { date: '2026-11-30', time: '22:30' });
    const { sizes, text } = await read(
      await renderPdf({ kind: 'referralLetter', header, logo: null, letter }),
    );
    // A letter with the terms and the visit's parts runs over: every page is A4.
    expect(sizes.every(([w, h]) => w === A4[0] && h === A4[1])).toBe(true);
    for (const expected of [
      'Referral date: 30/11/2026 22:30',
      'GPFirst',
      'GPFirst terms and conditions',
      'Valid until 01/12/2026 02:00',
      '$50.00 subsidy on the attendance fee',
      'Changi General Hospital Emergency Department',
      'Bill size',
      '$45.50',
      'CHAS',
      'Hypertension on amlodipine',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps a GPFirst referral issued before 22:00 to its day of issue', async () => {
    const letter = letterOf(
      { ...routine, referralType: 4, isRelatedToChas: true },
      { date: '2026-11-30', time: '21:45' },
    );
    const { text } = await read(
      await renderPdf({ kind: 'referralLetter', header, logo: null, letter }),
    );
    expect(text).toContain('Valid until 30/11/2026 23:59');
  });
});
