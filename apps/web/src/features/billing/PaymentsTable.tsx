import type { Payment } from '@clinic/domain';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { ActionTd, ActionTh, DataTable } from '../../components/DataTable.tsx';
import { money } from './parts.tsx';
import '../../i18n/billing/index.ts';
import '../../i18n/billing-prints/index.ts';

export interface PaymentsTableProps {
  payments: readonly Payment[];
  label: string;
  /** Void a payment (a role with `payments:update`); none: no Void button. */
  onVoid?: (payment: Payment) => void;
  /** Dispense the visit's medicines through a payment; none: no Dispense button. */
  onDispense?: (payment: Payment) => void;
  /** Shows the invoice's number (the patient's payments of several invoices). */
  withInvoice?: boolean;
  /** Print a payment's receipt (voided ones too: they print as VOIDED); none: no Print button. */
  onPrint?: (payment: Payment) => void;
}

/** Payments with their receipt numbers, methods, amounts and change. */
export function PaymentsTable({
  payments,
  label,
  onVoid,
  onDispense,
  withInvoice,
  onPrint,
}: PaymentsTableProps) {
  const { t } = useTranslation();
  const withActions = Boolean(onVoid ?? onDispense ?? onPrint);
  return (
    <DataTable aria-label={label} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.payments.receipt')}</Table.Th>
          {withInvoice && <Table.Th>{t('billing.payments.invoice')}</Table.Th>}
          <Table.Th>{t('billing.payments.date')}</Table.Th>
          <Table.Th>{t('billing.payments.methods')}</Table.Th>
          <Table.Th ta="right">{t('billing.payments.amount')}</Table.Th>
          <Table.Th ta="right">{t('billing.payments.change')}</Table.Th>
          <Table.Th>{t('billing.payments.status')}</Table.Th>
          {withActions && <ActionTh>{t('billing.payments.actions')}</ActionTh>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((payment) => {
          const voided = payment.status === 'VOIDED';
          return (
            <Table.Tr key={payment.id} data-testid="payment-row">
              <Table.Td>{payment.paymentNo}</Table.Td>
              {withInvoice && <Table.Td>{payment.invoiceNo ?? ''}</Table.Td>}
              <Table.Td>{formatCalendarDate(payment.paymentDate, DATE_FORMATS.picker)}</Table.Td>
              <Table.Td>
                {payment.tenders.map((tender) => (
                  <Text key={tender.method} size="sm">
                    {`${tender.methodName} ${money(tender.amountCents)}`}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td ta="right">{money(payment.amountCents)}</Table.Td>
              <Table.Td ta="right">{money(payment.changeCents)}</Table.Td>
              <Table.Td>
                {voided ? (
                  <Badge color="red.9" title={payment.voidReason ?? undefined}>
                    {t('billing.payments.voided')}
                  </Badge>
                ) : (
                  <Badge color="teal.9">{t('billing.payments.settled')}</Badge>
                )}
              </Table.Td>
              {withActions && (
                <ActionTd>
                  <Group gap={4} wrap="nowrap">
                    {onPrint && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('billingPrints.printPaymentOf', {
                          number: payment.paymentNo,
                        })}
                        onClick={() => onPrint(payment)}
                      >
                        {t('billingPrints.printPayment')}
                      </Button>
                    )}
                    {!voided && (
                      <>
                        {onDispense && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={t('billing.payments.dispenseOf', {
                              number: payment.paymentNo,
                            })}
                            onClick={() => onDispense(payment)}
                          >
                            {t('billing.payments.dispense')}
                          </Button>
                        )}
                        {onVoid && (
                          <Button
                            size="compact-sm"
                            color="red.9"
                            variant="outline"
                            aria-label={t('billing.payments.voidOf', { number: payment.paymentNo })}
                            onClick={() => onVoid(payment)}
                          >
                            {t('billing.payments.void')}
                          </Button>
                        )}
                      </>
                    )}
                  </Group>
                </ActionTd>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}
