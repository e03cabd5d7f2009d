import { SEARCH_DEBOUNCE_MS, type CatalogOption } from '@clinic/domain';
import { Group, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import type { FieldErrors } from '../../components/form/field-errors.ts';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { useCatalogOptions } from './catalog-api.ts';
import type { ComboRow } from './catalog-form.ts';
import { centsToDollars } from './money.ts';
import '../../i18n/catalogs/index.ts';

export interface ComboItemsEditorProps {
  rows: ComboRow[];
  onChange: (rows: ComboRow[]) => void;
  /** The combo being edited (it is not one of its own items); null for a new one. */
  comboId: string | null;
  /** Messages by form field: 'components', 'components.1.quantity'. */
  errors: FieldErrors;
}

/** The items a combo may take: available, not combos, not already in it. */
function pickable(options: CatalogOption[], rows: ComboRow[], comboId: string | null) {
  const taken = new Set(rows.map((row) => row.itemId));
  return options.filter(
    (option) => option.type !== 'Combo' && option.id !== comboId && !taken.has(option.id),
  );
}

/**
 * A combo's items: a picker of the catalog's available non-combo items (by code or name,
 * each once), each item's quantity (1 to 1000) and a remove button. The server checks
 * the same rules again.
 */
export function ComboItemsEditor({ rows, onChange, comboId, errors }: ComboItemsEditorProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = pickable(useCatalogOptions(keyword).data ?? [], rows, comboId);

  function add(id: string | null) {
    const option = options.find((candidate) => candidate.id === id);
    if (!option) return;
    onChange([
      ...rows,
      {
        itemId: option.id,
        code: option.code,
        name: option.name,
        sellingPriceCents: option.priceCents,
        quantity: '1',
      },
    ]);
    setSearch('');
  }

  const setQuantity = (index: number, quantity: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, quantity } : row)));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('catalog.form.components')}
      </Text>
      {rows.length > 0 && (
        <DataTable aria-label={t('catalog.combo.tableLabel')} minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('catalog.cols.code')}</Table.Th>
              <Table.Th>{t('catalog.cols.name')}</Table.Th>
              <Table.Th>{t('catalog.combo.quantity')}</Table.Th>
              <Table.Th ta="right">{t('catalog.combo.unitPrice')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('catalog.cols.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.itemId}>
                <Table.Td>{row.code}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('catalog.combo.quantityOf', { name: row.name })}
                    inputMode="numeric"
                    w={90}
                    value={row.quantity}
                    onChange={(event) => setQuantity(index, event.currentTarget.value)}
                    error={errors[`components.${index}.quantity`]}
                  />
                </Table.Td>
                <Table.Td ta="right">{centsToDollars(row.sellingPriceCents)}</Table.Td>
                <Table.Td>
                  <RemoveRowButton
                    label={t('catalog.combo.removeOne', { name: row.name })}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      <Group align="flex-end">
        <Select
          label={t('catalog.combo.add')}
          placeholder={t('catalog.searchHint')}
          searchable
          data={options.map((option) => ({
            value: option.id,
            label: `${option.code} - ${option.name}`,
          }))}
          value={null}
          onChange={add}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('catalog.combo.nothingFound')}
          error={errors.components}
          w={360}
          maw="100%"
        />
      </Group>
    </Stack>
  );
}
