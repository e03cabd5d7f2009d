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
import type { CheckedForm } from '../../../components/form/use-checked-form.ts';
import type { AddToQueueValues } from './add-to-queue-form.ts';

export interface VisitFieldsProps {
  form: CheckedForm<AddToQueueValues>['form'];
  /** The doctor shown: the one chosen, else the remembered one. */
  doctorId: string | null;
  doctors: readonly DoctorOption[];
  visitPurposes: readonly VisitPurposeOption[];
  /** 'YYYY-MM-DD'; with an HCI code a backdated visit cannot be after it. */
  latestVisitDate: string | undefined;
}

/** Doctor, visit purposes, remark and the backdated visit date and time. */
export function VisitFields({
  form,
  doctorId,
  doctors,
  visitPurposes,
  latestVisitDate,
}: VisitFieldsProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const visit = form.values.visit;

  function setBackdate(isBackdate: boolean) {
    // Backdating starts from now on the clinic's clock, which the desk then moves back.
    const now = nowUnix();
    form.setFieldValue('visit', {
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
        value={doctorId}
        onChange={(chosen) => form.setFieldValue('visit.doctorId', chosen)}
        error={form.errors['visit.doctorId']}
        required
      />
      <VisitPurposeSelect
        label={t('queue.add.visitPurposes')}
        options={visitPurposes}
        value={visit.visitPurposes}
        onChange={(codes) => form.setFieldValue('visit.visitPurposes', codes)}
        error={form.errors['visit.visitPurposes']}
        required
      />
      <Textarea label={t('queue.add.remark')} rows={5} {...form.getInputProps('visit.remark')} />
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
          onChange={(date) => form.setFieldValue('visit.visitDate', date)}
          error={form.errors['visit.visitDate']}
          maxDate={latestVisitDate}
          disabled={!visit.isBackdate}
          required={visit.isBackdate}
        />
        <TimeInput
          label={t('queue.add.visitTime')}
          {...form.getInputProps('visit.visitTime')}
          disabled={!visit.isBackdate}
          required={visit.isBackdate}
        />
      </Group>
    </Stack>
  );
}
