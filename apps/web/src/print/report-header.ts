import { reportsApi, type ReportHeader } from '@clinic/domain';
import type { MedicalCertificatePrint } from '@clinic/print';
import { api } from '../api/clients.ts';
import { openPrintPreview } from './preview.ts';

/** The image types the PDF renderer reads. */
const PRINTABLE_IMAGES = new Set(['image/png', 'image/jpeg']);

function dataUri(image: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read.'));
    reader.readAsDataURL(image);
  });
}

/**
 * The report header and logo of the current branch, fetched before each print (doc 3
 * section 7.1): the letterhead every A4 document starts with. A logo the PDF cannot show
 * (not PNG or JPEG) is left out rather than failing the print.
 */
export async function loadReportHeader(): Promise<{ header: ReportHeader; logo: string | null }> {
  const header = await api().call(reportsApi.header);
  if (!header.hasLogo) return { header, logo: null };
  const image = await api().blob(reportsApi.logo, { params: { branchId: header.branchId } });
  return { header, logo: PRINTABLE_IMAGES.has(image.type) ? await dataUri(image) : null };
}

/** Opens the print preview of a medical certificate or excuse chit (A4, with the header). */
export function printMedicalCertificate(mc: MedicalCertificatePrint, title: string): Promise<void> {
  return openPrintPreview({
    title,
    fileName: `${mc.excuseChit ? 'excuse-chit' : 'medical-certificate'}-${mc.mcNo}.pdf`,
    document: async () => ({ kind: 'medicalCertificate', ...(await loadReportHeader()), mc }),
  });
}
