import {
  companyDueDate,
  isBillableItemType,
  ROUNDING_MODES,
  type CatalogOption,
  type CompanyOption,
  type CompanyRecord,
  type Invoice,
  type TaxOptionItem,
} from '@clinic/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { DateField } from '../../components/DateField.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { i18n } from '../../i18n/index.ts';
import {
  draftBody,
  draftValues,
  formFieldOf,
  type DraftValues,
  type InvoiceUpdateBody,
} from './invoice-form.ts';
import { money } from './parts.tsx';
import { showsSubsidy, SubsidyHeading, VisitKindSelect } from '../subsidies/InvoiceSubsidy.tsx';
import '../../i18n/billing/index.ts';

export interface DraftEditorProps {
  invoice: Invoice;
  taxOptions: readonly TaxOptionItem[];
  /**
   * Sends the body: the saved invoice, or null when refused (shown by the caller); rejects
   * with a 400 whose field messages go to the form.
   */
  onSave: (body: InvoiceUpdateBody) => Promise<Invoice | null>;
  /** Finalises the invoice at `version` (saved first when changed). */
  onFinalise: (version: number) => Promise<void>;
  /** The clinic's active companies (the bill-to picker). */
  companies?: readonly CompanyOption[];
  /** One company's bill-to block and credit terms. */
  loadCompany?: (id: string) => Promise<CompanyRecord>;
  /** Catalog items matching a keyword (services, investigations and vaccines are offered). */
  findItems?: (keyword: string) => Promise<CatalogOption[]>;
}

/** Lines added or removed with a save (the rest of the body is the form's). */
interface LineChange {
  addLines?: Array<{ catalogItemId: string; quantity: number }>;
  removeLineIds?: string[];
}

/** Offers the catalog's services, investigations and vaccines as the desk types (2 letters on). */
function ServicePicker({
  findItems,
  onPick,
  disabled,
}: {
  findItems: (keyword: string) => Promise<CatalogOption[]>;
  onPick: (itemId: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [found, setFound] = useState<CatalogOption[]>([]);
  const [search, setSearch] = useState('');
  async function searchFor(keyword: string) {
    setSearch(keyword);
    if (keyword.trim().length < 2) return;
    const items = await findItems(keyword.trim()).catch(() => []);
    setFound(items.filter((item) => isBillableItemType(item.type)));
  }
  return (
    <Select
      label={t('billing.addService')}
      placeholder={t('billing.addServiceHint')}
      searchable
      clearable
      value={null}
      searchValue={search}
      onSearchChange={(keyword) => void searchFor(keyword)}
      filter={({ options }) => options}
      nothingFoundMessage={search.trim().length >= 2 ? t('billing.noService') : undefined}
      data={found.map((item) => ({
        value: item.id,
        label: `${item.code} ${item.name} (${money(item.priceCents)})`,
      }))}
      onChange={(value) => {
        if (!value) return;
        setSearch('');
        onPick(value);
      }}
      disabled={disabled}
      maw={480}
    />
  );
}

const ROUNDING_NAMES = Object.keys(ROUNDING_MODES) as Array<keyof typeof ROUNDING_MODES>;

function validate(defaultTax: string | null) {
  return (values: DraftValues): FormErrors => {
    const checked = draftBody(values, 0, defaultTax);
    if (checked.ok) return {};
    return Object.fromEntries(
      Object.entries(checked.problems).map(([path, key]) => [path, i18n.t(key)]),
    );
  };
}

function DiscountKindSelect({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: 'amount' | 'percent') => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value === 'percent' ? 'percent' : 'amount')}
      data={[
        { value: 'amount', label: t('billing.discountKind.amount') },
        { value: 'percent', label: t('billing.discountKind.percent') },
      ]}
      w={64}
    />
  );
}

/**
 * A draft invoice's form: each line's quantity, unit price (dollars) and discount (dollars
 * or percent); the invoice's discount, rounding, tax option, bill-to, remarks and due
 * date. Save sends the changes with the version read; the figures shown are the server's,
 * of what was saved. Finalise saves first when something was changed.
 */
