import {
  purchaseActions,
  SEARCH_DEBOUNCE_MS,
  type CatalogOption,
  type Purchase,
  type PurchaseCreateBody,
  type Vendor,
} from '@clinic/domain';
import {
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { money } from './parts.tsx';
import {
  checkOrder,
  EMPTY_ORDER,
  editorTotals,
  valuesOf,
  withItem,
  type EditorLine,
  type OrderValues,
  type Problems,
} from './purchase-form.ts';
import { useStockedOptions } from './purchasing-api.ts';

export interface PurchaseEditorProps {
  /** The saved order; null for a new one. */
  order: Purchase | null;
  vendors: readonly Vendor[];
  mayEdit: boolean;
  /** Saves the body (creates or updates); a refusal with field errors is shown on the fields. */
  onSave: (body: PurchaseCreateBody) => Promise<unknown>;
}

/** The catalog picker: medicines and vaccines by name or code (`GET /catalogs/options`). */
function ItemPicker({ onPick }: { onPick: (option: CatalogOption) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS / 2);
  const options = useStockedOptions(keyword);
  const found = options.data ?? [];
  const data = found.map((option) => ({
    value: option.id,
    label: `${option.code} ${option.name}`,
  }));
  return (
    <Select
      label={t('purchasing.fields.addItem')}
      placeholder={t('purchasing.fields.addItemPlaceholder')}
      searchable
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(value) => {
        if (!value) return;
        const option = found.find((item) => item.id === value);
        if (option) onPick(option);
        setSearch('');
      }}
      nothingFoundMessage={options.isFetching ? t('purchasing.loading') : undefined}
      maw={480}
    />
  );
}

/**
 * The purchase order editor (doc 3 section 2.4 `purchases/{purchaseId}`): supplier, order
 * details and the lines (item, quantity, unit cost in dollars, tax percent: blank takes
 * the item's own rate), with live totals in cents. Editable only as a draft.
 */
