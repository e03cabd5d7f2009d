import type { Purchase, PurchaseReceiptAnswer } from '@clinic/domain';
import { Button, SimpleGrid, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import type { TextKey } from '../../i18n/index.ts';
import {
  checkReceipt,
  receiptValues,
  type Problems,
  type ReceiptRow,
  type ReceiptValues,
} from './purchase-form.ts';
import { receivePurchase } from './purchasing-api.ts';
import '../../i18n/purchasing/index.ts';

/**
 * Receiving a delivery against a confirmed order: per open line the quantity that arrived
 * (what remains by default; blank for none), its batch number and expiry date; the
 * supplier's invoice and delivery numbers and the date.
 */
export function ReceiveDialog({
  order,
  today,
  onClose,
  onReceived,
}: {
  order: Purchase;
  today: string;
  onClose: () => void;
  onReceived: (answer: PurchaseReceiptAnswer) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReceiptValues>(() => receiptValues(order, today));
  const [problems, setProblems] = useState<Problems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const error = (path: string, remaining?: number) =>
    serverErrors[path] ??
    (problems[path] ? t(problems[path] as TextKey, { remaining }) : undefined);
  const setRow = (index: number, patch: Partial<ReceiptRow>) =>
    setValues({
      ...values,
      rows: values.rows.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    });

  async function save() {
    const result = checkReceipt(values);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      onReceived(await receivePurchase(order.id, result.body));
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.errors.length === 0) throw failure;
      // The server names lines of the body (rows left blank are not in it).
      const sent = values.rows
        .map((row, index) => ({ row, index }))
        .filter(({ row }) => row.quantity.trim() !== '');
      setServerErrors(
        Object.fromEntries(
          failure.errors.map((problem) => {
            const match = /^lines\.(\d+)\.(\w+)$/.exec(problem.field);
            const index = match ? sent[Number(match[1])]?.index : undefined;
            const field = match?.[2] === 'purchaseLineId' ? 'quantity' : match?.[2];
            const path = index === undefined ? problem.field : `rows.${index}.${field}`;
            return [path, problem.message];
          }),
        ),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title={t('purchasing.receiveTitle', { number: order.purchaseNo })}
      onClose={onClose}
      size="xl"
      dirty
      onSubmit={() => void save()}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('purchasing.receiveSave')}
          </Button>
        </>
      )}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            required
            label={t('purchasing.fields.receivedDate')}
            value={values.receivedDate}
            onChange={(event) => setValues({ ...values, receivedDate: event.currentTarget.value })}
            error={error('receivedDate')}
            data-autofocus
          />
          <TextInput
            label={t('purchasing.fields.invoiceNo')}
            value={values.supplierInvoiceNo}
            onChange={(event) =>
              setValues({ ...values, supplierInvoiceNo: event.currentTarget.value })
            }
            error={error('supplierInvoiceNo')}
          />
          <TextInput
            label={t('purchasing.fields.grnNo')}
            value={values.supplierGrnNo}
            onChange={(event) => setValues({ ...values, supplierGrnNo: event.currentTarget.value })}
            error={error('supplierGrnNo')}
          />
        </SimpleGrid>
        <DataTable
          aria-label={t('purchasing.receiveTitle', { number: order.purchaseNo })}
          minWidth={640}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('purchasing.cols.item')}</Table.Th>
              <Table.Th ta="right">{t('purchasing.cols.remaining')}</Table.Th>
              <Table.Th>{t('purchasing.cols.quantity')}</Table.Th>
              <Table.Th>{t('purchasing.cols.batchNo')}</Table.Th>
              <Table.Th>{t('purchasing.cols.expiryDate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.rows.map((row, index) => (
              <Table.Tr key={row.purchaseLineId}>
                <Table.Td>{row.itemName}</Table.Td>
                <Table.Td ta="right">{row.remaining}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchasing.receiveQuantityOf', { name: row.itemName })}
                    inputMode="numeric"
                    value={row.quantity}
                    onChange={(event) => setRow(index, { quantity: event.currentTarget.value })}
                    error={error(`rows.${index}.quantity`, row.remaining)}
                    w={110}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('purchasing.batchOf', { name: row.itemName })}
                    value={row.batchNo}
                    onChange={(event) => setRow(index, { batchNo: event.currentTarget.value })}
                    error={error(`rows.${index}.batchNo`)}
                    w={150}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="date"
                    aria-label={t('purchasing.expiryOf', { name: row.itemName })}
                    value={row.expiryDate}
                    onChange={(event) => setRow(index, { expiryDate: event.currentTarget.value })}
                    error={error(`rows.${index}.expiryDate`)}
                    w={160}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </Stack>
    </AppDialog>
  );
}
