import { Alert, Loader } from '@mantine/core';
import { reportsApi, type PatientLabelData, type QueueEntry } from '@clinic/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatAge, formatCalendarDate } from '../../app/date-format.ts';
import { LabelPrintDialog, type LabelDocument } from '../../print/LabelPrintDialog.tsx';

/** The label's lines: ID, card, birth date with age, gender, phone, nationality, address. */
function labelLines(patient: PatientLabelData, t: TFunction) {
  const age = patient.age ? ` (${formatAge(patient.age, 'label')})` : '';
  const lines = [
    { label: patient.idType, value: patient.nric ?? '' },
    { label: t('patient.label.cardNo'), value: patient.cardNo ?? '' },
    {
      label: t('patient.label.birthDate'),
      value: `${formatCalendarDate(patient.birthDate, DATE_FORMATS.document)}${age}`,
    },
    { label: t('patient.label.gender'), value: patient.gender },
    { label: t('patient.label.phone'), value: patient.phone },
    { label: t('patient.label.nationality'), value: patient.nationality },
  ];
  if (patient.address) lines.push({ label: t('patient.label.address'), value: patient.address });
  return lines;
}

/** Prints the patient label of a queue entry's patient (`GET /reports/labels/patient`). */
export function PatientLabelDialog({ entry, onClose }: { entry: QueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const query = useQuery({
    queryKey: ['patient-label', branchId, entry.patientId],
    queryFn: () => api().call(reportsApi.patientLabel, { query: { id: entry.patientId } }),
    enabled: Boolean(branchId),
  });
  const patient = query.data;
  const label = useMemo<LabelDocument | null>(
    () =>
      patient ? { kind: 'patientLabel', name: patient.name, lines: labelLines(patient, t) } : null,
    [patient, t],
  );
  return (
    <LabelPrintDialog
      title={t('patient.label.title', { name: entry.patientName })}
      onClose={onClose}
      label={label}
      placeholder={
        query.isError ? (
          <Alert color="red" role="alert">
            {query.error.message}
          </Alert>
        ) : (
          <Loader aria-label={t('dialog.loading')} />
        )
      }
    />
  );
}
