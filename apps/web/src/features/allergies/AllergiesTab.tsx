import type { AllergyRecord } from '@clinic/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { removeAfterConfirm } from '../../components/confirmed-removal.ts';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { refreshAllergies, removeAllergy, usePatientAllergies } from './allergy-api.ts';
import '../../i18n/patient-area/index.ts';

// The form (with its date picker) loads when it is opened.
const AllergyFormDialog = lazy(async () => ({
  default: (await import('./AllergyFormDialog.tsx')).AllergyFormDialog,
}));

/** The patient's allergies (tab 'allergies' of doc 2 section 2.1) and the allergy form. */
export function AllergiesTab({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const queryClient = useQueryClient();
  const mayRead = useCan('allergies:read');
  const mayAdd = useCan('allergies:create');
  const mayRemove = useCan('allergies:delete');
  const [adding, setAdding] = useState(false);
  const allergies = usePatientAllergies(patientId);
  const items = allergies.data ?? [];

  const remove = (item: AllergyRecord) =>
    removeAfterConfirm({
      title: t('allergy.remove'),
      message: t('allergy.removeConfirm'),
      remove: () => removeAllergy(item.id, item.version),
      removed: t('allergy.removed'),
      refresh: () => refreshAllergies(queryClient, branchId, patientId),
    });

  if (!mayRead) return <Text c="dimmed">{t('allergy.notAllowed')}</Text>;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('allergy.title')}</Title>
          {mayAdd && (
            <Button size="xs" onClick={() => setAdding(true)}>
              {t('allergy.add')}
            </Button>
          )}
        </Group>
        {allergies.isSuccess && items.length === 0 && <Text c="dimmed">{t('allergy.none')}</Text>}
        {items.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('allergy.allergy')}</Table.Th>
                <Table.Th>{t('allergy.allergyType')}</Table.Th>
                <Table.Th>{t('allergy.reaction')}</Table.Th>
                <Table.Th>{t('allergy.remark')}</Table.Th>
                <Table.Th>{t('allergy.onsetDate')}</Table.Th>
                <Table.Th>{t('allergy.recordedBy')}</Table.Th>
                {mayRemove && <Table.Th aria-label={t('allergy.remove')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    {item.allergyType === 'Drug' ? (
                      <Badge color="red">{item.allergyDrugName}</Badge>
                    ) : (
                      item.allergyDrugName
                    )}
                  </Table.Td>
                  <Table.Td>{t(`allergy.types.${item.allergyType}`)}</Table.Td>
                  <Table.Td>{item.allergyReactionName}</Table.Td>
                  <Table.Td>{item.allergyRemark}</Table.Td>
                  <Table.Td>{formatCalendarDate(item.onsetDate, DATE_FORMATS.picker)}</Table.Td>
                  <Table.Td>{item.createdByName}</Table.Td>
                  {mayRemove && (
                    <Table.Td>
                      <RemoveRowButton
                        label={t('allergy.removeOne', { name: item.allergyDrugName })}
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
      {adding && (
        <Suspense fallback={null}>
          <AllergyFormDialog patientId={patientId} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
