import type { QueueEntry } from '@clinic/domain';
import { TimeInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueRequests } from '../queue-api.ts';
import { atClinicTimeOfDay, useClinicOffset } from '../../../app/clinic-time.ts';
import { formatQueueTime } from '../queue-format.ts';
import { useQueueAction } from '../use-queue-action.ts';
import { CellEditor } from './CellEditor.tsx';

/** The registration (visit) time of the row: another time on the same day. */
export function VisitTimeCell({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const offset = useClinicOffset();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function save(): Promise<boolean> {
    // The edited time on the entry's day, both on the clinic's clock.
    const visitTime = atClinicTimeOfDay(entry.visitDate, draft, offset);
    if (visitTime === null) {
      setError(t('queue.timeFormat'));
      return false;
    }
    return run(() => queueRequests.visitTime(entry, visitTime), 'update');
  }

  return (
    <CellEditor
      display={formatQueueTime(entry.visitDate, offset)}
      editLabel={t('queue.editVisitTimeOf', { queueNum: entry.queueNum })}
      onOpen={() => {
        setDraft(formatQueueTime(entry.visitDate, offset));
        setError(null);
      }}
      onSave={save}
    >
      <TimeInput
        label={t('queue.column.registrationTime')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
    </CellEditor>
  );
}
