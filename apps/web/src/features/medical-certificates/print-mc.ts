import { mcApi, type McReport } from '@clinic/domain';
import type { MedicalCertificatePrint } from '@clinic/print';
import { api } from '../../api/clients.ts';
import { printMedicalCertificate as openCertificatePreview } from '../../print/report-header.ts';

/** The printed certificate's data from the print answer (`GET /reports/mc`, doc 3 section 3.4). */
export function certificatePrintOf(report: McReport): MedicalCertificatePrint {
  return {
    ...report,
    // An excuse chit has no duty type; the printed chit shows its interval instead.
    fitChoice: report.fitChoice ?? 0,
    nric: report.nric ?? '',
  };
}

/**
 * Prints a medical certificate or excuse chit: reads its print data, then opens the A4
 * print preview with the branch's letterhead (the PDF library loads only then).
 */
export async function printMedicalCertificate(mcId: string, title: string): Promise<void> {
  const report = await api().call(mcApi.report, { query: { id: mcId } });
  await openCertificatePreview(certificatePrintOf(report), title);
}
