import type { DispenseReportRow } from '@clinic/domain';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../app/permissions.tsx';
import { Link } from 'react-router';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { formatClinicInstant } from '../../app/date-format.ts';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { loadReportHeader } from '../../print/report-header.ts';
import { openPrintPreview } from '../../print/preview.ts';
import { toCsv } from '../catalogs/csv.ts';
import { ExportButton, exportName } from '../catalogs/ListParts.tsx';
import { useDispensing, type DispensingFilter } from './inventory-api.ts';
import {
  InventoryFrame,
  PeriodFields,
  StockItemSelect,
  TableStatus,
  useFormats,
  useInventoryPath,
} from './parts.tsx';
import '../../i18n/inventory/index.ts';

/** 'DD/MM/YYYY HH:mm' on the clinic's clock, as the printed report writes times. */
const PRINT_TIME = 'DD/MM/YYYY HH:mm';

/**
 * The batch dispensing report (doc 3 sections 2.1, 7.1): which batches were dispensed in
 * a period, to which visit, optionally for one item; CSV and the A4 print.
 */
export function BatchDispensingPage() {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const format = useFormats();
  const pathOf = useInventoryPath();
  const today = clinicToday(offset);
  const [period, setPeriod] = useState<{ from: string | null; to: string | null }>({
    from: `${today.slice(0, 8)}01`,
    to: today,
  });
  const [item, setItem] = useState<{ id: string; name: string } | null>(null);
  const [printing, setPrinting] = useState(false);
  const periodError =
    !period.from || !period.to
      ? t('inventory.itemLogs.periodRequired')
      : period.from > period.to
        ? t('inventory.itemLogs.periodBackwards')
        : undefined;
  const filter: DispensingFilter = {
    fromDate: period.from ?? '',
    toDate: period.to ?? '',
    itemId: item?.id,
  };
  const report = useDispensing(filter, !periodError);
  const rows: readonly DispenseReportRow[] = report.data?.items ?? [];
  const units = rows.reduce((sum, row) => sum + row.quantity, 0);
  const title = t('inventory.pages.batchDispensing');

  async function print() {
    setPrinting(true);
    try {
      await openPrintPreview({
        title: t('inventory.dispensing.printTitle'),
        fileName: `batch-dispensing-${filter.fromDate}-${filter.toDate}.pdf`,
        document: async () => ({
          kind: 'batchDispensing',
          ...(await loadReportHeader()),
          fromDate: filter.fromDate,
          toDate: filter.toDate,
          itemName: item?.name ?? null,
          rows: rows.map((row) => ({
            ...row,
            dispensedText: formatClinicInstant(row.dispensedAt, offset, PRINT_TIME),
          })),
          printedAt: formatClinicInstant(Math.floor(Date.now() / 1000), offset, PRINT_TIME),
        }),
      });
    } catch (failure) {
      alertFailure(failure);
    } finally {
      setPrinting(false);
    }
  }

  const build = () =>
    Promise.resolve({
      csv: toCsv(
        ['dispensedAt', 'visitId', 'itemCode', 'itemName', 'batchNo', 'expiryDate', 'quantity'],
        rows.map((row) => [
          new Date(row.dispensedAt * 1000).toISOString(),
          row.visitId,
          row.itemCode,
          row.itemName,
          row.batchNo,
          row.expiryDate,
          row.quantity,
        ]),
      ),
      rows: rows.length,
    });

  return (
    <InventoryFrame
      title={title}
      read="dispensing:read"
      actions={
        <>
          <ExportButton fileName={exportName('batch-dispensing')} build={build} />
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            loading={printing}
            disabled={Boolean(periodError) || !report.isSuccess}
            onClick={() => void print()}
          >
            {t('inventory.dispensing.print')}
          </Button>
        </>
      }
    >
      <Text c="dimmed">{t('inventory.dispensing.intro')}</Text>
      <Group align="flex-end">
        <PeriodFields from={period.from} to={period.to} onChange={setPeriod} error={periodError} />
        {/* The item list is the stock's (inventory:read); the report is dispensing:read. */}
        <Can permission="inventory:read">
          <StockItemSelect
            label={t('inventory.cols.item')}
            placeholder={t('inventory.transactions.itemAll')}
            value={item?.id ?? null}
            onChange={(id, name) => setItem(id ? { id, name: name ?? '' } : null)}
          />
        </Can>
      </Group>
      <DataTable aria-label={title} minWidth={720} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inventory.cols.dispensedAt')}</Table.Th>
            <Table.Th>{t('inventory.cols.code')}</Table.Th>
            <Table.Th>{t('inventory.cols.item')}</Table.Th>
            <Table.Th>{t('inventory.cols.batchNo')}</Table.Th>
            <Table.Th>{t('inventory.cols.expiryDate')}</Table.Th>
            <Table.Th ta="right">{t('inventory.cols.quantity')}</Table.Th>
            <Table.Th>{t('inventory.cols.visit')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.dispenseId}-${row.batchId}`}>
              <Table.Td>{format.when(row.dispensedAt)}</Table.Td>
              <Table.Td>{row.itemCode}</Table.Td>
              <Table.Td>{row.itemName}</Table.Td>
              <Table.Td>
                <Link to={pathOf(`batches/${row.batchId}`)}>{row.batchNo}</Link>
              </Table.Td>
              <Table.Td>{format.date(row.expiryDate)}</Table.Td>
              <Table.Td ta="right">{row.quantity}</Table.Td>
              <Table.Td>{row.visitId.slice(0, 8)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <TableStatus
        pending={report.isPending && !periodError}
        empty={report.isSuccess && rows.length === 0}
        none={t('inventory.dispensing.none')}
      />
      {rows.length > 0 && (
        <Text size="sm" c="dimmed" ta="right">
          {t('inventory.dispensing.totals', { count: rows.length, units })}
        </Text>
      )}
    </InventoryFrame>
  );
}
