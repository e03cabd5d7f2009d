import { Alert, Loader } from '@mantine/core';
import type { PatientProfile, QueueEntry } from '@clinic/domain';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { LabelPrintDialog } from '../../print/LabelPrintDialog.tsx';
import { PatientLabel } from '../../print/PatientLabel.tsx';
import { usePatientProfile } from './patient-api.ts';

/** The label's lines: ID, card, birth date with age, gender, phone, nationality. */
function labelLines(patient: PatientProfile, t: (key: string) => string) {
  const age = patient.age ? ` (${patient.age.years}Y ${patient.age.months}M)` : '';
  const phone = [patient.telCode, patient.contactNo].filter(Boolean).join(' ');
  return [
    { label: patient.idType, value: patient.nric ?? '' },
    { label: t('queue.label.cardNo'), value: patient.cardNo ?? '' },
    {
      label: t('queue.label.birthDate'),
      value: `${formatCalendarDate(patient.birthDate, DATE_FORMATS.document)}${age}`,
    },
    { label: t('queue.label.gender'), value: patient.gender },
    { label: t('queue.label.phone'), value: phone },
    { label: t('queue.label.nationality'), value: patient.nationality },
  ];
}

/** Prints the patient label of a queue entry's patient (from the patient's profile). */
export function PatientLabelDialog({ entry, onClose }: { entry: QueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const profile = usePatientProfile(entry.patientId);
  const patient = profile.data;
  return (
    <LabelPrintDialog
      title={t('queue.label.patientTitle', { name: entry.patientName })}
      onClose={onClose}
      renderLabel={
        patient
          ? (preview) => (
              <PatientLabel name={patient.name} lines={labelLines(patient, t)} preview={preview} />
            )
          : null
      }
      placeholder={
        profile.isError ? (
          <Alert color="red" role="alert">
            {profile.error.message}
          </Alert>
        ) : (
          <Loader aria-label={t('dialog.loading')} />
        )
      }
    />
  );
}
