import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../components/AppDialog.tsx';
import { PdfFrame } from './PdfFrame.tsx';
import { downloadPdf, pdfFileName, printPdf } from './print-pdf.ts';
import type { PrintPreviewRequest } from './preview.ts';
import { usePdf } from './use-pdf.ts';

/** The print preview: the document's PDF, with Print and Download (doc 3 section 2.1). */
export function PrintPreviewDialog({
  request,
  onClose,
}: {
  request: PrintPreviewRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { rendered, error } = usePdf(request.document);
  const label = rendered ? rendered.document.kind !== 'medicalCertificate' : false;
  return (
    <AppDialog
      onClose={onClose}
      title={request.title}
      size={label ? 480 : 'xl'}
      centered
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            {t('dialog.close')}
          </Button>
          <Button
            variant="default"
            disabled={!rendered}
            onClick={() =>
              rendered && downloadPdf(rendered.pdf, request.fileName ?? pdfFileName(request.title))
            }
          >
            {t('print.download')}
          </Button>
          <Button
            disabled={!rendered}
            onClick={() => rendered && printPdf(rendered.pdf)}
            data-dialog-save
          >
            {t('print.print')}
          </Button>
        </>
      }
    >
      <PdfFrame
        url={rendered?.url ?? null}
        error={error}
        title={request.title}
        height={label ? 260 : '70vh'}
      />
    </AppDialog>
  );
}
