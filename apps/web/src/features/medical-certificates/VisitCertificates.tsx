import { MC_REMOVE_CONFIRM, type McRecord } from '@clinic/domain';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure, removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { dialogs } from '../../components/dialogs.tsx';
import { deleteCertificate, useRefreshCertificates, useVisitCertificates } from './mc-api.ts';
import { printMedicalCertificate } from './print-mc.ts';
import '../../i18n/patient-area/index.ts';

const McEditorDialog = lazy(async () => ({
  default: (await import('./McEditorDialog.tsx')).McEditorDialog,
}));

/** The query parameter holding the open editor's certificate id; 'new' creates one (doc 2 2.1). */
export const MC_EDITOR_PARAM = 'mcEditor';

export interface VisitCertificatesProps {
  patientId: string;
  visitId: string;
  readOnly: boolean;
  /** The visit's doctor, the new certificate's doctor by default. */
  doctorId?: string | null;
}

const formatDate = (date: string) => formatCalendarDate(date, DATE_FORMATS.picker);

/**
 * A visit's medical certificates (doc 2 section 2.7): the list with Print, Edit and Delete,
 * and the editor, opened by `?mcEditor=new|<id>`; it closes after a save and the list
 * refreshes. A read-only visit (voided, or a role that may not write) shows the list only.
 */
export function VisitCertificates({
  patientId,
  visitId,
  readOnly,
  doctorId = null,
}: VisitCertificatesProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useVisitCertificates(visitId);
  const refresh = useRefreshCertificates(visitId);
  const canCreate = useCan('medicalCertificates:create') && !readOnly;
  const canUpdate = useCan('medicalCertificates:update') && !readOnly;
  const canDelete = useCan('medicalCertificates:delete') && !readOnly;
  const canPrint = useCan('medicalCertificates:print');
  const items = list.data ?? [];
  const editorId = params.get(MC_EDITOR_PARAM);
  const editing: McRecord | null | undefined =
    editorId === 'new' ? null : items.find((item) => item.id === editorId);
  const editorOpen =
    editorId !== null && (editing === null ? canCreate : editing !== undefined && canUpdate);

  function openEditor(id: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(MC_EDITOR_PARAM, id);
      else next.delete(MC_EDITOR_PARAM);
      return next;
    });
  }

  const remove = (record: McRecord) =>
    removeAfterConfirm({
      title: t('mc.removeTitle'),
      message: MC_REMOVE_CONFIRM,
      remove: () => deleteCertificate(record.id, record.version),
      removed: t('mc.success'),
      refresh,
    });

  async function print(record: McRecord) {
    try {
      const title = record.excuseChit
        ? t('mc.excuseChit')
        : t('mc.editTitle', { mcNo: record.mcNo });
      await dialogs.whileLoading(() => printMedicalCertificate(record.id, title));
    } catch (error) {
      alertFailure(error);
    }
  }

  return (
    <Paper withBorder p="md" data-patient={patientId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('mc.title')}</Title>
          {canCreate && (
            <Button size="xs" onClick={() => openEditor('new')}>
              {t('mc.add')}
            </Button>
          )}
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {list.isError ? t('mc.loadFailed') : t('mc.none')}
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mc.mcNo')}</Table.Th>
                <Table.Th>{t('mc.fromDate')}</Table.Th>
                <Table.Th>{t('mc.toDate')}</Table.Th>
                <Table.Th>{t('mc.givenDays')}</Table.Th>
                <Table.Th>{t('mc.purpose')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.mcNo}</Table.Td>
                  <Table.Td>
                    {formatDate(item.fromDate)}
                    {item.timeRequired && item.fromTime ? ` ${item.fromTime}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {formatDate(item.toDate)}
                    {item.timeRequired && item.toTime ? ` ${item.toTime}` : ''}
                  </Table.Td>
                  <Table.Td>{item.givenDays}</Table.Td>
                  <Table.Td>
                    {item.excuseChit ? `${t('mc.excuseChit')}. ` : ''}
                    {item.mcPurpose ?? ''}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {canPrint && (
                        <Button size="compact-xs" variant="light" onClick={() => void print(item)}>
                          {t('mc.print')}
                        </Button>
                      )}
                      {canUpdate && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => openEditor(item.id)}
                        >
                          {t('mc.edit')}
                        </Button>
                      )}
                      {canDelete && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => void remove(item)}
                        >
                          {t('mc.remove')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {editorOpen && (
        <Suspense fallback={null}>
          <McEditorDialog
            visitId={visitId}
            defaultDoctorId={doctorId}
            record={editing ?? null}
            onClose={(saved) => {
              openEditor(null);
              if (saved) void refresh();
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
