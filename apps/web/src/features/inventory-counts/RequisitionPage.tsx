import type { Requisition, RequisitionDirection } from '@clinic/domain';
import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { readAllPages, toCsv } from '../catalogs/csv.ts';
import {
  cancelRequisition,
  COUNTS_PAGE_SIZE,
  EXPORT_PAGE_SIZE,
  issueRequisition,
  readRequisitions,
  refreshCounts,
  refuseRequisition,
  useRequisitions,
} from './counts-api.ts';
import { NewRequisitionDialog } from './NewRequisitionDialog.tsx';
import { ExportButton, exportName, ListHeader, ListStatus, Pager, StatusBadge } from './parts.tsx';
import '../../i18n/inventory-counts/index.ts';

const DIRECTIONS: readonly RequisitionDirection[] = ['all', 'incoming', 'outgoing'];

/** The requisition list as CSV: one row per item asked for, with the batches it was issued from. */
export function requisitionsCsv(requisitions: readonly Requisition[]): string {
  return toCsv(
    [
      'number',
      'status',
      'askedBy',
      'askedOf',
      'askedAt',
      'itemCode',
      'itemName',
      'quantity',
      'issuedBatches',
      'refuseReason',
    ],
    requisitions.flatMap((requisition) =>
      requisition.lines.map((line) => [
        requisition.number,
        requisition.status,
        requisition.requestingBranch.code,
        requisition.supplyingBranch.code,
        new Date(requisition.createdAt * 1000).toISOString(),
        line.itemCode,
        line.itemName,
        line.quantity,
        line.issued.map((batch) => `${batch.batchNo} x${batch.quantity}`).join('; '),
        requisition.refuseReason,
      ]),
    ),
  );
}

/** inventory/requisition (doc 3 section 2.4): stock asked of or by this branch. */
export function RequisitionPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const [direction, setDirection] = useState<RequisitionDirection>('all');
  const [pageIndex, setPageIndex] = useState(1);
  const [adding, setAdding] = useState(false);
  const mayRead = useCan('inventory:read');
  const mayCreate = useCan('inventory:create');
  const mayUpdate = useCan('inventory:update');
  const list = useRequisitions(mayRead ? branchId : undefined, direction, pageIndex);
  const rows = list.data?.items ?? [];

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await dialogs.whileLoading(work);
      snackbar.success(done);
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await refreshCounts(queryClient);
    }
  }

  async function issue(row: Requisition) {
    const answer = await dialogs.confirm({
      title: t('counts.requisition.issueTitle', { number: row.number }),
      message: t('counts.requisition.issueMessage', { branch: row.requestingBranch.name }),
      okText: t('counts.requisition.issue'),
    });
    if (answer.confirmed) {
      await act(() => issueRequisition(row.id, row.version), t('counts.requisition.issued'));
    }
  }

  async function refuse(row: Requisition) {
    const answer = await dialogs.confirm({
      title: t('counts.requisition.refuseTitle', { number: row.number }),
      okText: t('counts.requisition.refuse'),
      input: {
        type: 'textarea',
        label: t('counts.requisition.refuseReason'),
        required: t('counts.requisition.refuseRequired'),
      },
    });
    if (answer.confirmed) {
      await act(
        () => refuseRequisition(row.id, row.version, String(answer.value ?? '')),
        t('counts.requisition.refused'),
      );
    }
  }

  async function cancel(row: Requisition) {
    const answer = await dialogs.confirm({
      title: t('counts.requisition.cancelTitle', { number: row.number }),
      okText: t('counts.requisition.cancel'),
      cancelText: t('counts.requisition.keep'),
      focusCancel: true,
    });
    if (answer.confirmed) {
      await act(() => cancelRequisition(row.id, row.version), t('counts.requisition.cancelled'));
    }
  }

  async function buildCsv() {
    const all = await readAllPages(
      (index) => readRequisitions(direction, index, EXPORT_PAGE_SIZE),
      EXPORT_PAGE_SIZE,
    );
    return { csv: requisitionsCsv(all), rows: all.length };
  }

  function actions(row: Requisition) {
    if (row.status !== 'requested' || !mayUpdate) return null;
    if (row.outgoing) {
      return (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red.9"
          data-primary-action
          aria-label={t('counts.requisition.cancelOne', { number: row.number })}
          onClick={() => void cancel(row)}
        >
          {t('counts.requisition.cancel')}
        </Button>
      );
    }
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          data-primary-action
          aria-label={t('counts.requisition.issueOne', { number: row.number })}
          onClick={() => void issue(row)}
        >
          {t('counts.requisition.issue')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red.9"
          aria-label={t('counts.requisition.refuseOne', { number: row.number })}
          onClick={() => void refuse(row)}
        >
          {t('counts.requisition.refuse')}
        </Button>
      </Group>
    );
  }

  if (!mayRead) return <Text>{t('counts.notAllowed')}</Text>;
  return (
    <Stack>
      <ListHeader title={t('counts.requisition.title')}>
        <ExportButton fileName={exportName('requisitions')} build={buildCsv} />
        {mayCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('counts.requisition.add')}
          </Button>
        )}
      </ListHeader>
      <SegmentedControl
        aria-label={t('counts.requisition.direction')}
        value={direction}
        onChange={(value) => {
          setDirection(value);
          setPageIndex(1);
        }}
        data={DIRECTIONS.map((value) => ({
          value,
          label: t(`counts.requisition.directions.${value}`),
        }))}
        w="fit-content"
      />
      <DataTable aria-label={t('counts.requisition.tableLabel')} minWidth={720} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('counts.requisition.cols.number')}</Table.Th>
            <Table.Th>{t('counts.requisition.cols.date')}</Table.Th>
            <Table.Th>{t('counts.requisition.cols.from')}</Table.Th>
            <Table.Th>{t('counts.requisition.cols.to')}</Table.Th>
            <Table.Th>{t('counts.requisition.cols.items')}</Table.Th>
            <Table.Th>{t('counts.requisition.cols.status')}</Table.Th>
            <ActionTh>{t('counts.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>#{row.number}</Table.Td>
              <Table.Td>
                {formatClinicInstant(row.createdAt, offset, DATE_FORMATS.documentTime)}
              </Table.Td>
              <Table.Td>{row.requestingBranch.code}</Table.Td>
              <Table.Td>{row.supplyingBranch.code}</Table.Td>
              <Table.Td>
                {row.lines.map((line) => (
                  <Text key={line.itemId} size="sm">
                    {line.quantity} × {line.itemName}
                  </Text>
                ))}
                {row.remark && (
                  <Text size="xs" c="dimmed">
                    {row.remark}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
                {row.refuseReason && <Text size="xs">{row.refuseReason}</Text>}
              </Table.Td>
              <ActionTd>{actions(row)}</ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('counts.requisition.none')}
      />
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={COUNTS_PAGE_SIZE}
        onPage={setPageIndex}
      />
      {adding && <NewRequisitionDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}
