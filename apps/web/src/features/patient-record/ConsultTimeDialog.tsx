import {
  REFUSALS,
  consultTimeProblems,
  dateOfUnix,
  type ConsultTimes,
  type VisitDetail,
} from '@clinic/domain';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { clinicToday, clinicUnixOf, useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DateField } from '../../components/DateField.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import { CONSULT_ERROR_MS } from './ConsultTimer.tsx';
import { saveConsultTime } from './record-api.ts';
import '../../i18n/patient-area/index.ts';

interface Values {
  startDate: string | null;
  startTime: string;
  endDate: string | null;
  endTime: string;
}

type Errors = Partial<Record<'startTime' | 'endTime', string>>;

function initialValues(visit: VisitDetail, offset: number): Values {
  const day = (unix: number | null) => (unix === null ? null : dateOfUnix(unix, offset));
  const time = (unix: number | null) =>
    unix === null ? '' : formatClinicInstant(unix, offset, DATE_FORMATS.time);
  return {
    startDate: day(visit.consultStartTime) ?? dateOfUnix(visit.date, offset),
    startTime: time(visit.consultStartTime),
    endDate: day(visit.consultEndTime) ?? dateOfUnix(visit.date, offset),
    endTime: time(visit.consultEndTime),
  };
}

/** Every message of the values at once, worded as the server words them (doc 2 section 5). */
export function consultTimeErrors(values: Values, offset: number): Errors {
  const start = clinicUnixOf(values.startDate, values.startTime, offset);
  const end = clinicUnixOf(values.endDate, values.endTime, offset);
  const problems = consultTimeProblems(start, end, {
    today: clinicToday(offset),
    dateOf: (unix) => dateOfUnix(unix, offset),
  });
  const errors: Errors = {};
  for (const { field, key } of problems) errors[field] ??= REFUSALS[`visit.${key}`];
  return errors;
}

export interface ConsultTimeDialogProps {
  visit: VisitDetail;
  onClose: () => void;
  onSaved: (saved: ConsultTimes) => void;
}

/** The consult time editor (doc 2 section 2.4): the start and end date and time of a visit. */
export function ConsultTimeDialog({ visit, onClose, onSaved }: ConsultTimeDialogProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const [initial] = useState(() => initialValues(visit, offset));
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const errors = checked ? { ...consultTimeErrors(values, offset), ...serverErrors } : serverErrors;
  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors({});
  };

  const save = async () => {
    setChecked(true);
    if (Object.keys(consultTimeErrors(values, offset)).length > 0) return;
    setSaving(true);
    try {
      const saved = await saveConsultTime(
        visit,
        clinicUnixOf(values.startDate, values.startTime, offset),
        clinicUnixOf(values.endDate, values.endTime, offset),
      );
      snackbar.success(t('record.consultTime.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setServerErrors({
          startTime: error.fieldMessage('startTime'),
          endTime: error.fieldMessage('endTime'),
        });
      }
      snackbar.error(error instanceof Error ? error.message : String(error), CONSULT_ERROR_MS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      title={t('record.consultTime.title')}
      onClose={onClose}
      size={500}
      dirty={JSON.stringify(values) !== JSON.stringify(initial)}
      onSubmit={() => void save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('record.consultTime.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('record.consultTime.save')}
          </Button>
        </Group>
      )}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label={t('record.consultTime.startDate')}
          value={values.startDate}
          onChange={(startDate) => change({ startDate })}
          error={errors.startTime}
          required
        />
        <TextInput
          type="time"
          label={t('record.consultTime.startTime')}
          value={values.startTime}
          onChange={(event) => change({ startTime: event.currentTarget.value })}
          required
        />
        <DateField
          label={t('record.consultTime.endDate')}
          value={values.endDate}
          onChange={(endDate) => change({ endDate })}
          error={errors.endTime}
          required
        />
        <TextInput
          type="time"
          label={t('record.consultTime.endTime')}
          value={values.endTime}
          onChange={(event) => change({ endTime: event.currentTarget.value })}
          required
        />
      </SimpleGrid>
    </AppDialog>
  );
}