export function PurchaseEditor({ order, vendors, mayEdit, onSave }: PurchaseEditorProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<OrderValues>(order ? valuesOf(order) : EMPTY_ORDER);
  const [problems, setProblems] = useState<Problems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const editable = mayEdit && (order === null || purchaseActions(order.status, order).edit);
  const totals = editorTotals(values);

  function change(next: OrderValues) {
    setValues(next);
    setServerErrors({});
    if (checked) {
      const result = checkOrder(next);
      setProblems(result.ok ? {} : result.problems);
    }
  }
  const setLine = (index: number, patch: Partial<EditorLine>) =>
    change({
      ...values,
      lines: values.lines.map((line, at) => (at === index ? { ...line, ...patch } : line)),
    });
  const error = (path: string) =>
    serverErrors[path] ?? (problems[path] ? t(problems[path] as TextKey) : undefined);

  async function save() {
    setChecked(true);
    const result = checkOrder(values);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      await onSave(result.body);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0) {
        setServerErrors(
          Object.fromEntries(
            failure.errors.map((problem) => [
              problem.field.replace(/unitCostCents$/, 'unitCost'),
              problem.message,
            ]),
          ),
        );
      } else throw failure;
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Select
          label={t('purchasing.fields.supplier')}
          required
          searchable
          disabled={!editable}
          data={vendors.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
          value={values.supplierId}
          onChange={(value) => change({ ...values, supplierId: value })}
          error={error('supplierId')}
        />
        <TextInput
          type="date"
          label={t('purchasing.fields.orderDate')}
          disabled={!editable}
          value={values.orderDate}
          onChange={(event) => change({ ...values, orderDate: event.currentTarget.value })}
          error={error('orderDate')}
        />
        <TextInput
          label={t('purchasing.fields.supplierPo')}
          disabled={!editable}
          value={values.supplierPo}
          onChange={(event) => change({ ...values, supplierPo: event.currentTarget.value })}
          error={error('supplierPo')}
        />
        <TextInput
          label={t('purchasing.fields.terms')}
          disabled={!editable}
          value={values.terms}
          onChange={(event) => change({ ...values, terms: event.currentTarget.value })}
          error={error('terms')}
        />
        <Textarea
          label={t('purchasing.fields.remark')}
          disabled={!editable}
          rows={1}
          value={values.remark}
          onChange={(event) => change({ ...values, remark: event.currentTarget.value })}
          error={error('remark')}
        />
      </SimpleGrid>
      {editable && <ItemPicker onPick={(option) => change(withItem(values, option))} />}
      <DataTable
        aria-label={t('purchasing.detailsTitle', { number: order?.purchaseNo ?? '' })}
        minWidth={760}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchasing.cols.item')}</Table.Th>
            <Table.Th>{t('purchasing.cols.unit')}</Table.Th>
            <Table.Th>{t('purchasing.cols.quantity')}</Table.Th>
            <Table.Th>{t('purchasing.cols.unitCost')}</Table.Th>
            <Table.Th>{t('purchasing.cols.tax')}</Table.Th>
            {order && !editable && <Table.Th ta="right">{t('purchasing.cols.received')}</Table.Th>}
            <Table.Th ta="right">{t('purchasing.cols.subtotal')}</Table.Th>
            {editable && <ActionTh>{t('purchasing.cols.actions')}</ActionTh>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {values.lines.map((line, index) => {
            const saved = order?.lines.find((row) => row.itemId === line.itemId);
            const cents = editorTotals({ ...values, lines: [line] }).subtotalCents;
            return (
              <Table.Tr key={line.itemId}>
                <Table.Td>
                  {line.itemCode} {line.itemName}
                </Table.Td>
                <Table.Td>{line.unit}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchasing.quantityOf', { name: line.itemName })}
                    inputMode="numeric"
                    readOnly={!editable}
                    value={line.quantity}
                    onChange={(event) => setLine(index, { quantity: event.currentTarget.value })}
                    error={error(`lines.${index}.quantity`)}
                    w={110}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchasing.unitCostOf', { name: line.itemName })}
                    inputMode="decimal"
                    readOnly={!editable}
                    value={line.unitCost}
                    onChange={(event) => setLine(index, { unitCost: event.currentTarget.value })}
                    error={error(`lines.${index}.unitCost`)}
                    w={120}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchasing.taxOf', { name: line.itemName })}
                    inputMode="decimal"
                    readOnly={!editable}
                    value={line.taxPercent}
                    onChange={(event) => setLine(index, { taxPercent: event.currentTarget.value })}
                    error={error(`lines.${index}.taxPercent`)}
                    w={90}
                  />
                </Table.Td>
                {order && !editable && (
                  <Table.Td ta="right">
                    {saved?.receivedQuantity ?? 0} / {saved?.quantity ?? line.quantity}
                  </Table.Td>
                )}
                <Table.Td ta="right">
                  {money(saved && !editable ? saved.subtotalCents : cents)}
                </Table.Td>
                {editable && (
                  <ActionTd>
                    <RemoveRowButton
                      label={t('purchasing.removeLine', { name: line.itemName })}
                      onClick={() =>
                        change({ ...values, lines: values.lines.filter((_, at) => at !== index) })
                      }
                    />
                  </ActionTd>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </DataTable>
      {values.lines.length === 0 && <Text c="dimmed">{t('purchasing.noLines')}</Text>}
      <Stack gap={2} align="flex-end" aria-live="polite">
        <Text>
          {t('purchasing.totals.subtotal')}:{' '}
          {money(order && !editable ? order.subtotalCents : totals.subtotalCents)}
        </Text>
        <Text>
          {t('purchasing.totals.tax')}:{' '}
          {money(order && !editable ? order.taxCents : totals.taxCents)}
        </Text>
        <Text fw={700} data-testid="grand-total">
          {t('purchasing.totals.grandTotal')}:{' '}
          {money(order && !editable ? order.grandTotalCents : totals.grandTotalCents)}
        </Text>
      </Stack>
      {editable && (
        <Group justify="flex-end">
          <Button loading={saving} onClick={() => void save()}>
            {order ? t('purchasing.save') : t('purchasing.create')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
