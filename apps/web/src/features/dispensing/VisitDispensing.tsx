import type { DispensingLine } from '@clinic/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { snackbar } from '../../components/dialogs.tsx';
import { useDispensed, useVisitDispensing } from './dispensing-api.ts';
import '../../i18n/patient-area/index.ts';

const DispenseDialog = lazy(async () => ({
  default: (await import('./DispenseDialog.tsx')).DispenseDialog,
}));
const MedicationLabelDialog = lazy(async () => ({
  default: (await import('./MedicationLabelDialog.tsx')).MedicationLabelDialog,
}));

export interface VisitDispensingProps {
  visitId: string;
  /** A voided visit, or one of another branch: read only (nothing is dispensed). */
  readOnly: boolean;
}

function DispensedCell({ line }: { line: DispensingLine }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  if (!line.dispensable) return <Text size="sm">{t('dispensing.notStocked')}</Text>;
  if (!line.dispensed) return <Badge color="gray">{t('dispensing.notDispensed')}</Badge>;
  const date = formatClinicInstant(line.dispensed.dispensedAt, offset, DATE_FORMATS.documentTime);
  const by = line.dispensed.dispensedBy?.name;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {by
          ? t('dispensing.dispensedOn', { date, name: by })
          : t('dispensing.dispensedOnOnly', { date })}
      </Text>
      {line.dispensed.batches.map((batch) => (
        <Text key={batch.batchId} size="xs">
          {t('dispensing.batch', {
            batchNo: batch.batchNo,
            expiry: batch.expiryDate ?? t('dispensing.noExpiry'),
            quantity: batch.quantity,
          })}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The visit's prescription as the desk dispenses it (doc 2 section 2.14): each line's drug,
 * quantity, instructions in words, the branch's stock and whether it is dispensed (when,
 * by whom, from which batches). Dispense opens the dialog for the lines not yet dispensed;
 * Print labels prints the dispensed lines' medication labels.
 */
export function VisitDispensing({ visitId, readOnly }: VisitDispensingProps) {
  const { t } = useTranslation();
  const query = useVisitDispensing(visitId);
  const dispensed = useDispensed(visitId);
  const canDispense = useCan('dispensing:create') && !readOnly;
  const canPrint = useCan('dispensing:print');
  const [open, setOpen] = useState<'dispense' | 'labels' | null>(null);
  const lines = query.data?.items ?? [];
  const waiting = lines.filter((line) => line.dispensable && !line.dispensed);
  const printable = lines.filter((line) => line.dispensed);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('dispensing.title')}</Title>
          <Group gap="xs">
            {canPrint && printable.length > 0 && (
              <Button size="xs" variant="default" onClick={() => setOpen('labels')}>
                {t('dispensing.printLabels')}
              </Button>
            )}
            {canDispense && waiting.length > 0 && (
              <Button size="xs" onClick={() => setOpen('dispense')}>
                {t('dispensing.dispense')}
              </Button>
            )}
          </Group>
        </Group>
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            {query.isError ? t('dispensing.loadFailed') : t('dispensing.none')}
          </Text>
        ) : (
          <DataTable aria-label={t('dispensing.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dispensing.drug')}</Table.Th>
                <Table.Th>{t('dispensing.quantity')}</Table.Th>
                <Table.Th>{t('dispensing.instructions')}</Table.Th>
                <Table.Th>{t('dispensing.inStock')}</Table.Th>
                <Table.Th>{t('dispensing.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.prescriptionId} data-testid="dispensing-line">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {line.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>{`${line.quantity} ${line.unit}`}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{line.instructions}</Text>
                  </Table.Td>
                  <Table.Td>{line.available ?? ''}</Table.Td>
                  <Table.Td>
                    <DispensedCell line={line} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        )}
      </Stack>
      {open === 'dispense' && (
        <Suspense fallback={null}>
          <DispenseDialog
            visitId={visitId}
            lines={waiting}
            onClose={() => setOpen(null)}
            onDispensed={(result) => {
              dispensed(result);
              setOpen(null);
              snackbar.success(t('dispensing.dispensed'));
            }}
          />
        </Suspense>
      )}
      {open === 'labels' && (
        <Suspense fallback={null}>
          <MedicationLabelDialog lines={printable} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
