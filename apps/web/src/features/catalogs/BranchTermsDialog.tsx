import { BranchItemBody, type CatalogItemRecord } from '@clinic/domain';
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { checkWith, type Checked } from '../../components/form/field-errors.ts';
import { saveBranchTerms } from './catalog-api.ts';
import { centsToDollars, dollarsToCents } from './catalog-form.ts';
import { FormDialogFooter, useCatalogForm } from './FormDialogParts.tsx';
import '../../i18n/catalogs/index.ts';

/** The branch terms form: the own price in dollars as typed ('' = the clinic's). */
export interface BranchTermsForm {
  ownPrice: string;
  isActive: boolean;
}

const BranchTermsValues = BranchItemBody.omit({ version: true });
type BranchTermsValues = Omit<BranchItemBody, 'version'>;

/** The form's messages (the server's words) or the body to send. */
export function checkBranchTerms(
  values: BranchTermsForm,
  label: string,
): Checked<BranchTermsValues> {
  const price = dollarsToCents(values.ownPrice, label);
  if ('error' in price) return { ok: false, errors: { ownPrice: price.error } };
  return checkWith(BranchTermsValues, {
    sellingPriceCents: price.value,
    isActive: values.isActive,
  });
}

const fieldOf = (field: string) => (field === 'sellingPriceCents' ? 'ownPrice' : field);

/**
 * A branch's terms for a clinic item: its own price (blank: the clinic's) and whether it
 * is available in this branch. Sent with the terms' version (0: none yet); a stale one is
 * refused (409) and said so.
 */
export function BranchTermsDialog({
  item,
  onClose,
}: {
  item: CatalogItemRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = t('catalog.branch.ownPrice');
  const { values, saving, change, save, text, dirty } = useCatalogForm({
    initial: (): BranchTermsForm => ({
      ownPrice:
        item.branch?.sellingPriceCents == null ? '' : centsToDollars(item.branch.sellingPriceCents),
      isActive: item.branch?.isActive ?? true,
    }),
    check: (form: BranchTermsForm) => checkBranchTerms(form, label),
    send: (body) => saveBranchTerms(item, body),
    saved: t('catalog.branch.saved'),
    onClose,
    fieldOf,
  });
  return (
    <AppDialog
      title={t('catalog.branch.title', { code: item.code })}
      onClose={onClose}
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => <FormDialogFooter close={close} saving={saving} />}
    >
      <Stack>
        <Text size="sm">{item.name}</Text>
        <TextInput
          label={label}
          description={t('catalog.branch.ownPriceHint', {
            amount: centsToDollars(item.sellingPriceCents),
          })}
          inputMode="decimal"
          {...text('ownPrice')}
        />
        <Switch
          label={t('catalog.branch.availableHere')}
          checked={values.isActive}
          onChange={(event) => change('isActive', event.currentTarget.checked)}
          disabled={!item.isActive}
        />
      </Stack>
    </AppDialog>
  );
}
