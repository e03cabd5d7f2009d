import {
  CUSTOMISE_MODE,
  CYCLE_UNITS,
  STRENGTH_MODE,
  formatCents,
  type MedicationFrequency,
  type PrescriptMode,
  type PrescriptionSetting,
} from '@clinic/domain';
import {
  Autocomplete,
  Group,
  NativeSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  type ComboboxItem,
  type ComboboxParsedItem,
} from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { useId, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import { useRxSettings } from './prescription-api.ts';
import {
  checkLine,
  hasStrength,
  rankFrequencies,
  switchMode,
  type LineFormValues,
  type LineItem,
} from './prescription-form.ts';
import '../../i18n/prescriptions/index.ts';

export type LineForm = UseFormReturnType<
  LineFormValues,
  LineFormValues,
  (values: LineFormValues) => FormErrors
>;

/** Enter in the instructions adds the line; Shift+Enter starts a new line of text. */
function submitOnEnter(onSubmit: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };
}

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

export interface LineFieldsProps {
  form: LineForm;
  item: LineItem;
  frequencies: readonly PrescriptionSetting[];
  /** The same list as the arithmetic reads it. */
  rules: readonly MedicationFrequency[];
  /** The first field (the dose), focused when an item is picked. */
  doseRef?: Ref<HTMLInputElement>;
  onSubmit: () => void;
}

/**
 * The fields of a prescription line, in the order a doctor goes through them with Tab:
 * dose, frequency, duration, cycle, quantity, instructions; then the rarer ones (mode,
 * unit, how taken, indication, start date).
 */
export function LineFields({ form, item, frequencies, rules, doseRef, onSubmit }: LineFieldsProps) {
  const { t } = useTranslation();
  const modeLabel = useId();
  const units = useRxSettings('um').data ?? [];
  const methods = useRxSettings('cm').data ?? [];
  const indications = useRxSettings('indication').data ?? [];
  const values = form.getValues();
  const strength = values.prescriptMode === STRENGTH_MODE;
  const frequencyData = frequencies.map((entry) => ({
    value: entry.code,
    label: `${entry.code} – ${entry.description}`,
  }));
  const needed = neededByDoses(values, item, rules);
  const setMode = (mode: PrescriptMode) => form.setValues(switchMode(values, mode, item));

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
        <TextInput
          ref={doseRef}
          label={
            strength
              ? t('rx.field.doseStrength', { unit: item.strengthUnit ?? '' })
              : t('rx.field.doseCustomise', { unit: values.consumeUm ?? '' })
          }
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('dose')}
        />
        <Select
          label={t('rx.field.frequency')}
          data={frequencyData}
          searchable
          selectFirstOptionOnChange
          autoSelectOnBlur
          allowDeselect={false}
          filter={({ options, search }) => rankFrequencies(options.filter(isItem), search)}
          value={values.frequency}
          onChange={(code) => form.setFieldValue('frequency', code)}
          error={form.errors.frequency}
        />
        <TextInput
          label={t('rx.field.duration')}
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('duration')}
        />
        <NativeSelect
          label={t('rx.field.cycle')}
          data={CYCLE_UNITS.map((unit) => ({ value: unit, label: t(`rx.cycle.${unit}`) }))}
          {...form.getInputProps('cycle')}
        />
        <TextInput
          label={t('rx.field.quantity', { unit: item.dispensingUnit ?? '' })}
          inputMode="numeric"
          autoComplete="off"
          placeholder={needed === null ? undefined : t('rx.field.quantityHint', { count: needed })}
          {...form.getInputProps('dispenseQuantity')}
        />
        <Textarea
          label={t('rx.field.instructions')}
          rows={2}
          {...form.getInputProps('precaution')}
          onKeyDown={submitOnEnter(onSubmit)}
        />
      </SimpleGrid>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={500} id={modeLabel}>
            {t('rx.field.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby={modeLabel}
            value={String(values.prescriptMode)}
            onChange={(mode) => setMode(Number(mode) as PrescriptMode)}
            data={[
              {
                value: String(STRENGTH_MODE),
                label: t('rx.field.strength'),
                disabled: !hasStrength(item),
              },
              { value: String(CUSTOMISE_MODE), label: t('rx.field.customise') },
            ]}
          />
        </Stack>
        <NativeSelect
          label={t('rx.field.consumeUm')}
          disabled={strength}
          data={listData(units, values.consumeUm, t('rx.field.noneChosen'))}
          value={values.consumeUm ?? ''}
          onChange={(event) => form.setFieldValue('consumeUm', event.currentTarget.value || null)}
          error={form.errors.consumeUm}
        />
        <NativeSelect
          label={t('rx.field.consumeMethod')}
          data={listData(methods, values.consumeMethod, t('rx.field.noneChosen'))}
          value={values.consumeMethod ?? ''}
          onChange={(event) =>
            form.setFieldValue('consumeMethod', event.currentTarget.value || null)
          }
          error={form.errors.consumeMethod}
        />
        <Autocomplete
          label={t('rx.field.indication')}
          data={[...new Set(indications.map((entry) => entry.description))]}
          {...form.getInputProps('indication')}
        />
        <LazyDateField
          label={t('rx.field.startDate')}
          value={values.startDate || null}
          onChange={(date) => form.setFieldValue('startDate', date ?? '')}
          error={form.errors.startDate}
          w={160}
        />
      </Group>
    </Stack>
  );
}

/** A settings list as select options, with an empty choice and the current code kept. */
function listData(list: readonly PrescriptionSetting[], current: string | null, none: string) {
  const entries = list.map((entry) => ({
    value: entry.code,
    label: `${entry.code} – ${entry.description}`,
  }));
  if (current && !entries.some((entry) => entry.value === current)) {
    entries.unshift({ value: current, label: current });
  }
  return [{ value: '', label: none }, ...entries];
}

/** What the doses need, for the quantity field's placeholder (null when they do not say). */
function neededByDoses(
  values: LineFormValues,
  item: LineItem,
  rules: readonly MedicationFrequency[],
): number | null {
  const checked = checkLine({ ...values, dispenseQuantity: '' }, item, rules);
  return checked.ok ? checked.line.neededQuantity : null;
}

export interface LinePreviewProps {
  values: LineFormValues;
  item: LineItem;
  rules: readonly MedicationFrequency[];
}

/**
 * The live quantity and price of the line being typed, from the domain's arithmetic (the
 * server's): what is dispensed, at what price, until when. Read out politely as it changes.
 */
export function LinePreview({ values, item, rules }: LinePreviewProps) {
  const { t } = useTranslation();
  const checked = checkLine(values, item, rules);
  let text: string;
  if (!checked.ok) {
    const asNeeded = rules.find((rule) => rule.code === values.frequency)?.rule.kind === 'asNeeded';
    text =
      asNeeded && values.dispenseQuantity.trim() === ''
        ? t('rx.preview.asNeeded')
        : t('rx.preview.pending');
  } else {
    const { line } = checked;
    const unit = item.dispensingUnit ?? '';
    text = t('rx.preview.line', {
      quantity: line.dispenseQuantity,
      unit,
      unitPrice: formatCents(line.unitPrice),
      total: formatCents(line.totalPrice),
      days: line.durationDays,
      endDate: formatCalendarDate(line.endDate, DATE_FORMATS.picker),
    });
    if (line.neededQuantity !== null && line.neededQuantity !== line.dispenseQuantity) {
      text += ` ${t('rx.preview.typed', { needed: line.neededQuantity, unit })}`;
    }
  }
  return (
    <Text size="sm" aria-live="polite" data-testid="rx-preview">
      {text}
    </Text>
  );
}
