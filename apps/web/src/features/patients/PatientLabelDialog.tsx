import { Alert, Loader } from '@mantine/core';
import type { PatientProfile, QueueEntry } from '@clinic/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatAge, formatCalendarDate } from '../../app/date-format.ts';
import { LabelPrintDialog } from '../../print/LabelPrintDialog.tsx';
import { PatientLabel } from '../../print/PatientLabel.tsx';
import { usePatientProfile } from './patient-api.ts';

/** The label's lines: ID, card, birth date with age, gender, phone, nationality. */
function labelLines(patient: PatientProfile, t: TFunction) {
  const age = patient.age ? ` (${formatAge(patient.age, 'label')})` : '';
  const phone = [patient.telCode, patient.contactNo].filter(Boolean).join(' ');
  return [
    { label: patient.idType, value: patient.nric ?? '' },
    { label: t('patient.label.cardNo'), value: patient.cardNo ?? '' },
    {
      label: t('patient.label.birthDate'),
      value: `${formatCalendarDate(patient.birthDate, DATE_FORMATS.document)}${age}`,
    },
    { label: t('patient.label.gender'), value: patient.gender },
    { label: t('patient.label.phone'), value: phone },
    { label: t('patient.label.nationality'), value: patient.nationality },
  ];
}

/** Prints the patient label of a queue entry's patient (from the patient's profile). */
export function PatientLabelDialog({ entry, onClose }: { entry: QueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const profile = usePatientProfile(entry.patientId);
  const patient = profile.data;
  return (
    <LabelPrintDialog
      title={t('patient.label.title', { name: entry.patientName })}
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
