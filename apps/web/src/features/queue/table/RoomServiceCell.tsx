import type { QueueEntry, RoomServiceOption } from '@clinic/domain';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.tsx';
import { CellSelect } from '../../../components/CellSelect.tsx';
import { queueRequests } from '../queue-api.ts';
import { useQueueAction } from '../use-queue-action.ts';

/** Sends the row to an active room service; the server puts its status back to Pending. */
export function RoomServiceCell({
  entry,
  roomServices,
}: {
  entry: QueueEntry;
  roomServices: readonly RoomServiceOption[];
}) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const [shown, setShown] = useState(entry.roomService);
  const canUpdate = useCan('queue:update');
  const names = roomServices.map((service) => service.name);
  if (entry.roomService && !names.includes(entry.roomService)) names.unshift(entry.roomService);

  async function change(name: string | null) {
    if (!name || name === shown) return;
    setShown(name);
    if (!(await run(() => queueRequests.roomService(entry, name), 'update'))) {
      setShown(entry.roomService);
    }
  }

  // A role that may not change the queue sees the room service only.
  if (!canUpdate) return <Text size="sm">{entry.roomService}</Text>;

  return (
    <CellSelect
      aria-label={t('queue.roomServiceOf', { queueNum: entry.queueNum })}
      data={names}
      value={shown}
      onChange={(name) => void change(name)}
      allowDeselect={false}
      disabled={roomServices.length === 0}
      placeholder={roomServices.length === 0 ? t('queue.noRoomServices') : undefined}
    />
  );
}