export function DraftEditor({
  invoice,
  taxOptions,
  onSave,
  onFinalise,
  companies = [],
  loadCompany,
  findItems,
}: DraftEditorProps) {
  const { t } = useTranslation();
  const defaultTax = taxOptions[0]?.code ?? null;
  const { form, check } = useCheckedForm<DraftValues>({
    initialValues: draftValues(invoice),
    validate: validate(defaultTax),
  });
  const [busy, setBusy] = useState<'save' | 'finalise' | null>(null);
  const values = form.getValues();

  /** Saves (with lines added or removed); the version to go on with, or null when nothing was saved. */
  async function save(change: LineChange = {}): Promise<number | null> {
    if (!check()) return null;
    const checked = draftBody(form.getValues(), invoice.version, defaultTax);
    if (!checked.ok) return null;
    const removed = new Set(change.removeLineIds ?? []);
    const body = {
      ...checked.body,
      lineEdits: (checked.body.lineEdits ?? []).filter((edit) => !removed.has(edit.id)),
      ...change,
    };
    try {
      const saved = await onSave(body);
      return saved ? saved.version : null;
    } catch (failure) {
      showServerErrors(failure);
      return null;
    }
  }

  /** The server's field messages on their fields; any other refusal in an alert. */
  function showServerErrors(failure: unknown) {
    const errors = failure instanceof ApiError ? failure.errors : [];
    const placed = errors.flatMap((error) => {
      const field = formFieldOf(error.field);
      return field ? [[field, error.message] as const] : [];
    });
    if (placed.length === 0) {
      alertFailure(failure);
      return;
    }
    form.setErrors(Object.fromEntries(placed));
  }

  async function run(kind: 'save' | 'finalise', change?: LineChange) {
    setBusy(kind);
    try {
      if (kind === 'save') {
        await save(change);
      } else {
        const version = form.isDirty() ? await save() : invoice.version;
        if (version !== null) await onFinalise(version);
      }
    } finally {
      setBusy(null);
    }
  }

  /** Fills the bill-to block from the company picked, and its due date when none is set. */
  async function pickCompany(id: string | null) {
    form.setFieldValue('billToCompanyId', id);
    if (!id || !loadCompany) return;
    try {
      const company = await loadCompany(id);
      form.setFieldValue('billToName', company.name);
      form.setFieldValue('billToAddress', company.address ?? '');
      if (!form.getValues().dueDate) {
        form.setFieldValue('dueDate', companyDueDate(invoice.invoiceDate, company.creditTermsDays));
      }
    } catch (failure) {
      alertFailure(failure);
    }
  }

  const lineOf = (id: string) => invoice.lines.find((line) => line.id === id);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void run('save');
      }}
    >
      <Stack gap="md">
        {values.lines.length === 0 ? (
          <Text c="dimmed">{t('billing.lines.none')}</Text>
        ) : (
          <DataTable aria-label={t('billing.lines.label')} minWidth={880}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.lines.code')}</Table.Th>
                <Table.Th>{t('billing.lines.name')}</Table.Th>
                <Table.Th>{t('billing.lines.quantity')}</Table.Th>
                <Table.Th>{t('billing.lines.unit')}</Table.Th>
                <Table.Th>{t('billing.lines.unitPrice')}</Table.Th>
                <Table.Th>{t('billing.lines.discount')}</Table.Th>
                <Table.Th ta="right">{t('billing.lines.tax')}</Table.Th>
                <Table.Th ta="right">{t('billing.lines.amount')}</Table.Th>
                {showsSubsidy(invoice) && (
                  <Table.Th ta="right">
                    <SubsidyHeading />
                  </Table.Th>
                )}
                <Table.Th>
                  <VisuallyHidden>{t('billing.lines.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.lines.map((line, index) => {
                const saved = lineOf(line.id);
                const name = saved?.name ?? '';
                return (
                  <Table.Tr key={line.id} data-testid="invoice-line">
                    <Table.Td>{saved?.code}</Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('billing.lines.quantityOf', { name })}
                        inputMode="numeric"
                        w={88}
                        {...form.getInputProps(`lines.${index}.quantity`)}
                      />
                    </Table.Td>
                    <Table.Td>{saved?.unit ?? ''}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('billing.lines.unitPriceOf', { name })}
                        inputMode="decimal"
                        w={104}
                        {...form.getInputProps(`lines.${index}.unitPrice`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        <DiscountKindSelect
                          label={t('billing.lines.discountKindOf', { name })}
                          value={line.discountKind}
                          onChange={(kind) =>
                            form.setFieldValue(`lines.${index}.discountKind`, kind)
                          }
                        />
                        <TextInput
                          aria-label={t('billing.lines.discountOf', { name })}
                          inputMode="decimal"
                          w={88}
                          {...form.getInputProps(`lines.${index}.discount`)}
                        />
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{saved ? money(saved.taxCents) : ''}</Table.Td>
                    <Table.Td ta="right">{saved ? money(saved.subtotalCents) : ''}</Table.Td>
                    {showsSubsidy(invoice) && (
                      <Table.Td ta="right" data-testid="line-subsidy">
                        {saved ? money(saved.subsidyCents) : ''}
                      </Table.Td>
                    )}
                    <Table.Td>
                      {saved && saved.prescriptionId === null && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('billing.lines.removeOf', { name })}
                          disabled={busy !== null}
                          onClick={() => void run('save', { removeLineIds: [line.id] })}
                        >
                          ×
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </DataTable>
        )}
        {findItems && (
          <ServicePicker
            findItems={findItems}
            disabled={busy !== null}
            onPick={(catalogItemId) =>
              void run('save', { addLines: [{ catalogItemId, quantity: 1 }] })
            }
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Group gap={4} wrap="nowrap" align="flex-end">
            <DiscountKindSelect
              label={t('billing.invoiceDiscountKind')}
              value={values.discountKind}
              onChange={(kind) => form.setFieldValue('discountKind', kind)}
            />
            <TextInput
              label={t('billing.invoiceDiscount')}
              inputMode="decimal"
              style={{ flex: 1 }}
              {...form.getInputProps('discount')}
            />
          </Group>
          <NativeSelect
            label={t('billing.roundingMode')}
            data={ROUNDING_NAMES.map((mode) => ({
              value: mode,
              label: t(`billing.rounding.${mode}`),
            }))}
            {...form.getInputProps('roundingMode')}
          />
          <NativeSelect
            label={t('billing.taxOption')}
            value={values.taxOptionCode ?? defaultTax ?? ''}
            onChange={(event) => form.setFieldValue('taxOptionCode', event.currentTarget.value)}
            error={form.errors.taxOptionCode}
            data={taxOptions.map((option) => ({ value: option.code, label: option.name }))}
          />
          <DateField
            label={t('billing.dueDate')}
            value={values.dueDate}
            onChange={(value) => form.setFieldValue('dueDate', value)}
            error={form.errors.dueDate}
          />
          <VisitKindSelect
            patientId={invoice.patient.id}
            value={values.subsidyVisitKind}
            onChange={(kind) => form.setFieldValue('subsidyVisitKind', kind)}
          />
        </SimpleGrid>
        <Checkbox
          label={t('billing.billToCompany')}
          {...form.getInputProps('billToCompany', { type: 'checkbox' })}
        />
        {values.billToCompany && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {companies.length > 0 && (
              <Select
                label={t('billing.billToCompanyPick')}
                placeholder={t('billing.billToCompanyNone')}
                searchable
                clearable
                value={values.billToCompanyId}
                onChange={(id) => void pickCompany(id)}
                error={form.errors.billToCompanyId}
                data={companies.map((company) => ({
                  value: company.id,
                  label: `${company.name} (${company.code})`,
                }))}
              />
            )}
            <TextInput label={t('billing.billToName')} {...form.getInputProps('billToName')} />
            <Textarea
              label={t('billing.billToAddress')}
              rows={2}
              {...form.getInputProps('billToAddress')}
            />
          </SimpleGrid>
        )}
        <Textarea label={t('billing.remarks')} rows={2} {...form.getInputProps('remarks')} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {form.isDirty() ? t('billing.unsaved') : ''}
          </Text>
          <Group gap="xs">
            <Button
              type="submit"
              variant="default"
              loading={busy === 'save'}
              disabled={busy !== null}
            >
              {t('billing.save')}
            </Button>
            <Button
              loading={busy === 'finalise'}
              disabled={busy !== null}
              onClick={() => void run('finalise')}
            >
              {t('billing.finalise')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
