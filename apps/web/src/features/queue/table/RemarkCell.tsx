import type { QueueEntry } from '@clinic/domain';
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueRequests } from '../queue-api.ts';
import { useQueueAction } from '../use-queue-action.ts';
import { CellEditor } from './CellEditor.tsx';

/** The row's remark, edited in a small popover (empty clears it). */
export function RemarkCell({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation();
  const run = useQueueAction();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function save(): Promise<boolean> {
    // The schemas (zod) load on the first save, not with the queue list.
    const { QueueRemarkBody, toFieldErrors } = await import('../remark-rules.ts');
    const checked = QueueRemarkBody.safeParse({ remark: draft, version: entry.version });
    if (!checked.success) {
      setError(toFieldErrors(checked.error.issues)[0]?.message ?? null);
      return false;
    }
    return run(() => queueRequests.remark(entry, checked.data.remark ?? ''), 'update');
  }

  return (
    <CellEditor
      display={entry.remark}
      editLabel={t('queue.editRemarkOf', { queueNum: entry.queueNum })}
      onOpen={() => {
        setDraft(entry.remark ?? '');
        setError(null);
      }}
      onSave={save}
    >
      <Textarea
        label={t('queue.column.remark')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        data-autofocus
      />
    </CellEditor>
  );
}
