import { QUEUE_MESSAGES, type QueueEntry, type VisitPurposeOption } from '@clinic/domain';
import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { VisitPurposeSelect } from '../pickers/VisitPurposeSelect.tsx';
import { queueRequests } from '../queue-api.ts';
import { useQueueAction } from '../use-queue-action.ts';

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, index) => code === b[index]);
}

/** The row's visit purposes; the change is sent when the list closes. */
export function VisitPurposesCell({
  entry,
  options,
}: {
  entry: QueueEntry;
  options: readonly VisitPurposeOption[];
}) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const [shown, setShown] = useState(entry.visitPurposes);
  const canUpdate = useCan('queue:update');

  async function save() {
    if (sameCodes(shown, entry.visitPurposes)) return;
    if (shown.length === 0) {
      setShown(entry.visitPurposes);
      void dialogs.alert(QUEUE_MESSAGES.visitPurposeRequired);
      return;
    }
    if (!(await run(() => queueRequests.visitPurposes(entry, shown), 'update'))) {
      setShown(entry.visitPurposes);
    }
  }

  // A role that may not change the queue sees the purposes only.
  if (!canUpdate) return <Text size="sm">{entry.visitPurposes.join(', ')}</Text>;

  return (
    <Box w={160}>
      <VisitPurposeSelect
        ariaLabel={t('queue.visitPurposesOf', { queueNum: entry.queueNum })}
        size="xs"
        options={options}
        value={shown}
        onChange={setShown}
        onDropdownClose={() => void save()}
      />
    </Box>
  );
}
