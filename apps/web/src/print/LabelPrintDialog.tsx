import { Button, NumberInput, Stack } from '@mantine/core';
import type { PrintDocument } from '@clinic/print';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../components/AppDialog.tsx';
import { PdfFrame } from './PdfFrame.tsx';
import { printPdf } from './print-pdf.ts';
import { usePdf } from './use-pdf.ts';

const MAX_COPIES = 99;

/** A label of `@clinic/print`: one a page, `copies` pages. */
export type LabelDocument = Extract<PrintDocument, { kind: 'patientLabel' | 'queueLabel' }>;

export interface LabelPrintDialogProps {
  title: string;
  /** The label (one copy; keep it the same object between renders); null while loading. */
  label: LabelDocument | null;
  /** Shown instead of the label when there is none (loading, failure). */
  placeholder?: ReactNode;
  onClose: () => void;
}

/**
 * A label's PDF preview with Number of Copies, Print and Close (doc 1 section 2.11, doc 3
 * 2.8). Print prints a PDF of that many label pages, each 76 x 35 mm.
 */
export function LabelPrintDialog({ title, label, placeholder, onClose }: LabelPrintDialogProps) {
  const { t } = useTranslation();
  const [copies, setCopies] = useState<number | string>(1);
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);
  const { rendered, error } = usePdf(label);
  const count = typeof copies === 'number' ? copies : 0;
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_COPIES;

  const print = async () => {
    if (!label) return;
    setPrinting(true);
    setPrintError(null);
    try {
      const { renderPdfBlob } = await import('./pdf-render.ts');
      printPdf(await renderPdfBlob({ ...label, copies: count }));
    } catch (failure) {
      setPrintError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <AppDialog
      onClose={onClose}
      title={title}
      size={480}
      centered
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            {t('dialog.close')}
          </Button>
          <Button
            disabled={!rendered || !valid}
            loading={printing}
            onClick={() => void print()}
            data-dialog-save
          >
            {t('print.print')}
          </Button>
        </>
      }
    >
      <Stack>
        {label ? (
          <PdfFrame
            url={rendered?.url ?? null}
            error={error ?? printError}
            title={title}
            height={220}
          />
        ) : (
          placeholder
        )}
        {/* Decimals and signs are kept and refused with the message, not swallowed. */}
        <NumberInput
          label={t('print.copies')}
          value={copies}
          onChange={setCopies}
          min={1}
          max={MAX_COPIES}
          error={valid ? undefined : t('print.copiesRange', { max: MAX_COPIES })}
          data-autofocus
        />
      </Stack>
    </AppDialog>
  );
}
