import {
  QUEUE_MESSAGES,
  QUEUE_PAGE_SIZE,
  queueApi,
  type PatientPickerOption,
} from '@clinic/domain';
import { Alert, Button, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/clients.ts';
import { useBranch } from '../../../app/branch.ts';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { PatientSearchPicker } from '../../patients/PatientSearchPicker.tsx';
import { DoctorPicker } from '../pickers/DoctorPicker.tsx';
import { usePickableDoctors, useQueueStatuses } from '../queue-api.ts';
import { QueueHistoryTable } from './QueueHistoryTable.tsx';

interface HistoryCriteria {
  patientId: string;
  doctorId: string | null;
  status: string | null;
}

/** One patient's queue history, 20 entries a page, newest first (`GET /queue/page`). */
function useQueueHistory(criteria: HistoryCriteria | null) {
  const { branchId } = useBranch();
  return useInfiniteQuery({
    queryKey: ['queue-history', branchId, criteria],
    queryFn: criteria
      ? ({ pageParam }) =>
          api().call(queueApi.patientHistory, {
            query: {
              patientID: criteria.patientId,
              doctorID: criteria.doctorId,
              status: criteria.status,
              pageIndex: pageParam,
              pageSize: QUEUE_PAGE_SIZE,
            },
          })
      : skipToken,
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.items.length, 0) < last.total &&
      last.items.length > 0
        ? pages.length + 1
        : undefined,
  });
}

/** Fullscreen search of one patient's visits by doctor and status (doc 1 section 2.11). */
export function SearchByPatientDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const doctors = usePickableDoctors();
  const statuses = useQueueStatuses();
  const [patient, setPatient] = useState<PatientPickerOption | null>(null);
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [patientError, setPatientError] = useState<string | null>(null);
  const [criteria, setCriteria] = useState<HistoryCriteria | null>(null);
  const history = useQueueHistory(criteria);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];

  function search() {
    if (!patient) {
      setPatientError(QUEUE_MESSAGES.searchPatientRequired);
      return;
    }
    setCriteria({ patientId: patient.id, doctorId, status });
  }

  return (
    <AppDialog onClose={onClose} title={t('queue.search.title')} fullScreen>
      <Stack>
        <Group align="flex-end" gap="sm">
          <PatientSearchPicker
            label={t('queue.search.patient')}
            value={patient}
            onChange={(chosen) => {
              setPatient(chosen);
              if (chosen) setPatientError(null);
            }}
            error={patientError}
            required
            autoFocus
          />
          <DoctorPicker
            label={t('queue.search.doctor')}
            doctors={doctors}
            value={doctorId}
            onChange={setDoctorId}
            clearable
            clearButtonProps={{
              'aria-label': t('form.clearField', { field: t('queue.search.doctor') }),
            }}
          />
          <Select
            label={t('queue.search.status')}
            data={statuses.map((option) => option.code)}
            value={status}
            onChange={setStatus}
            clearable
            clearButtonProps={{
              'aria-label': t('form.clearField', { field: t('queue.search.status') }),
            }}
          />
          <Button leftSection={<IconSearch size={16} aria-hidden />} onClick={search}>
            {t('queue.search.submit')}
          </Button>
        </Group>
        {criteria && history.isPending && (
          <Center py="xl">
            <Loader aria-label={t('dialog.loading')} />
          </Center>
        )}
        {history.isError && (
          <Alert color="red" role="alert">
            {history.error.message}
          </Alert>
        )}
        {criteria && history.isSuccess && entries.length === 0 && (
          <Text c="dimmed">{t('queue.search.none')}</Text>
        )}
        {entries.length > 0 && <QueueHistoryTable entries={entries} />}
        {history.hasNextPage && (
          <Center>
            <Button
              variant="default"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('queue.search.more')}
            </Button>
          </Center>
        )}
      </Stack>
    </AppDialog>
  );
}
