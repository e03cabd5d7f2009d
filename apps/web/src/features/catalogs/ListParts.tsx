import { ActionIcon, Badge, Button, Group, Text, TextInput, Title } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconPencil,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { downloadCsv } from './csv.ts';
import '../../i18n/catalogs/index.ts';

/** Previous and next page, and where the list is. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group gap="xs" justify="flex-end">
      <Text size="sm" c="dimmed">
        {t('catalog.total', { count: total })}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={t('catalog.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      <Text size="sm">{t('catalog.pageOf', { page, pages })}</Text>
      <ActionIcon
        variant="default"
        aria-label={t('catalog.next')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** Builds the list's CSV (reading what it needs) and saves it as `fileName`. */
export function ExportButton({
  fileName,
  build,
}: {
  fileName: string;
  build: () => Promise<{ csv: string; rows: number }>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { csv, rows } = await build();
      downloadCsv(fileName, csv);
      snackbar.success(t('catalog.exported', { count: rows }));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void run()}
    >
      {t('catalog.export')}
    </Button>
  );
}

/** The export's file name: the list and the day, e.g. 'medications-2026-11-25.csv'. */
export function exportName(list: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${list}-${day}.csv`;
}

/** A list page's heading, with its actions (export, add) on the right. */
export function ListHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** The button that opens the form for a new entry. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The search box by code or name (the caller goes back to the first page on a change). */
export function SearchInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('catalog.search')}
      placeholder={t('catalog.searchHint')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={260}
    />
  );
}

/** Active or inactive, as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'}>
      {active ? t('catalog.active') : t('catalog.inactive')}
    </Badge>
  );
}

/** A row's edit and delete buttons, each shown only when given (when the user may). */
export function RowActions({
  name,
  onEdit,
  onRemove,
}: {
  /** How the row is named to a screen reader: 'Edit {name}'. */
  name: string;
  onEdit?: (() => void) | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t('catalog.editOne', { name })}
          data-primary-action
          onClick={onEdit}
        >
          {t('catalog.edit')}
        </Button>
      )}
      {onRemove && <RemoveRowButton label={t('catalog.removeOne', { name })} onClick={onRemove} />}
    </Group>
  );
}

/** Under the table: loading, or `none` when the list answered no rows. */
export function ListStatus({
  pending,
  empty,
  none,
}: {
  pending: boolean;
  empty: boolean;
  none: string;
}) {
  const { t } = useTranslation();
  if (pending) return <Text c="dimmed">{t('catalog.loading')}</Text>;
  return empty ? <Text c="dimmed">{none}</Text> : null;
}
