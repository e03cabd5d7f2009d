import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBranch } from '../../app/branch.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { money, PurchasingNav, usePurchasingPath } from './parts.tsx';
import { useReceivedNote } from './purchasing-api.ts';

/**
 * A goods received note (doc 3 section 2.4 `received/{receivedId}` and
 * `purchases/received/{receivedId}`): what arrived, in which batches. `fromOrder` links
 * back to its purchase order rather than to the list.
 */
export function ReceivedPage({ fromOrder = false }: { fromOrder?: boolean }) {
  const { t } = useTranslation();
  const path = usePurchasingPath();
  const { branchId } = useBranch();
  const { receivedId = '' } = useParams();
  const note = useReceivedNote(branchId, receivedId);
  const data = note.data;
  const back =
    data && fromOrder
      ? {
          to: path(`purchases/${data.purchaseId}`),
          label: t('purchasing.backToOrder', { number: data.purchaseNo }),
        }
      : { to: path('received'), label: t('purchasing.backReceived') };
  return (
    <Stack>
      <PurchasingNav />
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
      {note.isPending && <Text c="dimmed">{t('purchasing.loading')}</Text>}
      {note.isError && <Text>{t('purchasing.receivedNotFound')}</Text>}
      {data && (
        <>
          <Title order={1} size="h2">
            {t('purchasing.receivedDetailTitle', { number: data.receivedNo })}
          </Title>
          <Group gap="xl">
            <Text>
              {t('purchasing.ofOrder')}:{' '}
              <Anchor component={Link} to={path(`purchases/${data.purchaseId}`)}>
                {data.purchaseNo}
              </Anchor>
            </Text>
            <Text>
              {t('purchasing.cols.supplier')}: {data.supplier.name}
            </Text>
            <Text>
              {t('purchasing.cols.receivedDate')}: {data.receivedDate}
            </Text>
            <Text>
              {t('purchasing.cols.invoiceNo')}: {data.supplierInvoiceNo ?? '-'}
            </Text>
            <Text>
              {t('purchasing.cols.grnNo')}: {data.supplierGrnNo ?? '-'}
            </Text>
          </Group>
          <DataTable
            aria-label={t('purchasing.receivedDetailTitle', { number: data.receivedNo })}
            minWidth={640}
            striped
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('purchasing.cols.item')}</Table.Th>
                <Table.Th>{t('purchasing.cols.batchNo')}</Table.Th>
                <Table.Th>{t('purchasing.cols.expiryDate')}</Table.Th>
                <Table.Th ta="right">{t('purchasing.cols.quantity')}</Table.Th>
                <Table.Th ta="right">{t('purchasing.cols.unitCost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.itemCode} {line.itemName}
                  </Table.Td>
                  <Table.Td>{line.batchNo}</Table.Td>
                  <Table.Td>{line.expiryDate ?? '-'}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{money(line.unitCostCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
          <Text fw={700} ta="right">
            {t('purchasing.cols.cost')}: {money(data.totalCostCents)}
          </Text>
        </>
      )}
    </Stack>
  );
}
