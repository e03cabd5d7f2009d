import {
  SEARCH_DEBOUNCE_MS,
  formatCents,
  type CatalogOption,
  type UpcOption,
} from '@clinic/domain';
import { Badge, Box, Group, Loader, Popover, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import {
  catalogItem,
  catalogSearchQuery,
  isPrescribable,
  lookupBarcode,
  prescriptionKeys,
  searchCatalog,
} from './prescription-api.ts';
import { isBarcode, type LineItem } from './prescription-form.ts';
import '../../i18n/prescriptions/index.ts';

/** Keywords shorter than this ask nothing (one letter matches half the catalog). */
const MIN_KEYWORD = 2;

/** One row of the list: a catalog item, or an item found by its barcode. */
type PickerOption = { kind: 'item'; item: CatalogOption } | { kind: 'barcode'; barcode: UpcOption };

const searchable = (keyword: string) => keyword.length >= MIN_KEYWORD;

function optionsOf(items: CatalogOption[] | UpcOption[] | undefined, barcode: boolean) {
  if (!items) return [];
  return barcode
    ? (items as UpcOption[]).map((found): PickerOption => ({ kind: 'barcode', barcode: found }))
    : (items as CatalogOption[]).map((item): PickerOption => ({ kind: 'item', item }));
}

export interface DrugPickerProps {
  /** The chosen item (its name shows in the field). */
  value: LineItem | null;
  /** A pick, or null when the doctor types again. */
  onChange: (item: LineItem | null) => void;
  /** Enter on a chosen item with the list closed: the form's save. */
  onSubmit: () => void;
  error?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The drug picker (doc 2 section 3 'Catalogue item option'; issue 12: by name, code or
 * barcode). A combobox: typing searches the catalog's prescribable items (`GET
 * /catalogs/options`, the exact code first); 8 to 14 digits are a barcode (`GET
 * /inventory/upc-codes/options`), as a scanner types them followed by Enter. Up and down
 * move through the list, Enter picks the highlighted row (the first unless moved), Escape
 * closes the list.
 */
export function DrugPicker({ value, onChange, onSubmit, error, inputRef }: DrugPickerProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const client = useQueryClient();
  const listId = useId();
  const [keyword, setKeyword] = useState(value?.name ?? '');
  const [opened, setOpened] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const barcode = isBarcode(debounced);
  const search = useQuery({
    queryKey: barcode
      ? [...prescriptionKeys.catalog(branchId, debounced), 'barcode']
      : prescriptionKeys.catalog(branchId, debounced),
    queryFn: (): Promise<CatalogOption[] | UpcOption[]> =>
      barcode ? lookupBarcode(debounced) : searchCatalog(debounced),
    enabled: Boolean(branchId) && searchable(debounced) && value === null,
    staleTime: 30_000,
  });
  const options = searchable(debounced) ? optionsOf(search.data, barcode) : [];
  const showList = opened && value === null && searchable(keyword.trim());

  const choose = async (option: PickerOption) => {
    setOpened(false);
    let item: LineItem;
    if (option.kind === 'item') item = option.item;
    else {
      const record = await catalogItem(option.barcode.id);
      if (!isPrescribable(record)) {
        setProblem(t('rx.picker.notPrescribable'));
        return;
      }
      item = record;
    }
    setProblem(null);
    setKeyword(item.name);
    onChange(item);
  };

  /** The options of what is typed now, asked at once when the list is not theirs yet. */
  const currentOptions = async (): Promise<PickerOption[]> => {
    const typed = keyword.trim();
    if (typed === debounced && search.data && !search.isFetching) return options;
    if (!searchable(typed)) return [];
    if (isBarcode(typed)) return optionsOf(await lookupBarcode(typed), true);
    return optionsOf(await client.fetchQuery(catalogSearchQuery(branchId, typed)), false);
  };

  const pickOnEnter = async () => {
    const typed = keyword.trim();
    const current = await currentOptions();
    const option = current[typed === debounced ? highlighted : 0] ?? current[0];
    if (option) await choose(option);
    else setProblem(t(searchable(typed) ? 'rx.picker.nothing' : 'rx.picker.noneChosen'));
  };

  const type = (text: string) => {
    setKeyword(text);
    setOpened(true);
    setHighlighted(0);
    setProblem(null);
    if (value) onChange(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpened(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((index) =>
        options.length === 0 ? 0 : (index + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (value && !showList) onSubmit();
      else {
        void pickOnEnter().catch((failure: unknown) =>
          setProblem(failure instanceof Error ? failure.message : String(failure)),
        );
      }
    } else if (event.key === 'Escape' && showList) {
      event.stopPropagation();
      setOpened(false);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <Popover
      opened={showList}
      onChange={setOpened}
      position="bottom-start"
      width="target"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          ref={inputRef}
          label={t('rx.picker.label')}
          placeholder={t('rx.picker.placeholder')}
          value={keyword}
          error={problem ?? error}
          onChange={(event) => type(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpened(false)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" /> : undefined}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && options.length > 0 ? optionId(highlighted) : undefined}
          data-mantine-stop-propagation={showList ? 'true' : undefined}
          data-testid="rx-drug-picker"
        />
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Box
          id={listId}
          role="listbox"
          aria-label={t('rx.picker.results')}
          mah={320}
          style={{ overflowY: 'auto' }}
        >
          {options.map((option, index) => (
            <PickerRow
              key={option.kind === 'item' ? option.item.id : option.barcode.code}
              id={optionId(index)}
              option={option}
              selected={index === highlighted}
              onPick={() => void choose(option)}
            />
          ))}
          {options.length === 0 && search.isSuccess ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('rx.picker.nothing')}
            </Text>
          ) : null}
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}

function PickerRow({
  id,
  option,
  selected,
  onPick,
}: {
  id: string;
  option: PickerOption;
  selected: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const name = option.kind === 'item' ? option.item.name : option.barcode.itemName;
  const detail =
    option.kind === 'item'
      ? `${option.item.code} · ${t('rx.picker.price', {
          amount: formatCents(option.item.priceCents),
          unit: option.item.dispensingUnit ?? '',
        })}`
      : t('rx.picker.barcode', { code: option.barcode.code });
  return (
    <Box
      id={id}
      role="option"
      aria-selected={selected}
      px="xs"
      py={4}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ cursor: 'pointer', borderRadius: 4 }}
      // Keeps the focus in the field, so Enter and Tab go on from there.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {option.kind === 'item' && option.item.type !== 'Med' ? (
          <Badge size="sm" variant="outline">
            {t(`rx.picker.type.${option.item.type}`)}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Box>
  );
}
