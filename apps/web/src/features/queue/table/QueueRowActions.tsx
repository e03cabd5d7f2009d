import type { QueueEntry } from '@clinic/domain';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPrinter, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../../app/permissions.tsx';
import { branchPath } from '../../../app/branch.ts';
import { queueRequests } from '../queue-api.ts';
import { useQueueAction } from '../use-queue-action.ts';
import { QueueRowMenu } from './QueueRowMenu.tsx';

export interface QueueRowActionsProps {
  branchCode: string;
  entry: QueueEntry;
  /** The whole day's list, in which move up and down find their neighbour. */
  entries: readonly QueueEntry[];
  onPrintQueueLabel: (entry: QueueEntry) => void;
  onPrintPatientLabel: (entry: QueueEntry) => void;
}

/** The patient's page: patients/{id}, or patients/mco-{id} for an MCO entry. */
export function patientPagePath(branchCode: string, entry: QueueEntry): string {
  const id = entry.isMCO ? `mco-${entry.patientId}` : entry.patientId;
  return branchPath(branchCode, `patients/${id}`);
}

/**
 * Call in (then Recall and Time Out: queue:update), the queue label (queue:print), the
 * patient's page, and the menu.
 */
export function QueueRowActions({
  branchCode,
  entry,
  entries,
  onPrintQueueLabel,
  onPrintPatientLabel,
}: QueueRowActionsProps) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const calledIn = entry.callInTime !== null;
  const callIn = () => void run(() => queueRequests.callIn(entry), 'callIn');
  const timeOut = () => void run(() => queueRequests.consultOut(entry), 'timeOut');
  const printLabel = t('queue.action.printQueueLabel', { queueNum: entry.queueNum });
  const selectPatient = t('queue.action.selectPatient', { name: entry.patientName });

  // Two groups, so a narrow column wraps the buttons and the icons onto separate lines.
  return (
    <Group gap={4}>
      <Can permission="queue:update">
        <Group gap={2} wrap="nowrap">
          {calledIn ? (
            <>
              <Button size="compact-xs" variant="default" onClick={callIn}>
                {t('queue.action.recall')}
              </Button>
              <Button size="compact-xs" variant="default" onClick={timeOut}>
                {t('queue.action.timeOut')}
              </Button>
            </>
          ) : (
            <Button size="compact-xs" onClick={callIn}>
              {t('queue.action.callIn')}
            </Button>
          )}
        </Group>
      </Can>
      <Group gap={2} wrap="nowrap">
        <Can permission="queue:print">
          <Tooltip label={printLabel}>
            <ActionIcon
              variant="subtle"
              color="dark"
              aria-label={printLabel}
              onClick={() => onPrintQueueLabel(entry)}
            >
              <IconPrinter size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Can>
        <Tooltip label={selectPatient}>
          <ActionIcon
            component={Link}
            to={patientPagePath(branchCode, entry)}
            variant="subtle"
            color="dark"
            aria-label={selectPatient}
          >
            <IconUserCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <QueueRowMenu
          branchCode={branchCode}
          entry={entry}
          entries={entries}
          onPrintPatientLabel={onPrintPatientLabel}
        />
      </Group>
    </Group>
  );
}
