import {
  DISPENSE_CONFIRM,
  DISPENSE_CONFIRM_YES,
  type Invoice,
  type Payment,
  type PaymentCreated,
} from '@clinic/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { branchPath, useBranch } from '../../app/branch.ts';
import { useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import {
  dispenseThroughPayment,
  finaliseInvoice,
  updateInvoice,
  useInvoice,
  useInvoiceReload,
  useInvoiceShown,
  usePaymentMethods,
  useDispensedThroughPayment,
  useTaxOptions,
  useCompanyOptions,
  loadCompany,
  findCatalogItems,
  useVisitWaitingToDispense,
  voidInvoice,
  voidPayment,
} from './billing-api.ts';
import type { InvoiceUpdateBody } from './invoice-form.ts';
import { SchemeSummary } from '../subsidies/InvoiceSubsidy.tsx';
import { Figures, LinesTable, StatusBadge } from './parts.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';
import { BillingPrintMenu } from './BillingPrintMenu.tsx';
import { printPaymentReceipt } from './billing-prints.ts';
import '../../i18n/billing/index.ts';

// The draft's form (with the date picker) and the payment dialog load after the page.
const DraftEditor = lazy(async () => ({
  default: (await import('./DraftEditor.tsx')).DraftEditor,
}));
const InvoiceCredits = lazy(async () => ({
  default: (await import('../credit-notes/InvoiceCredits.tsx')).InvoiceCredits,
}));
const PaymentDialog = lazy(async () => ({
  default: (await import('./PaymentDialog.tsx')).PaymentDialog,
}));

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children || '-'}</Text>
    </div>
  );
}

function InvoiceHeader({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { branchCode } = useBranch();
  const billTo =
    invoice.billTo.kind === 'company'
      ? [invoice.billTo.name, invoice.billTo.address].filter(Boolean).join(', ')
      : t('billing.billToPatient');
  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Field label={t('billing.patient')}>
          <Anchor
            component={Link}
            to={branchPath(branchCode, `patients/${invoice.patient.id}/medical-records`)}
          >
            {invoice.patient.name}
          </Anchor>
        </Field>
        <Field label={t('billing.billTo')}>{billTo}</Field>
        <Field label={t('billing.number')}>{invoice.invoiceNo ?? t('billing.status.DRAFT')}</Field>
        <Field label={t('billing.invoiceDate')}>
          {formatCalendarDate(invoice.invoiceDate, DATE_FORMATS.picker)}
        </Field>
        <Field label={t('billing.dueDate')}>
          {invoice.dueDate ? formatCalendarDate(invoice.dueDate, DATE_FORMATS.picker) : ''}
        </Field>
        <Field label={t('billing.taxOption')}>{invoice.taxOption.name}</Field>
      </SimpleGrid>
      {invoice.remarks && invoice.status !== 'DRAFT' ? (
        <Text size="sm" mt="xs">{`${t('billing.remarks')}: ${invoice.remarks}`}</Text>
      ) : null}
    </Paper>
  );
}

