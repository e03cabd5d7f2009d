import type { QueueEntry } from '@clinic/domain';
import { Alert, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueEmptyState } from './QueueEmptyState.tsx';
import { useActiveRoomServices, useQueueStatuses, useVisitPurposes } from './queue-api.ts';
import type { QueueColumn } from './queue-columns.ts';
import { matchesQueueFilter } from './queue-format.ts';
import { QueueTable } from './table/QueueTable.tsx';

export interface QueueListPanelProps {
  branchCode: string;
  /** The day's list; undefined while it loads. */
  entries: QueueEntry[] | undefined;
  error: Error | null;
  columns: readonly QueueColumn[];
  onAdd: () => void;
  onRefresh: () => void;
  onPrintQueueLabel: (entry: QueueEntry) => void;
  onPrintPatientLabel: (entry: QueueEntry) => void;
}

/** The Queue list tab: a free-text filter over the day's table. */
export function QueueListPanel({
  branchCode,
  entries,
  error,
  columns,
  onAdd,
  onRefresh,
  onPrintQueueLabel,
  onPrintPatientLabel,
}: QueueListPanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const statuses = useQueueStatuses();
  const visitPurposes = useVisitPurposes();
  const roomServices = useActiveRoomServices();

  if (!entries) {
    if (error) {
      return (
        <Alert color="red" role="alert" title={t('queue.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="default" onClick={onRefresh}>
              {t('queue.toolbar.refresh')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    return (
      <Center py="xl">
        <Loader aria-label={t('dialog.loading')} />
      </Center>
    );
  }
  if (entries.length === 0) return <QueueEmptyState onAdd={onAdd} onRefresh={onRefresh} />;

  const rows = entries.filter((entry) => matchesQueueFilter(entry, filter));
  return (
    <Stack gap="sm">
      <TextInput
        aria-label={t('queue.filter')}
        placeholder={t('queue.filter')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={360}
      />
      {rows.length === 0 ? (
        <Text c="dimmed" py="md">
          {t('queue.noMatch', { filter: filter.trim() })}
        </Text>
      ) : (
        <QueueTable
          branchCode={branchCode}
          columns={columns}
          rows={rows}
          entries={entries}
          statuses={statuses}
          visitPurposes={visitPurposes}
          roomServices={roomServices}
          onPrintQueueLabel={onPrintQueueLabel}
          onPrintPatientLabel={onPrintPatientLabel}
        />
      )}
    </Stack>
  );
}
