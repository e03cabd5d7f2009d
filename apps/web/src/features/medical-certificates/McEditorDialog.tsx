import { dutyTypeEnabled, MC_NO_MAX_LENGTH, type McRecord } from '@clinic/domain';
import {
  Button,
  Grid,
  NumberInput,
  Radio,
  Group,
  Select,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { clinicToday, formatClinicTime, nowUnix, useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS } from '../../app/date-format.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DateField } from '../../components/DateField.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { createCertificate, updateCertificate, useDoctors, useMcPurposes } from './mc-api.ts';
import {
  checkMcChange,
  checkNewMc,
  mcChanges,
  mcValuesOf,
  newMcValues,
  type McFormValues,
} from './mc-form.ts';
import '../../i18n/patient-area/index.ts';

export interface McEditorDialogProps {
  visitId: string;
  /** The visit's doctor: the new certificate's doctor. */
  defaultDoctorId: string | null;
  /** The certificate to edit; null to create one. */
  record: McRecord | null;
  /** After a save (the refresh marker) and on cancel. */
  onClose: (saved: boolean) => void;
}

/**
 * The medical certificate editor (doc 2 sections 2.7, 4.4, 5): given days move the to-date,
 * a from- or to-date moves the days, a to-date before the from-date takes the from-date
 * with it (one day); Require Time sets both times to now and clears them when off; an
 * excuse chit disables the duty type. The number is assigned when blank, fixed after.
 */
export function McEditorDialog({ visitId, defaultDoctorId, record, onClose }: McEditorDialogProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const purposes = useMcPurposes();
  const doctors = useDoctors();
  const { form, check } = useCheckedForm<McFormValues>({
    initialValues: record ? mcValuesOf(record) : newMcValues(clinicToday(offset), defaultDoctorId),
    validate: (values) => {
      const checked = record ? checkMcChange(values, record.version) : checkNewMc(values, visitId);
      return checked.ok ? {} : checked.errors;
    },
  });
  const values = form.values;
  const change = (next: McFormValues) => form.setValues(next);
  const now = () => formatClinicTime(nowUnix(), offset, DATE_FORMATS.time);

  async function save() {
    if (!check()) return;
    const current = form.getValues();
    try {
      await dialogs.whileLoading(async () => {
        if (record) {
          const checked = checkMcChange(current, record.version);
          if (checked.ok) await updateCertificate(record.id, checked.body);
        } else {
          const checked = checkNewMc(current, visitId);
          if (checked.ok) await createCertificate(checked.body);
        }
      });
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 401 || error.status === 403) return;
        form.setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      }
      void dialogs.alert(error instanceof Error ? error.message : String(error));
      return;
    }
    snackbar.success(t('mc.success'));
    onClose(true);
  }

  const purposeOptions = [
    ...new Set([
      ...purposes.map((p) => p.description),
      ...(values.mcPurpose ? [values.mcPurpose] : []),
    ]),
  ];
  const dutyEnabled = dutyTypeEnabled(values.excuseChit);

  return (
    <AppDialog
      title={record ? t('mc.editTitle', { mcNo: record.mcNo }) : t('mc.newTitle')}
      onClose={() => onClose(false)}
      size={500}
      dirty={form.isDirty()}
      onSubmit={() => void save()}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('mc.cancel')}
          </Button>
          <Button type="submit" data-dialog-save>
            {t('mc.save')}
          </Button>
        </>
      )}
    >
      <Grid>
        <Grid.Col span={6}>
          <TextInput
            label={t('mc.mcNo')}
            placeholder={record ? undefined : t('mc.mcNoHint')}
            maxLength={MC_NO_MAX_LENGTH}
            readOnly={record !== null}
            {...form.getInputProps('mcNo')}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <DateField
            label={t('mc.issuedDate')}
            withAsterisk
            value={values.issuedDate}
            onChange={(date) => form.setFieldValue('issuedDate', date)}
            error={form.errors.issuedDate}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <DateField
            label={t('mc.fromDate')}
            withAsterisk
            value={values.fromDate}
            onChange={(date) => change(mcChanges.fromDate(form.getValues(), date))}
            error={form.errors.fromDate}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <DateField
            label={t('mc.toDate')}
            withAsterisk
            value={values.toDate}
            onChange={(date) => change(mcChanges.toDate(form.getValues(), date))}
            error={form.errors.toDate}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <NumberInput
            label={t('mc.givenDays')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={values.givenDays}
            onChange={(days) => {
              if (typeof days === 'number') change(mcChanges.givenDays(form.getValues(), days));
            }}
            error={form.errors.givenDays}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <Select
            label={t('mc.doctor')}
            data={doctors.map((doctor) => ({ value: doctor.id, label: doctor.fullName }))}
            value={values.doctorId}
            onChange={(id) => form.setFieldValue('doctorId', id)}
            error={form.errors.doctorId}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label={t('mc.purpose')}
            data={purposeOptions}
            searchable
            clearable
            value={values.mcPurpose}
            onChange={(purpose) => form.setFieldValue('mcPurpose', purpose)}
            error={form.errors.mcPurpose}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label={t('mc.remark')} rows={2} {...form.getInputProps('remark')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <Switch
            label={t('mc.excuseChit')}
            checked={values.excuseChit}
            onChange={(event) => form.setFieldValue('excuseChit', event.currentTarget.checked)}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <Switch
            label={t('mc.requireTime')}
            checked={values.timeRequired}
            onChange={(event) =>
              change(mcChanges.requireTime(form.getValues(), event.currentTarget.checked, now()))
            }
          />
        </Grid.Col>
        {values.timeRequired && (
          <>
            <Grid.Col span={6}>
              <TimeInput
                label={t('mc.fromTime')}
                withAsterisk
                value={values.fromTime ?? ''}
                onChange={(event) =>
                  form.setFieldValue('fromTime', event.currentTarget.value || null)
                }
                error={form.errors.fromTime}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <TimeInput
                label={t('mc.toTime')}
                withAsterisk
                value={values.toTime ?? ''}
                onChange={(event) =>
                  form.setFieldValue('toTime', event.currentTarget.value || null)
                }
                error={form.errors.toTime}
              />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={12}>
          <Radio.Group
            label={t('mc.dutyType')}
            value={String(values.fitChoice)}
            onChange={(choice) => form.setFieldValue('fitChoice', choice === '2' ? 2 : 1)}
          >
            <Group mt="xs">
              <Radio value="1" label={t('mc.unfit')} disabled={!dutyEnabled} />
              <Radio value="2" label={t('mc.lightDuty')} disabled={!dutyEnabled} />
            </Group>
          </Radio.Group>
        </Grid.Col>
      </Grid>
    </AppDialog>
  );
}