/**
 * The invoice screen (`invoice.view`, `/{branch}/invoice/{invoiceId}`; issue 13): the
 * patient, bill-to, status and number, the lines and the server's figures. A draft is
 * edited, saved (with the version read: a 409 reloads it) and finalised; a finalised
 * invoice takes payments split across methods, lists them (void with a reason) and may be
 * voided with a reason.
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const { invoiceId = '' } = useParams();
  const { branchId, branchCode } = useBranch();
  const query = useInvoice(invoiceId);
  const show = useInvoiceShown();
  const reload = useInvoiceReload(invoiceId);
  const taxOptions = useTaxOptions();
  const companies = useCompanyOptions();
  const methods = usePaymentMethods();
  const mayUpdate = useCan('invoices:update');
  const mayPay = useCan('payments:create');
  const mayVoidPayment = useCan('payments:update');
  const mayReadDispensing = useCan('dispensing:read');
  const mayDispense = mayPay && mayReadDispensing;
  const mayPrintPayment = useCan('payments:print');
  const offset = useClinicOffset();
  const visitId = query.data?.visitId ?? '';
  // Only this branch's invoices dispense here (the visit is the invoice's branch's).
  const waiting = useVisitWaitingToDispense(
    visitId,
    mayDispense && visitId !== '' && query.data?.branchId === branchId,
  );
  const dispensed = useDispensedThroughPayment(visitId);
  const [paying, setPaying] = useState(false);

  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Skeleton height={240} />;
  const invoice = query.data;
  const ours = invoice.branchId === branchId;
  const isDraft = invoice.status === 'DRAFT';
  const isVoided = invoice.status === 'VOIDED';

  /** A refusal in words; a 409 (someone else changed it) also reloads the invoice. */
  function failed(failure: unknown) {
    if (failure instanceof ApiError && failure.status === 409) {
      void reload();
      if (failure.code === 'record.changed') {
        void dialogs.alert(t('billing.changedElsewhere'));
        return;
      }
    }
    alertFailure(failure);
  }

  /** Saves the draft; the server's field messages go back to the form (rejected). */
  async function save(body: InvoiceUpdateBody): Promise<Invoice | null> {
    try {
      const saved = await updateInvoice(invoice.id, body);
      show(saved);
      snackbar.success(t('billing.saved'));
      return saved;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
        throw failure;
      }
      failed(failure);
      return null;
    }
  }

  async function finalise(version: number) {
    const answer = await dialogs.confirm({
      title: t('billing.finaliseTitle'),
      message: t('billing.finaliseMessage'),
      okText: t('billing.finalise'),
    });
    if (!answer.confirmed) return;
    try {
      const done = await finaliseInvoice({ ...invoice, version });
      show(done);
      snackbar.success(t('billing.finalised', { number: done.invoiceNo ?? '' }));
    } catch (failure) {
      failed(failure);
    }
  }

  async function askReason(title: string, label: string): Promise<string | null> {
    const answer = await dialogs.confirm({
      title,
      okText: t('billing.payments.void'),
      focusCancel: true,
      input: { type: 'textarea', label, required: label },
    });
    return answer.confirmed ? String(answer.value ?? '') : null;
  }

  async function voidTheInvoice() {
    const reason = await askReason(t('billing.voidInvoiceTitle'), t('billing.voidInvoiceReason'));
    if (reason === null) return;
    try {
      show(await voidInvoice(invoice, reason));
      snackbar.success(t('billing.voidedInvoice'));
    } catch (failure) {
      failed(failure);
    }
  }

  async function voidThePayment(payment: Payment) {
    const reason = await askReason(
      t('billing.payments.voidTitle', { number: payment.paymentNo }),
      t('billing.payments.voidReason'),
    );
    if (reason === null) return;
    try {
      await voidPayment(payment, reason);
      snackbar.success(t('billing.payments.voidedOk', { number: payment.paymentNo }));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await reload();
    }
  }

  async function dispense(payment: Payment) {
    const answer = await dialogs.confirm({
      title: t('billing.payments.dispenseTitle'),
      message: DISPENSE_CONFIRM,
      okText: DISPENSE_CONFIRM_YES,
    });
    if (!answer.confirmed) return;
    try {
      await dispenseThroughPayment(payment);
      snackbar.success(t('billing.payments.dispensed'));
    } catch (failure) {
      alertFailure(failure);
    } finally {
      await dispensed();
    }
  }

  function printPayment(payment: Payment) {
    const title = t('billingPrints.titles.paymentReceipt', { number: payment.paymentNo });
    printPaymentReceipt(payment, title, offset).catch(alertFailure);
  }

  function paid(created: PaymentCreated) {
    show(created.invoice);
    setPaying(false);
    snackbar.success(t('billing.paid', { number: created.payment.paymentNo }));
  }

  const canTakePayment =
    mayPay && ours && !isDraft && !isVoided && invoice.balanceCents > 0 && Boolean(methods.data);
  const canVoid = mayUpdate && ours && !isVoided;
  const title = invoice.invoiceNo
    ? t('billing.title', { number: invoice.invoiceNo })
    : t('billing.draftTitle');
  return (
    <Stack gap="md">
      <Anchor
        component={Link}
        to={branchPath(
          branchCode,
          `patients/${invoice.patient.id}/medical-records/${invoice.visitId}`,
        )}
      >
        {t('billing.back')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <StatusBadge status={invoice.status} />
        </Group>
        <Group gap="xs">
          <BillingPrintMenu invoice={invoice} />
          {canTakePayment && (
            <Button onClick={() => setPaying(true)}>{t('billing.takePayment')}</Button>
          )}
          {canVoid && (
            <Button color="red.9" variant="outline" onClick={() => void voidTheInvoice()}>
              {t('billing.voidInvoice')}
            </Button>
          )}
        </Group>
      </Group>
      {invoice.voidReason && (
        <Text c="red.9">{t('billing.voidReasonShown', { reason: invoice.voidReason })}</Text>
      )}
      <InvoiceHeader invoice={invoice} />
      <SchemeSummary invoice={invoice} />
      {isDraft && mayUpdate && ours ? (
        <Suspense fallback={<Skeleton height={160} />}>
          <DraftEditor
            key={`${invoice.id}:${invoice.version}`}
            invoice={invoice}
            taxOptions={taxOptions.data ?? []}
            onSave={save}
            onFinalise={finalise}
            companies={companies.data ?? []}
            loadCompany={loadCompany}
            findItems={findCatalogItems}
          />
        </Suspense>
      ) : (
        <LinesTable invoice={invoice} />
      )}
      <Figures invoice={invoice} />
      {!isDraft && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('billing.payments.title')}
          </Title>
          {invoice.payments.length === 0 ? (
            <Text c="dimmed">{t('billing.payments.none')}</Text>
          ) : (
            <PaymentsTable
              payments={invoice.payments}
              label={t('billing.payments.label')}
              onVoid={
                mayVoidPayment && ours ? (payment) => void voidThePayment(payment) : undefined
              }
              onDispense={waiting && ours ? (payment) => void dispense(payment) : undefined}
              onPrint={mayPrintPayment && ours ? printPayment : undefined}
            />
          )}
        </Stack>
      )}
      {!isDraft && (
        <Suspense fallback={null}>
          <InvoiceCredits invoice={invoice} onChanged={reload} />
        </Suspense>
      )}
      {paying && methods.data && (
        <Suspense fallback={null}>
          <PaymentDialog
            invoice={invoice}
            methods={methods.data}
            onClose={() => setPaying(false)}
            onPaid={paid}
            onStale={() => void reload()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
