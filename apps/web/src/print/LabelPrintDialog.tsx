import { Button, Center, NumberInput, Stack } from '@mantine/core';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../components/AppDialog.tsx';
import { printLabels } from './print-labels.tsx';

const MAX_COPIES = 99;

export interface LabelPrintDialogProps {
  title: string;
  /** The label as printed and, with `preview`, as shown in the dialog; null while loading. */
  renderLabel: ((preview: boolean) => ReactElement) | null;
  /** Shown instead of the label when there is none (loading, failure). */
  placeholder?: ReactNode;
  onClose: () => void;
}

/** A label preview with Number of Copies, Print and Close (doc 1 section 2.11, doc 3 2.8). */
export function LabelPrintDialog({
  title,
  renderLabel,
  placeholder,
  onClose,
}: LabelPrintDialogProps) {
  const { t } = useTranslation();
  const [copies, setCopies] = useState<number | string>(1);
  const count = typeof copies === 'number' ? copies : 0;
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_COPIES;
  return (
    <AppDialog
      onClose={onClose}
      title={title}
      size={420}
      centered
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            {t('dialog.close')}
          </Button>
          <Button
            disabled={!renderLabel || !valid}
            onClick={() => renderLabel && printLabels(renderLabel(false), count)}
            data-dialog-save
          >
            {t('print.print')}
          </Button>
        </>
      }
    >
      <Stack>
        <Center>{renderLabel ? renderLabel(true) : placeholder}</Center>
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
