import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import type { Checked, FieldErrors } from '../../components/form/field-errors.ts';
import { refreshCatalogs } from './catalog-api.ts';
import '../../i18n/catalogs/index.ts';

/** The fields of a form that hold text. */
type TextFieldOf<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

export interface CatalogFormInput<F, B> {
  initial: () => F;
  /** The form's messages (the server's rules, checked before sending) or the body to send. */
  check: (values: F) => Checked<B>;
  send: (body: B) => Promise<unknown>;
  /** What the snackbar says once saved. */
  saved: string;
  onClose: () => void;
  /** The form's field of a field the server names (when they differ). */
  fieldOf?: (field: string) => string;
}

/**
 * A catalog form dialog's state: no message before the first Save; after it, each change
 * checks the whole form again. Save sends the body, refreshes the catalog lists, says so
 * and closes; the server's refusals land on their fields, any other failure is alerted.
 */
export function useCatalogForm<F extends object, B>({
  initial: initialOf,
  check,
  send,
  saved,
  onClose,
  fieldOf = (field) => field,
}: CatalogFormInput<F, B>) {
  const queryClient = useQueryClient();
  const [initial] = useState<F>(initialOf);
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  function change<K extends keyof F>(field: K, value: F[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) {
      const checked = check(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  }

  async function save() {
    setTried(true);
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await send(checked.body);
      await refreshCatalogs(queryClient);
      snackbar.success(saved);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0) {
        setErrors(Object.fromEntries(failure.errors.map((e) => [fieldOf(e.field), e.message])));
        return;
      }
      alertFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  /** A text input's value, change and message. */
  const text = (field: TextFieldOf<F>) => ({
    value: values[field] as string,
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field, event.currentTarget.value as F[typeof field]),
    error: errors[field as string],
  });

  return {
    values,
    errors,
    saving,
    change,
    save,
    text,
    dirty: JSON.stringify(values) !== JSON.stringify(initial),
  };
}

/** Cancel and Save, at the foot of a catalog form dialog. */
export function FormDialogFooter({ close, saving }: { close: () => void; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={close}>
        {t('catalog.form.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-dialog-save>
        {t('catalog.form.save')}
      </Button>
    </Group>
  );
}
