import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import {
  createRequisition,
  refreshCounts,
  useRequisitionBranches,
  useStockCatalog,
} from './counts-api.ts';
import { parseCount } from './count-sheet.ts';
import '../../i18n/inventory-counts/index.ts';

interface Choice {
  value: string;
  label: string;
}

interface LineDraft {
  key: number;
  item: Choice | null;
  quantity: string;
}

/** A medicine or vaccine of the catalog, searched by code or name as it is typed. */
function ItemPicker({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: Choice | null;
  error: string | undefined;
  onChange: (choice: Choice | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const options = useStockCatalog(keyword === value?.label ? '' : keyword);
  const found = (options.data ?? []).map((option) => ({
    value: option.id,
    label: `${option.code} ${option.name}`,
  }));
  const data =
    value && !found.some((option) => option.value === value.value) ? [value, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={t('counts.requisition.form.itemSearch')}
      data={data}
      value={value?.value ?? null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(id) => onChange(data.find((option) => option.value === id) ?? null)}
      error={error}
      allowDeselect={false}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}

let nextKey = 1;
const emptyLine = (): LineDraft => ({ key: nextKey++, item: null, quantity: '1' });

/** Asks another branch of the clinic for items and quantities. */
export function NewRequisitionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { branchId } = useBranch();
  const branches = useRequisitionBranches(branchId);
  const [supplier, setSupplier] = useState<string | null>(null);
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  function change(index: number, line: Partial<LineDraft>) {
    setLines((current) => current.map((old, at) => (at === index ? { ...old, ...line } : old)));
  }

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!supplier) found.supplyingBranchId = t('counts.requisition.form.chooseBranch');
    lines.forEach((line, index) => {
      if (!line.item) found[`lines.${index}.itemId`] = t('counts.requisition.form.chooseItem');
      const quantity = parseCount(line.quantity);
      if (!quantity) found[`lines.${index}.quantity`] = t('counts.requisition.form.quantityWhole');
    });
    return found;
  }

  async function send() {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !supplier) return;
    setSaving(true);
    try {
      const sent = await createRequisition({
        supplyingBranchId: supplier,
        lines: lines.map((line) => ({ itemId: line.item!.value, quantity: Number(line.quantity) })),
        remark,
      });
      snackbar.success(t('counts.requisition.form.sent', { number: sent.number }));
      onClose();
      void refreshCounts(queryClient);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0) {
        setErrors(Object.fromEntries(failure.errors.map((e) => [e.field, e.message])));
      } else alertFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title={t('counts.requisition.form.title')}
      onClose={onClose}
      size={640}
      dirty={supplier !== null || remark !== '' || lines.some((line) => line.item !== null)}
      onSubmit={() => void send()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('counts.requisition.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('counts.requisition.form.send')}
          </Button>
        </Group>
      )}
    >
      <Stack>
        <Select
          label={t('counts.requisition.form.branch')}
          data={(branches.data?.items ?? []).map((branch) => ({
            value: branch.id,
            label: `${branch.code} ${branch.name}`,
          }))}
          value={supplier}
          onChange={setSupplier}
          error={errors.supplyingBranchId}
          withAsterisk
          allowDeselect={false}
        />
        {lines.map((line, index) => (
          <Group key={line.key} align="flex-start" wrap="wrap" gap="xs">
            <ItemPicker
              label={`${t('counts.requisition.form.item')} ${index + 1}`}
              value={line.item}
              error={errors[`lines.${index}.itemId`]}
              onChange={(item) => change(index, { item })}
            />
            <TextInput
              label={t('counts.requisition.form.quantity')}
              inputMode="numeric"
              w={110}
              value={line.quantity}
              error={errors[`lines.${index}.quantity`]}
              onChange={(event) => change(index, { quantity: event.currentTarget.value })}
            />
            {lines.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={28}
                aria-label={t('counts.requisition.form.removeLine', { line: index + 1 })}
                onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {errors.lines && <span role="alert">{errors.lines}</span>}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setLines((current) => [...current, emptyLine()])}
          >
            {t('counts.requisition.form.addLine')}
          </Button>
        </Group>
        <TextInput
          label={t('counts.requisition.form.remark')}
          value={remark}
          maxLength={200}
          onChange={(event) => setRemark(event.currentTarget.value)}
        />
      </Stack>
    </AppDialog>
  );
}
