import type { QueueEntry } from '@clinic/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicOffset } from '../../../app/clinic-time.ts';
import { LabelPrintDialog, type LabelDocument } from '../../../print/LabelPrintDialog.tsx';
import { formatLabelDate } from '../queue-format.ts';

/** The queue ticket of an entry: number, name, the waiting notice and the visit date. */
export function QueueLabelDialog({ entry, onClose }: { entry: QueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const notice = t('queue.label.notice');
  const visitDate = formatLabelDate(entry.visitDate, offset);
  const label = useMemo<LabelDocument>(
    () => ({
      kind: 'queueLabel',
      queueNum: entry.queueNum,
      patientName: entry.patientName,
      notice,
      visitDate,
    }),
    [entry.queueNum, entry.patientName, notice, visitDate],
  );
  return (
    <LabelPrintDialog
      title={t('queue.label.queueTitle', { queueNum: entry.queueNum })}
      onClose={onClose}
      label={label}
    />
  );
}
