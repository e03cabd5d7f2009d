import { QUEUE_MESSAGES, queueNeighbour, type QueueEntry } from '@clinic/domain';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDotsVertical,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PatientLinkItems } from '../../patients/PatientLinkItems.tsx';
import { useCan } from '../../../app/permissions.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { queueRequests } from '../queue-api.ts';
import { useQueueAction } from '../use-queue-action.ts';

export interface QueueRowMenuProps {
  branchCode: string;
  entry: QueueEntry;
  entries: readonly QueueEntry[];
  onPrintPatientLabel: (entry: QueueEntry) => void;
}

/**
 * Move up and down (queue:update), delete (queue:delete), the patient's invoices, payments
 * and details, the patient label (queue:print).
 */
export function QueueRowMenu({
  branchCode,
  entry,
  entries,
  onPrintPatientLabel,
}: QueueRowMenuProps) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const canUpdate = useCan('queue:update');
  const canDelete = useCan('queue:delete');
  const canPrint = useCan('queue:print');
  const above = queueNeighbour(entries, entry.id, 'up');
  const below = queueNeighbour(entries, entry.id, 'down');

  async function remove() {
    const answer = await dialogs.confirm({
      title: t('queue.delete.title'),
      message: t('queue.delete.text', { queueNum: entry.queueNum, name: entry.patientName }),
      okText: t('queue.delete.confirm'),
      input: {
        type: 'textarea',
        label: t('queue.delete.reason'),
        required: QUEUE_MESSAGES.voidedReasonRequired,
      },
    });
    if (!answer.confirmed) return;
    const reason = String(answer.value ?? '').trim();
    await run(() => queueRequests.remove(entry, reason), 'delete');
  }

  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="dark"
          aria-label={t('queue.action.more', { queueNum: entry.queueNum })}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canUpdate && (
          <>
            <Menu.Item
              leftSection={<IconArrowUp size={16} aria-hidden />}
              disabled={!above}
              onClick={() => above && void run(() => queueRequests.swap(entry, above), 'moveUp')}
            >
              {t('queue.action.moveUp')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={16} aria-hidden />}
              disabled={!below}
              onClick={() => below && void run(() => queueRequests.swap(entry, below), 'moveDown')}
            >
              {t('queue.action.moveDown')}
            </Menu.Item>
          </>
        )}
        {canDelete && (
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void remove()}
          >
            {t('queue.action.delete')}
          </Menu.Item>
        )}
        {(canUpdate || canDelete) && <Menu.Divider />}
        <PatientLinkItems branchCode={branchCode} patientId={entry.patientId} />
        {canPrint && (
          <Menu.Item
            leftSection={<IconTag size={16} aria-hidden />}
            onClick={() => onPrintPatientLabel(entry)}
          >
            {t('queue.action.printPatientLabel')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
