import type { QueueEntry } from '@clinic/domain';
import { useTranslation } from 'react-i18next';
import { useClinicOffset } from '../../../app/clinic-time.ts';
import { LabelPrintDialog } from '../../../print/LabelPrintDialog.tsx';
import { QueueLabel } from '../../../print/QueueLabel.tsx';
import { formatLabelDate } from '../queue-format.ts';

/** The queue ticket of an entry: number, name, the waiting notice and the visit date. */
export function QueueLabelDialog({ entry, onClose }: { entry: QueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  return (
    <LabelPrintDialog
      title={t('queue.label.queueTitle', { queueNum: entry.queueNum })}
      onClose={onClose}
      renderLabel={(preview) => (
        <QueueLabel
          queueNum={entry.queueNum}
          patientName={entry.patientName}
          notice={t('queue.label.notice')}
          visitDate={formatLabelDate(entry.visitDate, offset)}
          preview={preview}
        />
      )}
    />
  );
}
