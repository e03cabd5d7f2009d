import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { DrugPicker } from './DrugPicker.tsx';
import { LineFields, LinePreview } from './LineFields.tsx';
import { sendWithOverride, type AskReason } from './override.ts';
import { addLine, showLines, useFrequencies } from './prescription-api.ts';
import {
  EMPTY_LINE,
  checkLine,
  comboBody,
  formFieldOf,
  isCombo,
  lineDefaults,
  type LineFormValues,
  type LineItem,
} from './prescription-form.ts';
import '../../i18n/prescriptions/index.ts';

export interface AddLineFormProps {
  visitId: string;
  ask: AskReason;
  /** Focus the picker when shown (after a line was added). */
  focusPicker: boolean;
  /** A line (or a combo's lines) was added. */
  onAdded: () => void;
}

/**
 * The add-line form, driven from the keyboard: the picker (type, Enter), the line's
 * fields filled from the item's defaults (Tab through them), Enter adds the line and the
 * form starts again at the picker. Ctrl+Enter adds from any field.
 */
export function AddLineForm({ visitId, ask, focusPicker, onAdded }: AddLineFormProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const client = useQueryClient();
  const offset = useClinicOffset();
  const { settings: frequencies, rules } = useFrequencies();
  const [item, setItem] = useState<LineItem | null>(null);
  const [itemError, setItemError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const doseRef = useRef<HTMLInputElement>(null);
  const { form, check } = useCheckedForm<LineFormValues>({
    initialValues: EMPTY_LINE,
    validate: (values) => {
      if (!item || isCombo(item) || !rules) return {};
      const checked = checkLine(values, item, rules);
      return checked.ok ? {} : checked.errors;
    },
  });

  // After a pick the dose field renders with the item; it takes the focus once it is there.
  const doseFocusPending = useRef(false);
  useEffect(() => {
    if (focusPicker) pickerRef.current?.focus();
  }, [focusPicker]);
  useEffect(() => {
    if (!doseFocusPending.current || !doseRef.current) return;
    doseFocusPending.current = false;
    doseRef.current.focus();
  });

  const pick = (picked: LineItem | null) => {
    setItem(picked);
    setItemError(undefined);
    if (!picked) return;
    form.setValues(lineDefaults(picked, clinicToday(offset)));
    form.clearErrors();
    doseFocusPending.current = !isCombo(picked);
  };

  const send = async (body: Parameters<typeof addLine>[1]) => {
    const lines = await sendWithOverride(
      (overrideReason) => addLine(visitId, { ...body, overrideReason }),
      ask,
    );
    if (lines === null) return false;
    showLines(client, branchId, visitId, lines);
    snackbar.success(t('rx.added', { name: item?.name ?? '' }));
    return true;
  };

  const save = async () => {
    if (saving) return;
    if (!item) {
      setItemError(t('rx.picker.noneChosen'));
      pickerRef.current?.focus();
      return;
    }
    let body: Parameters<typeof addLine>[1];
    if (isCombo(item)) body = { catalogItemId: item.id, ...comboBody(clinicToday(offset)) };
    else {
      if (!rules || !check()) return;
      const checked = checkLine(form.getValues(), item, rules);
      if (!checked.ok) return;
      body = { catalogItemId: item.id, ...checked.body };
    }
    setSaving(true);
    try {
      if (await send(body)) onAdded();
    } catch (failure) {
      showFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  const showFailure = (failure: unknown) => {
    if (!(failure instanceof ApiError) || failure.status !== 400 || failure.errors.length === 0) {
      alertFailure(failure);
      return;
    }
    const errors: Record<string, string> = {};
    for (const error of failure.errors) {
      const field = formFieldOf(error.field);
      if (field === 'item') setItemError(error.message);
      else errors[field] ??= error.message;
    }
    form.setErrors(errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  // Enter on a select (cycle, unit) and Ctrl+Enter anywhere add the line too.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    const onSelect = event.target instanceof HTMLSelectElement;
    if (event.ctrlKey || event.metaKey || onSelect) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="rx-add-title">
      <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5" id="rx-add-title">
              {t('rx.add.title')}
            </Title>
            <Text size="xs" c="dimmed" id="rx-keys">
              {t('rx.add.keys')}
            </Text>
          </Group>
          <DrugPicker
            value={item}
            onChange={pick}
            onSubmit={() => void save()}
            error={itemError}
            inputRef={pickerRef}
          />
          {item && isCombo(item) ? <Alert p="xs">{t('rx.add.comboNote')}</Alert> : null}
          {item && !isCombo(item) && rules ? (
            <>
              <LineFields
                form={form}
                item={item}
                frequencies={frequencies}
                rules={rules}
                doseRef={doseRef}
                onSubmit={() => void save()}
              />
              <LinePreview values={form.getValues()} item={item} rules={rules} />
            </>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!item}>
              {t('rx.add.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
