import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { branchPath, useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { useItemHistory } from './counts-api.ts';
import { ListStatus, signed, signedDollars, VarianceText } from './parts.tsx';
import '../../i18n/inventory-counts/index.ts';

/** inventory/stockTally/{itemId} (doc 3 section 2.4): one item's counts on finalised sheets. */
export function TallyHistoryPage() {
  const { t } = useTranslation();
  const { itemId = '' } = useParams();
  const { branchCode, branchId } = useBranch();
  const offset = useClinicOffset();
  const mayRead = useCan('inventory:read');
  const history = useItemHistory(mayRead ? branchId : undefined, itemId);
  const rows = history.data?.rows ?? [];
  if (!mayRead) return <Text>{t('counts.notAllowed')}</Text>;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {history.data
            ? t('counts.history.of', { item: history.data.item.name })
            : t('counts.history.title')}
        </Title>
        <Button
          component={Link}
          to={branchPath(branchCode, 'inventory/stockTally')}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('counts.back')}
        </Button>
      </Group>
      {history.isError && <Text c="red.9">{history.error.message}</Text>}
      <DataTable aria-label={t('counts.history.tableLabel')} minWidth={560} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('counts.history.cols.sheet')}</Table.Th>
            <Table.Th>{t('counts.history.cols.date')}</Table.Th>
            <Table.Th>{t('counts.tally.sheet.cols.batch')}</Table.Th>
            <Table.Th>{t('counts.tally.sheet.cols.expiry')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.expected')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.counted')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.variance')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.value')}</Table.Th>
            <Table.Th>{t('counts.history.cols.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.tallyId}:${row.batchId}`}>
              <Table.Td>#{row.number}</Table.Td>
              <Table.Td>
                {formatClinicInstant(row.finalisedAt, offset, DATE_FORMATS.documentTime)}
                {row.finalisedByName && (
                  <Text size="xs" c="dimmed">
                    {row.finalisedByName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.batchNo}</Table.Td>
              <Table.Td>
                {formatCalendarDate(row.expiryDate, DATE_FORMATS.picker) ||
                  t('counts.tally.sheet.noExpiry')}
              </Table.Td>
              <Table.Td ta="right">{row.expected}</Table.Td>
              <Table.Td ta="right">{row.counted ?? ''}</Table.Td>
              <Table.Td ta="right">
                <VarianceText value={row.variance}>{signed(row.variance)}</VarianceText>
              </Table.Td>
              <Table.Td ta="right">
                {row.varianceValueCents === null ? '' : signedDollars(row.varianceValueCents)}
              </Table.Td>
              <Table.Td>{row.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={history.isPending && !history.isError}
        empty={history.isSuccess && rows.length === 0}
        none={t('counts.history.none')}
      />
    </Stack>
  );
}
