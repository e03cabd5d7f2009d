import type { TallySheet } from '@clinic/domain';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBranch, branchPath } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { toCsv } from '../catalogs/csv.ts';
import { cancelTally, countKeys, finaliseTally, refreshCounts, saveTally } from './counts-api.ts';
import {
  changedLines,
  rowMatches,
  sheetRows,
  sheetTotals,
  type CountDrafts,
  type SheetRow,
} from './count-sheet.ts';
import {
  ExportButton,
  exportName,
  signed,
  signedDollars,
  StatusBadge,
  VarianceText,
} from './parts.tsx';
import '../../i18n/inventory-counts/index.ts';

/** Enter in a counted field goes on to the next line's, as on a paper sheet. */
function focusNextCount(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const inputs = Array.from(
    event.currentTarget
      .closest('table')
      ?.querySelectorAll<HTMLInputElement>('[data-count-input]') ?? [],
  );
  const next = inputs[inputs.indexOf(event.currentTarget) + 1];
  next?.focus();
  next?.select();
}

/** The variance report as CSV: item, batch, expected, counted, variance, value. */
export function varianceCsv(rows: readonly SheetRow[]): string {
  return toCsv(
    ['itemCode', 'itemName', 'batchNo', 'expiryDate', 'expected', 'counted', 'variance', 'value'],
    rows.map((row) => [
      row.itemCode,
      row.itemName,
      row.batchNo,
      row.expiryDate,
      row.expected,
      row.counted,
      row.variance,
      // A number, not text: the CSV guard would mark a text starting with '-'.
      row.varianceValueCents === null ? null : row.varianceValueCents / 100,
    ]),
  );
}

/**
 * One count sheet: while open, the counted quantities are typed per batch with the
 * variance worked out as they are typed, saved part-filled, then finalised (after a
 * confirmation with the totals) or cancelled; once closed, the variance report.
 */
