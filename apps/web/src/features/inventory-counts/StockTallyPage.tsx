import type { TallySheet } from '@clinic/domain';
import { Button, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { CountSheet } from './CountSheet.tsx';
import { COUNTS_PAGE_SIZE, useTallies, useTallySheet } from './counts-api.ts';
import { NewTallyDialog } from './NewTallyDialog.tsx';
import { ListHeader, ListStatus, Pager, signedDollars, StatusBadge } from './parts.tsx';
import '../../i18n/inventory-counts/index.ts';

/** A sheet by its id in the address (`?sheet=`), so a reload or a link shows it again. */
function SheetView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const sheet = useTallySheet(branchId, id);
  if (!sheet.data) return <Text c="dimmed">{t('counts.loading')}</Text>;
  return <CountSheet key={id} data={sheet.data} onBack={onBack} />;
}

/** inventory/stockTally (doc 3 section 2.4): the branch's count sheets, and one of them. */
export function StockTallyPage() {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const [params, setParams] = useSearchParams();
  const [pageIndex, setPageIndex] = useState(1);
  const [adding, setAdding] = useState(false);
  const mayRead = useCan('inventory:read');
  const mayCreate = useCan('inventory:create');
  const list = useTallies(mayRead ? branchId : undefined, pageIndex);
  const rows = list.data?.items ?? [];
  const sheetId = params.get('sheet');
  const showSheet = (sheet: { sheet: { id: string } } | string) =>
    setParams({ sheet: typeof sheet === 'string' ? sheet : sheet.sheet.id });

  if (!mayRead) return <Text>{t('counts.notAllowed')}</Text>;
  if (sheetId) return <SheetView id={sheetId} onBack={() => setParams({})} />;
  return (
    <Stack>
      <ListHeader title={t('counts.tally.title')}>
        {mayCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('counts.tally.newSheet')}
          </Button>
        )}
      </ListHeader>
      <DataTable aria-label={t('counts.tally.tableLabel')} minWidth={640} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('counts.tally.cols.number')}</Table.Th>
            <Table.Th>{t('counts.tally.cols.status')}</Table.Th>
            <Table.Th>{t('counts.tally.cols.opened')}</Table.Th>
            <Table.Th>{t('counts.tally.cols.counted')}</Table.Th>
            <Table.Th ta="right">{t('counts.tally.cols.value')}</Table.Th>
            <Table.Th>{t('counts.tally.cols.remark')}</Table.Th>
            <ActionTh>{t('counts.actions')}</ActionTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>#{row.number}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                {formatClinicInstant(row.createdAt, offset, DATE_FORMATS.documentTime)}
              </Table.Td>
              <Table.Td>
                {t('counts.tally.countedOf', { counted: row.countedCount, lines: row.lineCount })}
              </Table.Td>
              <Table.Td ta="right">{signedDollars(row.varianceValueCents)}</Table.Td>
              <Table.Td>{row.remark}</Table.Td>
              <ActionTd>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  data-primary-action
                  aria-label={
                    row.status === 'open'
                      ? t('counts.tally.continueOne', { number: row.number })
                      : t('counts.tally.viewOne', { number: row.number })
                  }
                  onClick={() => showSheet(row.id)}
                >
                  {row.status === 'open' ? t('counts.tally.continue') : t('counts.tally.view')}
                </Button>
              </ActionTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      <ListStatus
        pending={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        none={t('counts.tally.none')}
      />
      <Pager
        page={pageIndex}
        total={list.data?.total ?? 0}
        pageSize={COUNTS_PAGE_SIZE}
        onPage={setPageIndex}
      />
      {adding && (
        <NewTallyDialog
          onClose={() => setAdding(false)}
          onOpened={(sheet: TallySheet) => {
            setAdding(false);
            showSheet(sheet);
          }}
        />
      )}
    </Stack>
  );
}
