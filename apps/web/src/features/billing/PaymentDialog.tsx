import type { Invoice, PaymentCreated, PaymentMethodItem } from '@clinic/domain';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { takePayment } from './billing-api.ts';
import { money } from './parts.tsx';
import { tenderSummary, type TenderRow } from './tender-form.ts';
import '../../i18n/billing/index.ts';

export interface PaymentDialogProps {
  invoice: Invoice;
  methods: readonly PaymentMethodItem[];
  onClose: () => void;
  onPaid: (created: PaymentCreated) => void;
  /** The invoice changed meanwhile (409): reload it. */
  onStale: () => void;
}

function Line({ label, cents, testId }: { label: string; cents: number | null; testId: string }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {cents === null ? '-' : money(cents)}
      </Text>
    </Group>
  );
}

/**
 * Taking a payment (issue 13: split across methods, partial, change for cash): one row per
 * tender, a method and an amount in dollars. The total tendered, what the payment takes off
 * the balance and the change (from cash only) are worked out as typed by the domain's
 * `applyTenders`, the server's own rule; what it would refuse is said in words and Pay
 * sends nothing then.
 */
export function PaymentDialog({ invoice, methods, onClose, onPaid, onStale }: PaymentDialogProps) {
  const { t } = useTranslation();
  const cash = methods.find((method) => method.givesChange) ?? methods[0];
  const [rows, setRows] = useState<TenderRow[]>(() => [
    { key: 1, method: cash?.code ?? null, amount: '' },
  ]);
  const [shown, setShown] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const summary = tenderSummary(rows, invoice.balanceCents, methods);
  const dirty = rows.some((row) => row.amount.trim() !== '');

  const change = (key: number, patch: Partial<TenderRow>) => {
    setRows(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setRefusal(null);
  };
  const add = () => {
    const used = new Set(rows.map((row) => row.method));
    const next = methods.find((method) => !used.has(method.code)) ?? methods[0];
    setRows([
      ...rows,
      { key: Math.max(...rows.map((r) => r.key)) + 1, method: next?.code ?? null, amount: '' },
    ]);
  };

  async function pay() {
    setShown(true);
    if (!summary.ok) return;
    setSaving(true);
    try {
      onPaid(await takePayment(invoice, summary.tenders));
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) {
        onClose();
        return;
      }
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      if (failure instanceof ApiError && failure.status === 409) onStale();
    } finally {
      setSaving(false);
    }
  }

  const problem = !summary.ok && (shown || summary.problem !== 'nothingTendered');
  return (
    <AppDialog
      title={t('billing.paymentTitle', { number: invoice.invoiceNo ?? '' })}
      onClose={onClose}
      dirty={dirty}
      size="lg"
      onSubmit={() => void pay()}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('billing.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('billing.pay')}
          </Button>
        </>
      )}
    >
      <Stack gap="sm">
        <Text fw={600}>{t('billing.balanceDue', { amount: money(invoice.balanceCents) })}</Text>
        {rows.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap" data-testid="tender-row">
            <NativeSelect
              label={index === 0 ? t('billing.tender.method') : undefined}
              aria-label={t('billing.tender.methodOf', { index: index + 1 })}
              value={row.method ?? ''}
              onChange={(event) => change(row.key, { method: event.currentTarget.value })}
              data={methods.map((method) => ({ value: method.code, label: method.name }))}
              style={{ flex: 1 }}
            />
            <TextInput
              label={index === 0 ? t('billing.tender.amount') : undefined}
              aria-label={t('billing.tender.amountOf', { index: index + 1 })}
              inputMode="decimal"
              value={row.amount}
              onChange={(event) => change(row.key, { amount: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            {rows.length > 1 && (
              <RemoveRowButton
                label={t('billing.tender.remove', { index: index + 1 })}
                onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
              />
            )}
          </Group>
        ))}
        <Button variant="subtle" w="fit-content" onClick={add} size="compact-sm">
          {t('billing.tender.add')}
        </Button>
        <Stack gap={2}>
          <Line label={t('billing.tendered')} cents={summary.tenderedCents} testId="tendered" />
          <Line
            label={t('billing.applied')}
            cents={summary.ok ? summary.appliedCents : null}
            testId="applied"
          />
          <Line
            label={t('billing.change')}
            cents={summary.ok ? summary.changeCents : null}
            testId="change"
          />
          <Line
            label={t('billing.balanceAfter')}
            cents={summary.ok ? summary.balanceAfterCents : null}
            testId="balance-after"
          />
        </Stack>
        {problem && !summary.ok && (
          <Alert color="red" role="alert">
            {t(`billing.tenderProblems.${summary.problem}`)}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
