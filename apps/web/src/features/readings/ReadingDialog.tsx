import {
  bodyMassIndex,
  bodySurfaceArea,
  readingProblems,
  refusalMessage,
  vitalsApi,
  type PhysicalReading,
  type ReadingInput,
} from '@clinic/domain';
import { Alert, Button, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/clients.ts';
import { ApiError } from '../../api/http.ts';
import { clinicToday, clinicUnixOf, nowUnix, useClinicOffset } from '../../app/clinic-time.ts';
import { formatClinicInstant } from '../../app/date-format.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import '../../i18n/patient-area/index.ts';

type Measure = Exclude<keyof ReadingInput, 'readingTime'>;
const MEASURES: readonly Measure[] = [
  'systolic',
  'diastolic',
  'pulse',
  'glucose',
  'temperature',
  'height',
  'weight',
];
const WHOLE: ReadonlySet<Measure> = new Set(['systolic', 'diastolic', 'pulse']);

export interface ReadingDialogProps {
  visitId: string;
  /** null: a new reading. */
  reading: PhysicalReading | null;
  onClose: () => void;
  onSaved: (reading: PhysicalReading) => void;
}

/** Adds or edits one physical reading; BSA and BMI follow height and weight, read-only. */
export function ReadingDialog({ visitId, reading, onClose, onSaved }: ReadingDialogProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const start = reading?.readingTime ?? nowUnix();
  const [date, setDate] = useState<string | null>(clinicToday(offset, start));
  const [time, setTime] = useState(formatClinicInstant(start, offset, 'HH:mm'));
  const [values, setValues] = useState<Record<Measure, number | null>>(
    () =>
      Object.fromEntries(MEASURES.map((m) => [m, reading?.[m] ?? null])) as Record<
        Measure,
        number | null
      >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  const bmi = bodyMassIndex(values.height === null ? null : values.height / 100, values.weight);
  const bsa = bodySurfaceArea(values.height, values.weight);

  async function save() {
    const readingTime = clinicUnixOf(date, time, offset);
    if (readingTime === null) {
      setErrors({ readingTime: t('vitals.readings.readingTime') });
      return;
    }
    const input: ReadingInput = { readingTime, ...values };
    const problems = readingProblems(input, nowUnix());
    if (problems.length > 0) {
      setErrors(
        Object.fromEntries(
          problems.map(({ field, key }) => [field, refusalMessage(`vitals.${key}`)]),
        ),
      );
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      const saved = reading
        ? await api().call(vitalsApi.updateReading, {
            params: { id: reading.id },
            body: { ...input, version: reading.version },
          })
        : await api().call(vitalsApi.createReading, { params: { id: visitId }, body: input });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      }
      setFailure(
        `${t('vitals.readings.saveFailed')}${error instanceof Error ? `: ${error.message}` : ''}`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title={reading ? t('vitals.readings.dialogEdit') : t('vitals.readings.dialogAdd')}
      onClose={onClose}
      size={500}
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('vitals.readings.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('vitals.readings.save')}
          </Button>
        </Group>
      )}
    >
      {failure && (
        <Alert color="red" mb="sm" role="alert">
          {failure}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="xs">
        <LazyDateField
          label={t('vitals.readings.readingDate')}
          value={date}
          onChange={(value) => {
            setDate(value);
            setDirty(true);
          }}
          error={errors.readingTime}
        />
        <TextInput
          label={t('vitals.readings.readingClock')}
          value={time}
          onChange={(event) => {
            setTime(event.currentTarget.value);
            setDirty(true);
          }}
        />
        {MEASURES.map((measure) => (
          <NumberInput
            key={measure}
            label={t(`vitals.readings.${measure}`)}
            allowDecimal={!WHOLE.has(measure)}
            decimalScale={2}
            value={values[measure] ?? ''}
            error={errors[measure]}
            onChange={(value) => {
              setValues((current) => ({
                ...current,
                [measure]: value === '' ? null : Number(value),
              }));
              setDirty(true);
            }}
          />
        ))}
        <NumberInput label={t('vitals.readings.bsa')} value={bsa ?? ''} readOnly tabIndex={-1} />
        <NumberInput label={t('vitals.readings.bmi')} value={bmi ?? ''} readOnly tabIndex={-1} />
      </SimpleGrid>
    </AppDialog>
  );
}
