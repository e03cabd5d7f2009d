import type { DiagnosisRecord } from '@clinic/domain';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { useCan } from '../../app/permissions.tsx';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { diagnosisKeys, removeDiagnosis, useVisitDiagnoses } from './diagnosis-api.ts';
import { DIAGNOSIS_EDITOR_PARAM, NEW_EDITOR } from './diagnosis-form.ts';
import '../../i18n/patient-area/index.ts';

// The editor (and the search in it) loads when it is opened.
const DiagnosisEditor = lazy(async () => ({
  default: (await import('./DiagnosisEditor.tsx')).DiagnosisEditor,
}));

export interface VisitDiagnosesProps {
  patientId: string;
  visitId: string;
  /** A finished or another branch's visit: the list only, no editor, no remove. */
  readOnly: boolean;
}

/**
 * A visit's coded diagnoses and the diagnosis editor (doc 2 section 2.8). The editor is
 * reached by the address (`?diagnosisEditor=new`, doc 2 section 2.1), so a link or a
 * reload opens it; closing it drops the parameter.
 */
export function VisitDiagnoses({ patientId, visitId, readOnly }: VisitDiagnosesProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const mayAdd = useCan('diagnoses:create') && !readOnly;
  const mayRemove = useCan('diagnoses:delete') && !readOnly;
  const diagnoses = useVisitDiagnoses(visitId);
  const listed = (diagnoses.data ?? []).filter((item) => !item.isVoided);
  const editing = mayAdd && params.get(DIAGNOSIS_EDITOR_PARAM) === NEW_EDITOR;

  const setEditor = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(DIAGNOSIS_EDITOR_PARAM, value);
        else next.delete(DIAGNOSIS_EDITOR_PARAM);
        return next;
      },
      { replace: value === null },
    );

  const remove = (item: DiagnosisRecord) =>
    removeAfterConfirm({
      title: t('diagnosis.remove'),
      message: t('diagnosis.removeConfirm'),
      remove: () => removeDiagnosis(item.id, item.version),
      removed: t('diagnosis.removed'),
      refresh: () =>
        queryClient.invalidateQueries({ queryKey: diagnosisKeys.visit(branchId, visitId) }),
    });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('diagnosis.title')}</Title>
          {mayAdd && (
            <Button size="xs" onClick={() => setEditor(NEW_EDITOR)}>
              {t('diagnosis.add')}
            </Button>
          )}
        </Group>
        {diagnoses.isSuccess && listed.length === 0 && (
          <Text c="dimmed">{t('diagnosis.none')}</Text>
        )}
        {listed.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('diagnosis.code')}</Table.Th>
                <Table.Th>{t('diagnosis.diagnosis')}</Table.Th>
                <Table.Th>{t('diagnosis.remark')}</Table.Th>
                {mayRemove && <Table.Th aria-label={t('diagnosis.remove')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listed.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.code}</Table.Td>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td>{item.remark ?? ''}</Table.Td>
                  {mayRemove && (
                    <Table.Td>
                      <RemoveRowButton
                        label={t('diagnosis.removeOne', { name: item.description })}
                        onClick={() => void remove(item)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {editing && (
        <Suspense fallback={null}>
          <DiagnosisEditor
            patientId={patientId}
            visitId={visitId}
            listed={listed}
            onClose={() => setEditor(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
