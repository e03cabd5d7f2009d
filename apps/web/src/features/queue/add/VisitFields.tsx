import type { DoctorOption, VisitPurposeOption } from '@clinic/domain';
import { Group, Stack, Switch, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import {
  clinicToday,
  formatClinicTime,
  nowUnix,
  useClinicOffset,
} from '../../../app/clinic-time.ts';
import { DateField } from '../../../components/DateField.tsx';
import { DoctorPicker } from '../pickers/DoctorPicker.tsx';
import { VisitPurposeSelect } from '../pickers/VisitPurposeSelect.tsx';
import type { FieldErrors } from '../../../components/form/field-errors.ts';
import type { VisitForm } from './add-to-queue-form.ts';

export interface VisitFieldsProps {
  visit: VisitForm;
  onChange: (visit: VisitForm) => void;
  errors: FieldErrors;
  doctors: readonly DoctorOption[];
  visitPurposes: readonly VisitPurposeOption[];
  /** 'YYYY-MM-DD'; with an HCI code a backdated visit cannot be after it. */
  latestVisitDate: string | undefined;
}

/** Doctor, visit purposes, remark and the backdated visit date and time. */
export function VisitFields({
  visit,
  onChange,
  errors,
  doctors,
  visitPurposes,
  latestVisitDate,
}: VisitFieldsProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const set = <K extends keyof VisitForm>(field: K, value: VisitForm[K]) =>
    onChange({ ...visit, [field]: value });

  function setBackdate(isBackdate: boolean) {
    // Backdating starts from now on the clinic's clock, which the desk then moves back.
    const now = nowUnix();
    onChange({
      ...visit,
      isBackdate,
      visitDate: visit.visitDate ?? clinicToday(offset, now),
      visitTime: visit.visitTime || formatClinicTime(now, offset, 'HH:mm'),
    });
  }

  return (
    <Stack gap="sm">
      <DoctorPicker
        label={t('queue.add.doctor')}
        doctors={doctors}
        value={visit.doctorId}
        onChange={(doctorId) => set('doctorId', doctorId)}
        error={errors.doctorId}
        required
      />
      <VisitPurposeSelect
        label={t('queue.add.visitPurposes')}
        options={visitPurposes}
        value={visit.visitPurposes}
        onChange={(codes) => set('visitPurposes', codes)}
        error={errors.visitPurposes}
        required
      />
      <Textarea
        label={t('queue.add.remark')}
        rows={5}
        value={visit.remark}
        onChange={(event) => set('remark', event.currentTarget.value)}
        error={errors.remark}
      />
      <Switch
        label={t('queue.add.backdate')}
        checked={visit.isBackdate}
        onChange={(event) => setBackdate(event.currentTarget.checked)}
      />
      <Group grow align="flex-start" gap="sm">
        <DateField
          label={t('queue.add.visitDate')}
          clearButtonProps={{
            'aria-label': t('form.clearField', { field: t('queue.add.visitDate') }),
          }}
          value={visit.visitDate}
          onChange={(date) => set('visitDate', date)}
          maxDate={latestVisitDate}
          disabled={!visit.isBackdate}
          error={errors.visitDate}
          required={visit.isBackdate}
        />
        <TimeInput
          label={t('queue.add.visitTime')}
          value={visit.visitTime}
          onChange={(event) => set('visitTime', event.currentTarget.value)}
          disabled={!visit.isBackdate}
          required={visit.isBackdate}
        />
      </Group>
    </Stack>
  );
}
