import type { QueueEntry } from '@clinic/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The queue number, with an MCO chip for MCO entries. */
export function QueueNumberCell({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation();
  return (
    <>
      {entry.queueNum}
      {entry.isMCO && (
        // The badge's label may shrink; max-content keeps the column wide enough for it.
        <Badge size="sm" variant="filled" color="accent.9" ml={6} miw="max-content">
          {t('queue.mco')}
        </Badge>
      )}
    </>
  );
}
