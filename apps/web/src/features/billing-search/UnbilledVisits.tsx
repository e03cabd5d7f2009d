import { Alert, Badge, Center, Paper, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { Can } from '../../app/permissions.tsx';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { BillVisitButton } from '../billing/BillVisitButton.tsx';
import { useUnbilledVisits } from './search-api.ts';
import '../../i18n/billing-search/index.ts';

/**
 * The patient's unbilled visits (doc 2 section 2.1, invoices/unbills): visits with no
 * invoice that is not voided, each with 'Bill this visit' where this branch may bill it.
 */
export function UnbilledVisits({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const query = useUnbilledVisits(patientId);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={120} />;
  if (query.data.items.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Center>
          <Text data-testid="none-yet">{t('billingSearch.unbilled.none')}</Text>
        </Center>
      </Paper>
    );
  }
  return (
    <DataTable aria-label={t('billingSearch.unbilled.label')} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billingSearch.unbilled.visitDate')}</Table.Th>
          <Table.Th>{t('billingSearch.unbilled.branch')}</Table.Th>
          <Table.Th>{t('billingSearch.unbilled.doctor')}</Table.Th>
          <Table.Th ta="right">{t('billingSearch.unbilled.lines')}</Table.Th>
          <ActionTh>{t('billingSearch.unbilled.bill')}</ActionTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.items.map((visit) => (
          <Table.Tr key={visit.id} data-testid="unbilled-visit">
            <Table.Td>{formatClinicInstant(visit.visitedAt, offset, DATE_FORMATS.queue)}</Table.Td>
            <Table.Td>{visit.branchCode}</Table.Td>
            <Table.Td>{visit.doctorName}</Table.Td>
            <Table.Td ta="right">{visit.lineCount}</Table.Td>
            <ActionTd>
              {visit.billable ? (
                <Can permission="invoices:create">
                  <BillVisitButton visitId={visit.id} />
                </Can>
              ) : (
                <Badge color="gray.7">
                  {t('billingSearch.unbilled.otherBranch', { branch: visit.branchCode })}
                </Badge>
              )}
            </ActionTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
