import { vitalsApi, type PhysicalReading } from '@clinic/domain';
import { Alert, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { ask } from '../../components/dialog-store.ts';
import '../../i18n/patient-area/index.ts';

// The add/edit dialog loads when first opened, like the app's other dialogs.
const ReadingDialog = lazy(async () => ({
  default: (await import('./ReadingDialog.tsx')).ReadingDialog,
}));

export const readingsKey = (branchId: string | undefined, visitId: string) =>
  ['physical-readings', branchId, visitId] as const;

const dash = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : value;

/**
 * The physical readings of a visit (doc 2 section 2.3): the list, and a dialog to add or
 * edit one (BSA and BMI read-only, derived). A save that fails says 'Something wrong,
 * please try again' (doc 2 section 8) with the server's reason under it.
 */
export function ReadingsEditor({ visitId, readOnly }: { visitId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const queryClient = useQueryClient();
  const key = readingsKey(branchId, visitId);
  const readings = useQuery({
    queryKey: key,
    queryFn: (context) =>
      api()
        .call(vitalsApi.readings, { params: { id: visitId } }, queryCallOptions(context))
        .then((list) => list.items),
    enabled: Boolean(branchId),
  });
  const [editing, setEditing] = useState<PhysicalReading | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  async function remove(reading: PhysicalReading) {
    const answer = await ask({ title: t('vitals.readings.confirmDelete'), focusCancel: true });
    if (!answer.confirmed) return;
    setFailure(null);
    try {
      await api().call(vitalsApi.deleteReading, {
        params: { id: reading.id },
        body: { version: reading.version },
      });
    } catch (error) {
      setFailure(
        `${t('vitals.readings.saveFailed')}${error instanceof Error ? `: ${error.message}` : ''}`,
      );
    }
    await refresh();
  }

  const items = readings.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-label={t('vitals.readings.title')}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('vitals.readings.title')}</Title>
        {!readOnly && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('vitals.readings.add')}
          </Button>
        )}
      </Group>
      {(failure || readings.isError) && (
        <Alert color="red" mb="sm" role="alert">
          {failure ?? t('vitals.readings.saveFailed')}
        </Alert>
      )}
      {readings.isSuccess && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('vitals.readings.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vitals.readings.readingTime')}</Table.Th>
                <Table.Th>{t('vitals.readings.bp')}</Table.Th>
                <Table.Th>{t('vitals.readings.pulse')}</Table.Th>
                <Table.Th>{t('vitals.readings.glucose')}</Table.Th>
                <Table.Th>{t('vitals.readings.temperature')}</Table.Th>
                <Table.Th>{t('vitals.readings.height')}</Table.Th>
                <Table.Th>{t('vitals.readings.weight')}</Table.Th>
                <Table.Th>{t('vitals.readings.bsa')}</Table.Th>
                <Table.Th>{t('vitals.readings.bmi')}</Table.Th>
                {!readOnly && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((reading) => (
                <Table.Tr key={reading.id}>
                  <Table.Td>
                    {formatClinicInstant(reading.readingTime, offset, DATE_FORMATS.documentTime)}
                  </Table.Td>
                  <Table.Td>
                    {reading.systolic === null && reading.diastolic === null
                      ? '-'
                      : `${dash(reading.systolic)}/${dash(reading.diastolic)}`}
                  </Table.Td>
                  <Table.Td>{dash(reading.pulse)}</Table.Td>
                  <Table.Td>{dash(reading.glucose)}</Table.Td>
                  <Table.Td>{dash(reading.temperature)}</Table.Td>
                  <Table.Td>{dash(reading.height)}</Table.Td>
                  <Table.Td>{dash(reading.weight)}</Table.Td>
                  <Table.Td>{dash(reading.bsa)}</Table.Td>
                  <Table.Td>{dash(reading.bmi)}</Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => setEditing(reading)}
                        >
                          {t('vitals.readings.edit')}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => void remove(reading)}
                        >
                          {t('vitals.readings.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <ReadingDialog
            visitId={visitId}
            reading={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
