import type { QueueEntry, QueueEventCode } from '@clinic/domain';
import { Stack, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { useQueueEvents } from '../../api/socket.ts';
import { useBranch } from '../../app/branch.ts';
import {
  clinicDayStart,
  clinicDayStartAt,
  clinicToday,
  useClinicOffset,
} from '../../app/clinic-time.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { QueueListPanel } from './QueueListPanel.tsx';
import { QueueTabs } from './QueueTabs.tsx';
import { QueueToolbar } from './QueueToolbar.tsx';
import { useQueueDay, useRefreshQueue } from './queue-api.ts';
import { readQueueColumns, saveQueueColumns, type QueueColumn } from './queue-columns.ts';

// The dialogs opened from the toolbar or a row (patient forms, search, labels) load when
// first opened, so the list shows without their code.
const ColumnChooserDialog = lazy(async () => ({
  default: (await import('./ColumnChooserDialog.tsx')).ColumnChooserDialog,
}));
const AddToQueueDialog = lazy(async () => ({
  default: (await import('./add/AddToQueueDialog.tsx')).AddToQueueDialog,
}));
const SearchByPatientDialog = lazy(async () => ({
  default: (await import('./search/SearchByPatientDialog.tsx')).SearchByPatientDialog,
}));
const QueueLabelDialog = lazy(async () => ({
  default: (await import('./labels/QueueLabelDialog.tsx')).QueueLabelDialog,
}));
const PatientLabelDialog = lazy(async () => ({
  default: (await import('../patients/PatientLabelDialog.tsx')).PatientLabelDialog,
}));

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

/** The signed-in user's queue columns, kept in the browser for that user. */
function useQueueColumns() {
  const userId = useSession()?.info.user.id ?? '';
  const [chosen, setChosen] = useState(() => ({ userId, columns: readQueueColumns(userId) }));
  // Another user signed in (in another tab) while the page stayed: show their choice.
  const columns = chosen.userId === userId ? chosen.columns : readQueueColumns(userId);
  const choose = (next: readonly QueueColumn[]) =>
    setChosen({ userId, columns: saveQueueColumns(next, userId) });
  return [columns, choose] as const;
}

/** /{branchCode}/queue: the front desk's list of the day (doc 1 section 2.11). */
export function QueuePage() {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const offset = useClinicOffset();
  // The clinic's today: the server counts the queue's days in the clinic's time zone.
  const [date, setDate] = useState(() => clinicToday(offset));
  const [columns, setColumns] = useQueueColumns();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const day = useQueueDay(clinicDayStart(date, offset) ?? clinicDayStartAt(offset));
  const refresh = useRefreshQueue();
  const close = () => setDialog(null);

  useQueueEvents((event) => {
    // The consult timer's events change a visit, not the queue.
    if (event.eventCode === 'ring' || event.eventCode === 'consultIn') return;
    if (event.eventCode === 'consultOut') return;
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
      <Suspense fallback={null}>
        {dialog?.kind === 'columns' && (
          <ColumnChooserDialog columns={columns} onChange={setColumns} onClose={close} />
        )}
        {dialog?.kind === 'add' && <AddToQueueDialog onClose={close} />}
        {dialog?.kind === 'search' && <SearchByPatientDialog onClose={close} />}
        {dialog?.kind === 'queueLabel' && <QueueLabelDialog entry={dialog.entry} onClose={close} />}
        {dialog?.kind === 'patientLabel' && (
          <PatientLabelDialog entry={dialog.entry} onClose={close} />
        )}
      </Suspense>
    </Stack>
  );
}