export function CountSheet({ data, onBack }: { data: TallySheet; onBack: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { branchCode, branchId } = useBranch();
  const offset = useClinicOffset();
  const mayUpdate = useCan('inventory:update');
  const [drafts, setDrafts] = useState<CountDrafts>({});
  const [filter, setFilter] = useState('');
  const { sheet } = data;
  const editable = sheet.status === 'open' && mayUpdate;
  const rows = sheetRows(data.lines, drafts);
  const totals = sheetTotals(rows);
  const shown = rows.filter((row) => rowMatches(row, filter));
  const changes = changedLines(rows);
  const invalid = rows.some((row) => row.invalid);

  function show(next: TallySheet) {
    queryClient.setQueryData(countKeys.sheet(branchId, next.sheet.id), next);
    setDrafts({});
  }

  async function save(): Promise<TallySheet | null> {
    try {
      const saved = await dialogs.whileLoading(() =>
        saveTally(sheet.id, { version: sheet.version, lines: changes }),
      );
      show(saved);
      return saved;
    } catch (failure) {
      alertFailure(failure);
      await refreshCounts(queryClient);
      return null;
    }
  }

  async function finalise() {
    const current = changes.length > 0 ? await save() : data;
    if (!current) return;
    const now = sheetTotals(sheetRows(current.lines, {}));
    const answer = await dialogs.confirm({
      title: t('counts.tally.sheet.finaliseTitle', { number: sheet.number }),
      message: t('counts.tally.sheet.finaliseMessage', {
        counted: now.counted,
        withVariance: now.withVariance,
        value: signedDollars(now.valueCents),
        uncounted: now.lines - now.counted,
      }),
      okText: t('counts.tally.sheet.finaliseOk'),
      input: {
        type: 'textarea',
        label: t('counts.tally.sheet.finaliseReason'),
        required: t('counts.tally.sheet.reasonRequired'),
      },
    });
    if (!answer.confirmed) return;
    try {
      const done = await dialogs.whileLoading(() =>
        finaliseTally(sheet.id, current.sheet.version, String(answer.value ?? '')),
      );
      show(done);
      snackbar.success(t('counts.tally.sheet.finalised'));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await refreshCounts(queryClient);
    }
  }

  async function cancel() {
    const answer = await dialogs.confirm({
      title: t('counts.tally.sheet.cancelTitle', { number: sheet.number }),
      message: t('counts.tally.sheet.cancelMessage'),
      okText: t('counts.tally.sheet.cancelOk'),
      cancelText: t('counts.tally.sheet.keep'),
      focusCancel: true,
      input: { type: 'textarea', label: t('counts.tally.sheet.cancelReason') },
    });
    if (!answer.confirmed) return;
    try {
      show(
        await dialogs.whileLoading(() =>
          cancelTally(sheet.id, sheet.version, String(answer.value ?? '')),
        ),
      );
      snackbar.success(t('counts.tally.sheet.cancelled'));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await refreshCounts(queryClient);
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t('counts.tally.numbered', { number: sheet.number })}
          </Title>
          <StatusBadge status={sheet.status} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={onBack}
          >
            {t('counts.back')}
          </Button>
          <ExportButton
            fileName={exportName(`stock-tally-${sheet.number}`)}
            build={() => Promise.resolve({ csv: varianceCsv(rows), rows: rows.length })}
          />
        </Group>
      </Group>
      {sheet.remark && <Text>{sheet.remark}</Text>}
      {sheet.status !== 'open' && sheet.closedAt !== null && (
        <Text c="dimmed">
          {formatClinicInstant(sheet.closedAt, offset, DATE_FORMATS.documentTime)}{' '}
          {t('counts.tally.sheet.closedBy', {
            status: t(`counts.status.${sheet.status}`),
            name: sheet.closedByName ?? '',
            reason: sheet.reason ?? '',
          })}
        </Text>
      )}
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('counts.tally.sheet.filter')}
          placeholder={t('counts.tally.sheet.filterHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={260}
        />
        <Stack gap={0} align="flex-end">
          <Text size="sm" aria-live="polite" data-testid="tally-progress">
            {t('counts.tally.sheet.progress', {
              counted: totals.counted,
              lines: totals.lines,
              withVariance: totals.withVariance,
            })}
          </Text>
          <Text size="sm" fw={600} data-testid="tally-value">
            {t('counts.tally.sheet.valueTotal', { value: signedDollars(totals.valueCents) })}
          </Text>
        </Stack>
      </Group>
      <DataTable
        aria-label={t('counts.tally.sheet.tableLabel', { number: sheet.number })}
        minWidth={760}
        striped
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('counts.tally.sheet.cols.item')}</Table.Th>
            <Table.Th>{t('counts.tally.sheet.cols.batch')}</Table.Th>
            <Table.Th>{t('counts.tally.sheet.cols.expiry')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.expected')}</Table.Th>
            <Table.Th>{t('counts.tally.sheet.cols.counted')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.variance')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.sheet.cols.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.batchId} data-batch={row.batchNo}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={branchPath(branchCode, `inventory/stockTally/${row.itemId}`)}
                  aria-label={t('counts.tally.sheet.history', { item: row.itemName })}
                >
                  {row.itemName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.itemCode}
                </Text>
              </Table.Td>
              <Table.Td>{row.batchNo}</Table.Td>
              <Table.Td>
                {formatCalendarDate(row.expiryDate, DATE_FORMATS.picker) ||
                  t('counts.tally.sheet.noExpiry')}
              </Table.Td>
              <Table.Td ta="right">{row.expected}</Table.Td>
              <Table.Td>
                {editable ? (
                  <TextInput
                    size="xs"
                    w={96}
                    inputMode="numeric"
                    data-count-input
                    aria-label={t('counts.tally.sheet.countedLabel', {
                      item: row.itemName,
                      batch: row.batchNo,
                    })}
                    value={row.text}
                    error={row.invalid ? t('counts.tally.sheet.wholeNumber') : undefined}
                    onKeyDown={focusNextCount}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setDrafts((current) => ({ ...current, [row.batchId]: text }));
                    }}
                  />
                ) : (
                  (row.counted ?? '')
                )}
              </Table.Td>
              <Table.Td ta="right">
                <VarianceText value={row.variance}>{signed(row.variance)}</VarianceText>
              </Table.Td>
              <Table.Td ta="right">
                {row.varianceValueCents === null ? '' : signedDollars(row.varianceValueCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      {editable && changes.length > 0 && (
        <Alert color="yellow" variant="outline">
          {t('counts.tally.sheet.unsaved')}
        </Alert>
      )}
      {editable && (
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={() => void cancel()}>
            {t('counts.tally.sheet.cancelSheet')}
          </Button>
          <Button
            variant="default"
            disabled={changes.length === 0 || invalid}
            onClick={() =>
              void save().then((saved) => saved && snackbar.success(t('counts.tally.sheet.saved')))
            }
          >
            {t('counts.tally.sheet.save')}
          </Button>
          <Button disabled={invalid} onClick={() => void finalise()}>
            {t('counts.tally.sheet.finalise')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
