import type { TallySheet } from '@clinic/domain';
import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { openTally, refreshCounts, useStockedItems } from './counts-api.ts';
import '../../i18n/inventory-counts/index.ts';

/** Opens a count sheet of every stocked item, or of the items chosen. */
export function NewTallyDialog({
  onClose,
  onOpened,
}: {
  onClose: () => void;
  onOpened: (sheet: TallySheet) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { branchId } = useBranch();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Array<{ value: string; label: string }>>([]);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const stocked = useStockedItems(branchId, keyword);
  const found = (stocked.data?.items ?? []).map((item) => ({
    value: item.itemId,
    label: `${item.code} ${item.name}`,
  }));
  const options = [
    ...chosen,
    ...found.filter((option) => !chosen.some((c) => c.value === option.value)),
  ];

  async function open() {
    setSaving(true);
    try {
      const sheet = await openTally(
        chosen.map((option) => option.value),
        remark,
      );
      snackbar.success(t('counts.tally.form.opened', { number: sheet.sheet.number }));
      onOpened(sheet);
      void refreshCounts(queryClient);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0) {
        setError(failure.errors.map((problem) => problem.message).join(' '));
      } else alertFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title={t('counts.tally.form.title')}
      onClose={onClose}
      size={560}
      dirty={chosen.length > 0 || remark !== ''}
      onSubmit={() => void open()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('counts.tally.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('counts.tally.form.open')}
          </Button>
        </Group>
      )}
    >
      <Stack>
        <MultiSelect
          label={t('counts.tally.form.items')}
          description={t('counts.tally.form.itemsHint')}
          placeholder={t('counts.tally.form.itemsSearch')}
          data={options}
          value={chosen.map((option) => option.value)}
          onChange={(values) =>
            setChosen(values.map((value) => options.find((option) => option.value === value)!))
          }
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          error={error}
          clearable
          // The listbox scrolls itself (axe: a scroll area is a region without a tab stop).
          withScrollArea={false}
          maxDropdownHeight={240}
        />
        <TextInput
          label={t('counts.tally.form.remark')}
          placeholder={t('counts.tally.form.remarkHint')}
          value={remark}
          maxLength={200}
          onChange={(event) => setRemark(event.currentTarget.value)}
        />
      </Stack>
    </AppDialog>
  );
}
