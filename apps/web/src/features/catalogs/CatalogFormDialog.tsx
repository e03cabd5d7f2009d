import {
  PROCUREMENTS,
  type CatalogItemRecord,
  type CatalogType,
  type PrescriptionSetting,
  type PrescriptionSettingList,
} from '@clinic/domain';
import { Checkbox, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { saveCatalogItem, useSettingList, useWhitelistPage } from './catalog-api.ts';
import { ComboItemsEditor } from './ComboItemsEditor.tsx';
import {
  catalogFormOf,
  checkCatalogItem,
  comboRowsTotalCents,
  emptyCatalogForm,
  formFieldOf,
  isDispensed,
  type CatalogForm,
} from './catalog-form.ts';
import { centsToDollars } from './money.ts';
import { FormDialogFooter, useCatalogForm } from './FormDialogParts.tsx';
import '../../i18n/catalogs/index.ts';

/** A list's active entries as choices, and the value held even if it is no longer active. */
function choicesOf(entries: readonly PrescriptionSetting[], held: string | null) {
  return entries
    .filter((entry) => entry.isActive || entry.code === held)
    .map((entry) => ({ value: entry.code, label: `${entry.code} - ${entry.description}` }));
}

/** A settings list's choices for a field holding `value`. */
function useChoices(list: PrescriptionSettingList, enabled: boolean) {
  const entries = useSettingList(list, enabled).data ?? [];
  return (value: string | null) => choicesOf(entries, value);
}

/** The form's pickers of codes. */
type PickField =
  | 'strengthUnit'
  | 'dispensingUnit'
  | 'defaultDoseUnit'
  | 'defaultConsumeMethod'
  | 'defaultFrequency'
  | 'whitelistDrugId';

export interface CatalogFormDialogProps {
  /** The item to edit; null: a new item of `type`. */
  item: CatalogItemRecord | null;
  type: CatalogType;
  onClose: () => void;
}

/**
 * The catalog item form: code, name, category; strength, units and default dosing for
 * medications and vaccines; prices in dollars (sent in cents), procurement, tax, whitelist
 * mapping (medications), barcodes and the active flag. The rules are the server's,
 * checked before sending; the server's own refusals land on their fields.
 */
export function CatalogFormDialog({ item, type, onClose }: CatalogFormDialogProps) {
  const { t } = useTranslation();
  const labels = { sellingPrice: t('catalog.form.sellingPrice'), cost: t('catalog.form.cost') };
  const { values, errors, saving, change, save, text, dirty } = useCatalogForm({
    initial: (): CatalogForm => (item ? catalogFormOf(item) : emptyCatalogForm(type)),
    check: (form: CatalogForm) => checkCatalogItem(form, labels),
    send: (body) => saveCatalogItem(body, item),
    saved: t('catalog.saved'),
    onClose,
    fieldOf: formFieldOf,
  });
  const dispensed = isDispensed(values.type);
  const units = useChoices('unitMeasurement', dispensed);
  const methods = useChoices('consumeMethod', dispensed);
  const frequencies = useChoices('frequency', dispensed);
  const whitelist = useWhitelistPage('', 1, 999, values.type === 'Med').data?.items ?? [];

  const pick = (field: PickField, data: { value: string; label: string }[]) => ({
    data,
    value: values[field],
    onChange: (value: string | null) => change(field, value),
    error: errors[field],
    clearable: true,
    searchable: true,
  });

  return (
    <AppDialog
      title={
        item
          ? t('catalog.form.editTitle', { code: item.code })
          : t('catalog.form.newTitle', { type: t(`catalog.types.${type}`) })
      }
      onClose={onClose}
      size={720}
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => <FormDialogFooter close={close} saving={saving} />}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('catalog.form.code')} withAsterisk {...text('code')} />
          <TextInput label={t('catalog.form.category')} {...text('category')} />
        </SimpleGrid>
        <TextInput label={t('catalog.form.name')} withAsterisk {...text('name')} />
        {dispensed && (
          <>
            <Title order={2} size="h5">
              {t('catalog.form.dosing')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('catalog.form.strength')}
                inputMode="decimal"
                {...text('strength')}
              />
              <Select
                label={t('catalog.form.strengthUnit')}
                {...pick('strengthUnit', units(values.strengthUnit))}
              />
              <Select
                label={t('catalog.form.dispensingUnit')}
                withAsterisk
                {...pick('dispensingUnit', units(values.dispensingUnit))}
              />
              <TextInput
                label={t('catalog.form.defaultDose')}
                inputMode="decimal"
                {...text('defaultDose')}
              />
              <Select
                label={t('catalog.form.defaultDoseUnit')}
                {...pick('defaultDoseUnit', units(values.defaultDoseUnit))}
              />
              <Select
                label={t('catalog.form.defaultConsumeMethod')}
                {...pick('defaultConsumeMethod', methods(values.defaultConsumeMethod))}
              />
              <Select
                label={t('catalog.form.defaultFrequency')}
                {...pick('defaultFrequency', frequencies(values.defaultFrequency))}
              />
              <TextInput
                label={t('catalog.form.defaultDurationDays')}
                inputMode="numeric"
                {...text('defaultDurationDays')}
              />
            </SimpleGrid>
            <Textarea
              label={t('catalog.form.defaultInstructions')}
              rows={2}
              {...text('defaultInstructions')}
            />
          </>
        )}
        <Title order={2} size="h5">
          {t('catalog.form.prices')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('catalog.form.sellingPrice')}
            description={
              values.type === 'Combo'
                ? t('catalog.combo.itemsTotal', {
                    amount: centsToDollars(comboRowsTotalCents(values.components)),
                  })
                : undefined
            }
            withAsterisk
            inputMode="decimal"
            {...text('sellingPrice')}
          />
          <TextInput label={t('catalog.form.cost')} inputMode="decimal" {...text('cost')} />
          <Select
            label={t('catalog.form.procurement')}
            data={PROCUREMENTS.map((value) => ({ value, label: value }))}
            value={values.procurement}
            onChange={(value) => change('procurement', value)}
            error={errors.procurement}
            clearable
          />
          <TextInput
            label={t('catalog.form.taxPercent')}
            inputMode="decimal"
            {...text('taxPercent')}
          />
        </SimpleGrid>
        {values.type === 'Med' && (
          <Select
            label={t('catalog.form.whitelistDrug')}
            {...pick(
              'whitelistDrugId',
              whitelist
                .filter((drug) => drug.isActive || drug.id === values.whitelistDrugId)
                .map((drug) => ({
                  value: drug.id,
                  label: `${drug.brandDrugSDD} - ${drug.brandDrugName}`,
                })),
            )}
          />
        )}
        {values.type === 'Combo' && (
          <ComboItemsEditor
            rows={values.components}
            onChange={(rows) => change('components', rows)}
            comboId={item?.id ?? null}
            errors={errors}
          />
        )}
        <Textarea
          label={t('catalog.form.upcCodes')}
          description={t('catalog.form.upcHint')}
          rows={2}
          {...text('upcCodes')}
        />
        <Checkbox
          label={t('catalog.form.isActive')}
          checked={values.isActive}
          onChange={(event) => change('isActive', event.currentTarget.checked)}
        />
      </Stack>
    </AppDialog>
  );
}
