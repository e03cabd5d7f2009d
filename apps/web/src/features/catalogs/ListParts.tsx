import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { snackbar } from '../../components/dialogs.tsx';
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
