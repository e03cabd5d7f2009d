import type { QueueEntry, QueueEventCode } from '@clinic/domain';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueueEvents } from '../../api/socket.ts';
import {
  clinicDayStart,
  clinicDayStartAt,
  clinicToday,
  useClinicOffset,
} from '../../app/clinic-time.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { AddToQueueDialog } from './add/AddToQueueDialog.tsx';
import { ColumnChooserDialog } from './ColumnChooserDialog.tsx';
import { PatientLabelDialog } from './labels/PatientLabelDialog.tsx';
import { QueueLabelDialog } from './labels/QueueLabelDialog.tsx';
import { QueueListPanel } from './QueueListPanel.tsx';
import { QueueTabs } from './QueueTabs.tsx';
import { QueueToolbar } from './QueueToolbar.tsx';
import { useBranch, useQueueDay, useRefreshQueue } from './queue-api.ts';
import { readQueueColumns } from './queue-columns.ts';
import { SearchByPatientDialog } from './search/SearchByPatientDialog.tsx';

/** Events that also tell the desk what happened (in an error-coloured snackbar). */
const ANNOUNCED_EVENTS: ReadonlySet<QueueEventCode> = new Set<QueueEventCode>([
  'queueVoided',
  'queueCalledIn',
  'queueConsultedOut',
]);

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'search' }
  | { kind: 'columns' }
  | { kind: 'queueLabel'; entry: QueueEntry }
  | { kind: 'patientLabel'; entry: QueueEntry };

/** /{branchCode}/queue: the front desk's list of the day (doc 1 section 2.11). */
export function QueuePage() {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const offset = useClinicOffset();
  // The clinic's today: the server counts the queue's days in the clinic's time zone.
  const [date, setDate] = useState(() => clinicToday(offset));
  const [columns, setColumns] = useState(readQueueColumns);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const day = useQueueDay(clinicDayStart(date, offset) ?? clinicDayStartAt(offset));
  const refresh = useRefreshQueue();
  const close = () => setDialog(null);

  useQueueEvents((event) => {
    if (event.eventCode === 'ring') return;
    void refresh();
    if (ANNOUNCED_EVENTS.has(event.eventCode) && event.message) snackbar.error(event.message);
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('nav.queue')}
      </Title>
      <QueueToolbar
        branchCode={branchCode}
        date={date}
        onDateChange={setDate}
        refreshing={day.isFetching}
        onRefresh={() => void day.refetch()}
        onChooseColumns={() => setDialog({ kind: 'columns' })}
        onSearchByPatient={() => setDialog({ kind: 'search' })}
        onAdd={() => setDialog({ kind: 'add' })}
      />
      <QueueTabs
        queueCount={day.data?.length ?? 0}
        queueList={
          <QueueListPanel
            branchCode={branchCode}
            entries={day.data}
            error={day.error}
            columns={columns}
            onAdd={() => setDialog({ kind: 'add' })}
            onRefresh={() => void day.refetch()}
            onPrintQueueLabel={(entry) => setDialog({ kind: 'queueLabel', entry })}
            onPrintPatientLabel={(entry) => setDialog({ kind: 'patientLabel', entry })}
          />
        }
      />
      {dialog?.kind === 'add' && <AddToQueueDialog onClose={close} />}
      {dialog?.kind === 'search' && <SearchByPatientDialog onClose={close} />}
      {dialog?.kind === 'columns' && (
        <ColumnChooserDialog columns={columns} onChange={setColumns} onClose={close} />
      )}
      {dialog?.kind === 'queueLabel' && <QueueLabelDialog entry={dialog.entry} onClose={close} />}
      {dialog?.kind === 'patientLabel' && (
        <PatientLabelDialog entry={dialog.entry} onClose={close} />
      )}
    </Stack>
  );
}
