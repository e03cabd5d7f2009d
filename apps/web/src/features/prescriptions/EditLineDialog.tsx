import type {
  MedicationFrequency,
  PrescriptionLineRecord,
  PrescriptionSetting,
} from '@clinic/domain';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { LineFields, LinePreview } from './LineFields.tsx';
import { sendWithOverride, type AskReason } from './override.ts';
import { updateLine, useFrequencies } from './prescription-api.ts';
import {
  checkLine,
  formFieldOf,
  lineValues,
  neededQuantity,
  type LineFormValues,
  type LineItem,
} from './prescription-form.ts';
import '../../i18n/prescriptions/index.ts';

export interface EditLineDialogProps {
  line: PrescriptionLineRecord;
  /** The line's catalog item (its strength and price). */
  item: LineItem;
  ask: AskReason;
  onClose: () => void;
  /** Saved, or refused because the line changed meanwhile: the list reloads. */
  onSaved: () => void;
}

/** Edits a line's dosing (its drug stays: another drug is another line), with its version. */
export function EditLineDialog(props: EditLineDialogProps) {
  const { t } = useTranslation();
  const { settings, rules } = useFrequencies();
  if (!rules) {
    return (
      <AppDialog title={t('rx.editTitle', { name: props.line.name })} onClose={props.onClose}>
        <Skeleton height={120} />
      </AppDialog>
    );
  }
  return <EditLineForm {...props} frequencies={settings} rules={rules} />;
}

function EditLineForm({
  line,
  item,
  ask,
  onClose,
  onSaved,
  frequencies,
  rules,
}: EditLineDialogProps & {
  frequencies: PrescriptionSetting[];
  rules: MedicationFrequency[];
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const { form, check } = useCheckedForm<LineFormValues>({
    initialValues: lineValues(line, neededQuantity(line, item, rules)),
    validate: (values) => {
      const checked = checkLine(values, item, rules);
      return checked.ok ? {} : checked.errors;
    },
  });

  const showFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
      const errors: Record<string, string> = {};
      for (const error of failure.errors) errors[formFieldOf(error.field)] ??= error.message;
      form.setErrors(errors);
      return;
    }
    alertFailure(failure);
    // A 409 (changed meanwhile), a 404 (removed): the list shows what is there now.
    if (failure instanceof ApiError && [404, 409].includes(failure.status)) {
      onSaved();
      onClose();
    }
  };

  const save = async () => {
    if (saving || !check()) return;
    const checked = checkLine(form.getValues(), item, rules);
    if (!checked.ok) return;
    setSaving(true);
    try {
      const saved = await sendWithOverride(
        (overrideReason) =>
          updateLine(line.id, {
            ...checked.body,
            // A line kept through a warning keeps its reason unless a new one is given.
            overrideReason: overrideReason ?? line.overrideReason,
            version: line.version,
          }),
        ask,
      );
      if (saved === null) return;
      snackbar.success(t('rx.saved'));
      onSaved();
      onClose();
    } catch (failure) {
      showFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      title={t('rx.editTitle', { name: line.name })}
      onClose={onClose}
      size="xl"
      dirty={form.isDirty()}
      onSubmit={() => void save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('rx.save')}
          </Button>
        </Group>
      )}
    >
      <Stack gap="xs">
        <LineFields
          form={form}
          item={item}
          frequencies={frequencies}
          rules={rules}
          onSubmit={() => void save()}
        />
        <LinePreview values={form.getValues()} item={item} rules={rules} />
      </Stack>
    </AppDialog>
  );
}
