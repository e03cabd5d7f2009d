import { referralsApi } from '@clinic/domain';
import type { PrintDocument } from '@clinic/print';
import { api } from '../../api/clients.ts';
import { openPrintPreview } from '../../print/preview.ts';
import { printPdf } from '../../print/print-pdf.ts';
import { loadReportHeader } from '../../print/report-header.ts';

/**
 * The referral letter (REFERRAL_A4, doc 3 section 2.1): the branch's letterhead and the
 * letter's print data (`GET /reports/referrals/{id}`), read at each print so it is the
 * saved referral, signed by the signed-in doctor.
 */
export async function referralLetterDocument(referralId: string): Promise<PrintDocument> {
  const [letter, header] = await Promise.all([
    api().call(referralsApi.letter, { params: { id: referralId } }),
    loadReportHeader(),
  ]);
  return { kind: 'referralLetter', ...header, letter };
}

const letterFileName = (referralId: string) => `referral-letter-${referralId}.pdf`;

/** Opens the letter in the print preview (Print and Download there). */
export function previewReferralLetter(referralId: string, title: string): Promise<void> {
  return openPrintPreview({
    title,
    fileName: letterFileName(referralId),
    document: () => referralLetterDocument(referralId),
  });
}

/**
 * Prints the letter straight away: renders its PDF (the PDF library loads only then) and
 * hands it to the browser's print dialog.
 */
export async function printReferralLetter(referralId: string): Promise<void> {
  const [document, { renderPdfBlob }] = await Promise.all([
    referralLetterDocument(referralId),
    import('../../print/pdf-render.ts'),
  ]);
  printPdf(await renderPdfBlob(document));
}
