import type { QueueEntry, QueueStatusOption } from '@clinic/domain';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.tsx';
import { CellSelect } from '../../../components/CellSelect.tsx';
import { queueRequests } from '../queue-api.ts';
import { useQueueAction } from '../use-queue-action.ts';

/** The row's status, chosen from the clinic's list; the colour travels with it. */
export function StatusCell({
  entry,
  statuses,
}: {
  entry: QueueEntry;
  statuses: readonly QueueStatusOption[];
}) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const [shown, setShown] = useState(entry.status);
  const canUpdate = useCan('queue:update');
  const colourOf = (code: string) => statuses.find((status) => status.code === code)?.color;
  // The entry's own status stays choosable even when the clinic no longer lists it.
  const codes = statuses.some((status) => status.code === entry.status)
    ? statuses.map((status) => status.code)
    : [entry.status, ...statuses.map((status) => status.code)];

  async function change(code: string | null) {
    const status = statuses.find((option) => option.code === code);
    if (!status || status.code === shown) return;
    setShown(status.code);
    if (!(await run(() => queueRequests.status(entry, status), 'update'))) setShown(entry.status);
  }

  // A role that may not change the queue sees the status only.
  if (!canUpdate) {
    return (
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={colourOf(entry.status) ?? entry.color} size={12} />
        <Text size="sm">{entry.status}</Text>
      </Group>
    );
  }

  return (
    <CellSelect
      aria-label={t('queue.statusOf', { queueNum: entry.queueNum })}
      data={codes}
      value={shown}
      onChange={(code) => void change(code)}
      allowDeselect={false}
      leftSection={<ColorSwatch color={colourOf(shown) ?? entry.color} size={12} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={colourOf(option.value) ?? entry.color} size={12} />
          <span>{option.value}</span>
        </Group>
      )}
    />
  );
}
