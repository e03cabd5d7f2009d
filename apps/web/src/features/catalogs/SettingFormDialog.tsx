import type { PrescriptionSetting, PrescriptionSettingList } from '@clinic/domain';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { saveSetting } from './catalog-api.ts';
import { FormDialogFooter, useCatalogForm } from './FormDialogParts.tsx';
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
  const { values, saving, change, save, text, dirty } = useCatalogForm({
    initial: (): SettingForm => (entry ? settingFormOf(entry) : EMPTY_SETTING),
    check: (form: SettingForm) => checkSetting(form, list),
    send: (body) => saveSetting(list, body, entry),
    saved: t('catalog.settings.saved'),
    onClose,
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
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => <FormDialogFooter close={close} saving={saving} />}
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
