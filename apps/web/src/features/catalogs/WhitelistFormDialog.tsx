import { WhitelistCreateBody, type WhitelistDrug } from '@clinic/domain';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { checkWith } from '../../components/form/field-errors.ts';
import { saveWhitelistDrug } from './catalog-api.ts';
import { FormDialogFooter, useCatalogForm } from './FormDialogParts.tsx';
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
  const { values, saving, change, save, text, dirty } = useCatalogForm({
    initial: (): WhitelistForm => ({
      brandDrugSDD: drug?.brandDrugSDD ?? '',
      brandDrugName: drug?.brandDrugName ?? '',
      isActive: drug?.isActive ?? true,
    }),
    check: checkWhitelist,
    send: (body) => saveWhitelistDrug(body, drug),
    saved: t('catalog.whitelist.saved'),
    onClose,
  });

  return (
    <AppDialog
      title={
        drug
          ? t('catalog.whitelist.editTitle', { code: drug.brandDrugSDD })
          : t('catalog.whitelist.newTitle')
      }
      onClose={onClose}
      size={520}
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => <FormDialogFooter close={close} saving={saving} />}
    >
      <Stack>
        <TextInput label={t('catalog.whitelist.cols.sdd')} withAsterisk {...text('brandDrugSDD')} />
        <TextInput
          label={t('catalog.whitelist.cols.name')}
          withAsterisk
          {...text('brandDrugName')}
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
