import {
  MEDICATION_LABEL_COPIES_MAX,
  reportsApi,
  type DispensingLine,
  type MedicationLabels,
  type ReportHeader,
} from '@clinic/domain';
import { formatBatches, type PrintDocument } from '@clinic/print';
import { Alert, Button, Loader, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatAge, formatCalendarDate } from '../../app/date-format.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { PdfFrame } from '../../print/PdfFrame.tsx';
import { printPdf } from '../../print/print-pdf.ts';
import { usePdf } from '../../print/use-pdf.ts';
import { fetchMedicationLabels } from './dispensing-api.ts';
import '../../i18n/patient-area/index.ts';

type Counts = Readonly<Record<string, number | string>>;

const validCount = (count: number | string | undefined): count is number =>
  typeof count === 'number' &&
  Number.isInteger(count) &&
  count >= 0 &&
  count <= MEDICATION_LABEL_COPIES_MAX;

/** The labels' document: each line's label `count` times (a line of 0 is left out). */
export function medicationLabelDocument(
  data: MedicationLabels,
  header: ReportHeader,
  counts: Counts,
  t: TFunction,
): PrintDocument | null {
  const labels = data.items
    .filter((item) => validCount(counts[item.prescriptionId] ?? 1))
    .map((item) => ({
      clinicName: header.tenant.clinicName,
      clinicPhone: header.branchPhone,
      patientName: item.patientName,
      patientAge: item.patientAge ? formatAge(item.patientAge, 'label') : '',
      itemName: item.itemName,
      instructions: item.instructions,
      quantity: `${item.qty} ${item.um}`,
      date: formatCalendarDate(item.date, DATE_FORMATS.document),
      batches: formatBatches(item.batches),
      batchLabel: t('dispensing.labelBatch'),
      dateLabel: t('dispensing.labelDate'),
      copies: Number(counts[item.prescriptionId] ?? 1),
    }))
    .filter((label) => label.copies > 0);
  return labels.length > 0 ? { kind: 'medicationLabel', labels } : null;
}

export interface MedicationLabelDialogProps {
  /** The dispensed lines to print labels for. */
  lines: readonly DispensingLine[];
  onClose: () => void;
}

/**
 * The medication labels of dispensed lines (doc 3 section 2.1): how many labels of each
 * line (1 by default, 0 to leave one out), the PDF preview of exactly what prints (76 x 35
 * mm, a label a page), and Print.
 */
export function MedicationLabelDialog({ lines, onClose }: MedicationLabelDialogProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const ids = lines.map((line) => line.prescriptionId);
  const [counts, setCounts] = useState<Counts>({});
  const labels = useQuery({
    queryKey: ['medication-labels', branchId, ids.join(',')],
    queryFn: () => fetchMedicationLabels(ids),
    enabled: Boolean(branchId),
    gcTime: 0,
  });
  const header = useQuery({
    queryKey: ['report-header', branchId],
    queryFn: () => api().call(reportsApi.header),
    enabled: Boolean(branchId),
  });
  const allValid = ids.every((id) => validCount(counts[id] ?? 1));
  const document = useMemo(
    () =>
      labels.data && header.data && allValid
        ? medicationLabelDocument(labels.data, header.data, counts, t)
        : null,
    [labels.data, header.data, counts, allValid, t],
  );
  const { rendered, error } = usePdf(document);
  const failure = labels.error ?? header.error;
  const title = t('dispensing.labelsTitle');

  let preview;
  if (failure) {
    preview = (
      <Alert color="red" role="alert">
        {failure.message}
      </Alert>
    );
  } else if (!labels.data || !header.data) {
    preview = <Loader aria-label={t('dialog.loading')} />;
  } else if (!document) {
    preview = <Alert color="yellow">{allValid ? t('dispensing.noLabels') : null}</Alert>;
  } else {
    preview = <PdfFrame url={rendered?.url ?? null} error={error} title={title} height={220} />;
  }

  return (
    <AppDialog
      title={title}
      onClose={onClose}
      size={520}
      centered
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            {t('dialog.close')}
          </Button>
          <Button
            disabled={!rendered || !document}
            onClick={() => rendered && printPdf(rendered.pdf)}
            data-dialog-save
          >
            {t('print.print')}
          </Button>
        </>
      }
    >
      <Stack>
        {preview}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {lines.map((line, index) => {
            const count = counts[line.prescriptionId] ?? 1;
            return (
              <NumberInput
                key={line.prescriptionId}
                label={t('dispensing.labelCount', { name: line.name })}
                value={count}
                onChange={(value) => setCounts({ ...counts, [line.prescriptionId]: value })}
                min={0}
                max={MEDICATION_LABEL_COPIES_MAX}
                error={
                  validCount(count)
                    ? undefined
                    : t('dispensing.labelCountRange', { max: MEDICATION_LABEL_COPIES_MAX })
                }
                data-autofocus={index === 0 ? true : undefined}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </AppDialog>
  );
}
