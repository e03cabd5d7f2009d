import type { PrescriptionSetting, PrescriptionSettingList } from '@clinic/domain';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import type { FieldErrors } from '../../components/form/field-errors.ts';
import { refreshCatalogs, saveSetting } from './catalog-api.ts';
import { checkSetting, EMPTY_SETTING, settingFormOf, type SettingForm } from './setting-form.ts';
import '../../i18n/catalogs/index.ts';

/** Adds or edits a clinic's entry of a prescription settings list. */
export function SettingFormDialog({
  list,
  entry,
  onClose,
}: {
  list: PrescriptionSettingList;
  entry: PrescriptionSetting | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState<SettingForm>(() => (entry ? settingFormOf(entry) : EMPTY_SETTING));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  function change<K extends keyof SettingForm>(field: K, value: SettingForm[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) {
      const checked = checkSetting(next, list);
      setErrors(checked.ok ? {} : checked.errors);
    }
  }

  async function save() {
    setTried(true);
    const checked = checkSetting(values, list);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await saveSetting(list, checked.body, entry);
      await refreshCatalogs(queryClient);
      snackbar.success(t('catalog.settings.saved'));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0) {
        setErrors(Object.fromEntries(failure.errors.map((e) => [e.field, e.message])));
        return;
      }
      alertFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  const text = (field: Exclude<keyof SettingForm, 'isActive'>) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field, event.currentTarget.value),
    error: errors[field],
  });

  return (
    <AppDialog
      title={
        entry
          ? t('catalog.settings.editTitle', { code: entry.code })
          : t('catalog.settings.newTitle')
      }
      onClose={onClose}
      size={520}
      dirty={JSON.stringify(values) !== JSON.stringify(initial)}
      onSubmit={() => void save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('catalog.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('catalog.form.save')}
          </Button>
        </Group>
      )}
    >
      <Stack>
        <TextInput label={t('catalog.settings.cols.code')} withAsterisk {...text('code')} />
        <TextInput
          label={t('catalog.settings.cols.description')}
          withAsterisk
          {...text('description')}
        />
        {list === 'frequency' && (
          <SimpleGrid cols={2}>
            <TextInput
              label={t('catalog.settings.cols.dosesPerCycle')}
              inputMode="numeric"
              {...text('dosesPerCycle')}
            />
            <TextInput
              label={t('catalog.settings.cols.cycleDays')}
              inputMode="numeric"
              {...text('cycleDays')}
            />
          </SimpleGrid>
        )}
        <TextInput
          label={t('catalog.settings.cols.sortOrder')}
          inputMode="numeric"
          {...text('sortOrder')}
        />
        <Checkbox
          label={t('catalog.settings.cols.active')}
          checked={values.isActive}
          onChange={(event) => change('isActive', event.currentTarget.checked)}
        />
      </Stack>
    </AppDialog>
  );
}
