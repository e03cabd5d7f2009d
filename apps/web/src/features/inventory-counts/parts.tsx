import { ActionIcon, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { downloadCsv } from '../catalogs/csv.ts';
import { centsToDollars } from '../catalogs/money.ts';
import '../../i18n/inventory-counts/index.ts';

/** Status colours dark enough for white text (see "Accessibility"). */
const STATUS_COLOURS = {
  open: 'blue.9',
  requested: 'blue.9',
  finalised: 'teal.9',
  issued: 'teal.9',
  cancelled: 'gray.7',
  refused: 'red.9',
} as const;

export type CountStatus = keyof typeof STATUS_COLOURS;

export function StatusBadge({ status }: { status: CountStatus }) {
  const { t } = useTranslation();
  return <Badge color={STATUS_COLOURS[status]}>{t(`counts.status.${status}`)}</Badge>;
}

/** Signed money: '-0.75', '+0.80', '0.00'. */
export function signedDollars(cents: number): string {
  return cents > 0 ? `+${centsToDollars(cents)}` : centsToDollars(cents);
}

/** A signed quantity: '-3', '+1', '0'; blank when not counted. */
export function signed(value: number | null): string {
  if (value === null) return '';
  return value > 0 ? `+${value}` : String(value);
}

/** A variance, red when stock is missing and green when more was found. */
export function VarianceText({ value, children }: { value: number | null; children: string }) {
  const colour = value === null || value === 0 ? undefined : value < 0 ? 'red.9' : 'teal.9';
  return (
    <Text span size="sm" c={colour} fw={value ? 600 : undefined}>
      {children}
    </Text>
  );
}

/*
 * The list parts below are the catalog pages' (`catalogs/ListParts.tsx`) with these pages'
 * texts: importing those would load the catalog pages' texts with every stock page.
 */

/** A list page's heading, with its actions on the right. */
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

/** Under a table: loading, or `none` when the list answered no rows. */
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
  if (pending) return <Text c="dimmed">{t('counts.loading')}</Text>;
  return empty ? <Text c="dimmed">{none}</Text> : null;
}

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
        {t('counts.total', { count: total })}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={t('counts.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      <Text size="sm">{t('counts.pageOf', { page, pages })}</Text>
      <ActionIcon
        variant="default"
        aria-label={t('counts.next')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The export's file name: the list and the day, e.g. 'requisitions-2026-11-27.csv'. */
export function exportName(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Builds a CSV (reading what it needs) and saves it as `fileName`. */
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
      snackbar.success(t('counts.exported', { count: rows }));
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
      {t('counts.export')}
    </Button>
  );
}
