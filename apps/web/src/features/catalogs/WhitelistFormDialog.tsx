import { WhitelistCreateBody, type WhitelistDrug } from '@clinic/domain';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { checkWith, type FieldErrors } from '../../components/form/field-errors.ts';
import { refreshCatalogs, saveWhitelistDrug } from './catalog-api.ts';
import '../../i18n/catalogs/index.ts';

type WhitelistForm = { brandDrugSDD: string; brandDrugName: string; isActive: boolean };

/** The whitelist drug's messages (the domain's schema, the server's words) or its body. */
export function checkWhitelist(values: WhitelistForm) {
  return checkWith(WhitelistCreateBody, values);
}

/** Adds or edits a whitelist drug (SDD code, brand name, active). */
export function WhitelistFormDialog({
  drug,
  onClose,
}: {
  drug: WhitelistDrug | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState<WhitelistForm>(() => ({
    brandDrugSDD: drug?.brandDrugSDD ?? '',
    brandDrugName: drug?.brandDrugName ?? '',
    isActive: drug?.isActive ?? true,
  }));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  function change<K extends keyof WhitelistForm>(field: K, value: WhitelistForm[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) {
      const checked = checkWhitelist(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  }

  async function save() {
    setTried(true);
    const checked = checkWhitelist(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await saveWhitelistDrug(checked.body, drug);
      await refreshCatalogs(queryClient);
      snackbar.success(t('catalog.whitelist.saved'));
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

  return (
    <AppDialog
      title={
        drug
          ? t('catalog.whitelist.editTitle', { code: drug.brandDrugSDD })
          : t('catalog.whitelist.newTitle')
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
        <TextInput
          label={t('catalog.whitelist.cols.sdd')}
          withAsterisk
          value={values.brandDrugSDD}
          onChange={(event) => change('brandDrugSDD', event.currentTarget.value)}
          error={errors.brandDrugSDD}
        />
        <TextInput
          label={t('catalog.whitelist.cols.name')}
          withAsterisk
          value={values.brandDrugName}
          onChange={(event) => change('brandDrugName', event.currentTarget.value)}
          error={errors.brandDrugName}
        />
        <Checkbox
          label={t('catalog.whitelist.cols.active')}
          checked={values.isActive}
          onChange={(event) => change('isActive', event.currentTarget.checked)}
        />
      </Stack>
    </AppDialog>
  );
}
