import { formatMoney, type Invoice, type InvoiceStatusName } from '@clinic/domain';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { showsSubsidy, SubsidyFigure, SubsidyHeading } from '../subsidies/InvoiceSubsidy.tsx';
import '../../i18n/billing/index.ts';

/** Money as the desk reads it: '$1,234.50' (2 decimals, doc 3 section 9). */
export const money = formatMoney;

const STATUS_COLORS: Record<InvoiceStatusName, string> = {
  DRAFT: 'gray.7',
  ISSUED: 'blue.9',
  PARTIALLY: 'accent.9',
  FULLY: 'teal.9',
  FOC: 'teal.9',
  OVERDUE: 'red.9',
  VOIDED: 'red.9',
};

export function StatusBadge({ status }: { status: InvoiceStatusName }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} data-testid="invoice-status">
      {t(`billing.status.${status}`)}
    </Badge>
  );
}

/** A discount as written on a line: '$1.50' or '10%'; nothing for none. */
export function discountWords(discount: Invoice['discount']): string {
  if (!discount) return '';
  return discount.kind === 'amount' ? money(discount.value) : `${discount.value / 100}%`;
}

/** The invoice's lines as billed (a finalised or voided invoice, or one only read). */
export function LinesTable({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (invoice.lines.length === 0) return <Text c="dimmed">{t('billing.lines.none')}</Text>;
  return (
    <DataTable aria-label={t('billing.lines.label')} minWidth={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.lines.code')}</Table.Th>
          <Table.Th>{t('billing.lines.name')}</Table.Th>
          <Table.Th ta="right">{t('billing.lines.quantity')}</Table.Th>
          <Table.Th>{t('billing.lines.unit')}</Table.Th>
          <Table.Th ta="right">{t('billing.lines.unitPrice')}</Table.Th>
          <Table.Th ta="right">{t('billing.lines.discount')}</Table.Th>
          <Table.Th ta="right">{t('billing.lines.tax')}</Table.Th>
          <Table.Th ta="right">{t('billing.lines.amount')}</Table.Th>
          {showsSubsidy(invoice) && (
            <Table.Th ta="right">
              <SubsidyHeading />
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((line) => (
          <Table.Tr key={line.id} data-testid="invoice-line">
            <Table.Td>{line.code}</Table.Td>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td>{line.unit ?? ''}</Table.Td>
            <Table.Td ta="right">{money(line.unitPriceCents)}</Table.Td>
            <Table.Td ta="right">{discountWords(line.discount)}</Table.Td>
            <Table.Td ta="right">{money(line.taxCents)}</Table.Td>
            <Table.Td ta="right">{money(line.subtotalCents)}</Table.Td>
            {showsSubsidy(invoice) && (
              <Table.Td ta="right" data-testid="line-subsidy">
                {money(line.subsidyCents)}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** One figure of the totals, its value marked for tests (`figure-grandTotal`). */
function Figure({ name, cents, strong }: { name: FigureName; cents: number; strong?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {t(`billing.figures.${name}`)}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={`figure-${name}`}>
        {money(cents)}
      </Text>
    </Group>
  );
}

type FigureName =
  'subtotal' | 'discount' | 'tax' | 'rounding' | 'grandTotal' | 'paid' | 'credited' | 'balance';

/** The server's figures of the invoice (the domain's `invoiceTotals`; frozen once finalised). */
export function Figures({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" maw={360} ml="auto" w="100%">
      <Stack gap={4} role="group" aria-label={t('billing.figures.label')}>
        <Figure name="subtotal" cents={invoice.subtotalCents} />
        <Figure name="discount" cents={invoice.discountCents} />
        <Figure name="tax" cents={invoice.taxCents} />
        <SubsidyFigure invoice={invoice} />
        <Figure name="rounding" cents={invoice.roundingCents} />
        <Figure name="grandTotal" cents={invoice.grandTotalCents} strong />
        <Figure name="paid" cents={invoice.paidCents} />
        {/* What credit notes took off the bill, as the printed invoice says it. */}
        {invoice.creditedCents > 0 && <Figure name="credited" cents={invoice.creditedCents} />}
        <Figure name="balance" cents={invoice.balanceCents} strong />
      </Stack>
    </Paper>
  );
}
