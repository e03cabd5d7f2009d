import {
  CREDIT_NOTE_TYPE,
  formatMoney,
  maxCreditNoteCents,
  maxDepositApplicationCents,
  parseMoney,
  type CreditNote,
  type Deposit,
  type DepositApplied,
  type Invoice,
  type PaymentMethodItem,
} from '@clinic/domain';
import { Alert, Button, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { applyDeposit, issueCreditNote, takeDeposit } from './credits-api.ts';
import '../../i18n/credit-notes/index.ts';

type MoneyProblem = 'notMoney' | 'fractionOfCent' | 'tooLarge' | 'zero';

/** Dollars typed, as cents or why not (a fraction of a cent is marked, never rounded). */
function centsTyped(text: string): { cents: number } | { problem: MoneyProblem } {
  const parsed = parseMoney(text);
  if (!parsed.ok) return { problem: parsed.problem };
  return parsed.cents === 0 ? { problem: 'zero' } : { cents: parsed.cents };
}

/** The dialog's save: shows the server's refusal in words; a 401/403 closes it. */
function useSave(onClose: () => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function run(work: () => Promise<void>, onStale?: () => void) {
    setSaving(true);
    setRefusal(null);
    try {
      await work();
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) {
        onClose();
        return;
      }
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      if (failure instanceof ApiError && failure.status === 409) onStale?.();
    } finally {
      setSaving(false);
    }
  }
  return { refusal, saving, run };
}

function AmountInput(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('credits.form.amount')}
      inputMode="decimal"
      required
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      data-autofocus
    />
  );
}

function Footer({ close, saving, label }: { close: () => void; saving: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="default" onClick={close}>
        {t('credits.form.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-dialog-save>
        {label}
      </Button>
    </>
  );
}

function useAmount() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [shown, setShown] = useState(false);
  const typed = centsTyped(text);
  const error = shown && 'problem' in typed ? t(`credits.form.money.${typed.problem}`) : null;
  return { text, setText, typed, error, show: () => setShown(true) };
}

/** Taking a patient's deposit: an amount in one of the clinic's methods. */
export function TakeDepositDialog(props: {
  patientId: string;
  methods: readonly PaymentMethodItem[];
  onClose: () => void;
  onTaken: (deposit: Deposit) => void;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  const [method, setMethod] = useState(props.methods[0]?.code ?? '');
  const [remarks, setRemarks] = useState('');
  const save = useSave(props.onClose);
  function submit() {
    amount.show();
    if ('problem' in amount.typed) return;
    const amountCents = amount.typed.cents;
    void save.run(async () => {
      const body = { patientId: props.patientId, amountCents, method, remarks: remarks || null };
      props.onTaken(await takeDeposit(body));
    });
  }
  return (
    <AppDialog
      title={t('credits.deposits.takeTitle')}
      onClose={props.onClose}
      dirty={amount.text !== ''}
      onSubmit={submit}
      footer={(close) => (
        <Footer close={close} saving={save.saving} label={t('credits.form.save')} />
      )}
    >
      <Stack gap="sm">
        <AmountInput value={amount.text} onChange={amount.setText} error={amount.error} />
        <NativeSelect
          label={t('credits.form.method')}
          value={method}
          onChange={(event) => setMethod(event.currentTarget.value)}
          data={props.methods.map((m) => ({ value: m.code, label: m.name }))}
        />
        <Textarea
          label={t('credits.form.remarks')}
          value={remarks}
          onChange={(event) => setRemarks(event.currentTarget.value)}
        />
        {save.refusal && (
          <Alert color="red" role="alert">
            {save.refusal}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}

/** Issuing a credit note of a finalised invoice: at most what was paid less earlier notes. */
export function CreditNoteDialog(props: {
  invoice: Invoice;
  methods: readonly PaymentMethodItem[];
  onClose: () => void;
  onIssued: (note: CreditNote) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const { invoice } = props;
  const amount = useAmount();
  const [reason, setReason] = useState('');
  const [refundMethod, setRefundMethod] = useState('');
  const save = useSave(props.onClose);
  const most = maxCreditNoteCents(invoice);
  function submit() {
    amount.show();
    if ('problem' in amount.typed) return;
    const amountCents = amount.typed.cents;
    void save.run(async () => {
      const note = await issueCreditNote({
        type: CREDIT_NOTE_TYPE.Invoice,
        invoiceId: invoice.id,
        version: invoice.version,
        amountCents,
        reason,
        refundMethod: refundMethod || null,
      });
      props.onIssued(note);
    }, props.onStale);
  }
  return (
    <AppDialog
      title={t('credits.invoice.issueTitle', { number: invoice.invoiceNo ?? '' })}
      onClose={props.onClose}
      dirty={amount.text !== '' || reason !== ''}
      onSubmit={submit}
      footer={(close) => (
        <Footer close={close} saving={save.saving} label={t('credits.form.issue')} />
      )}
    >
      <Stack gap="sm">
        <Text size="sm">{t('credits.invoice.mostCredit', { amount: formatMoney(most) })}</Text>
        <AmountInput value={amount.text} onChange={amount.setText} error={amount.error} />
        <Textarea
          label={t('credits.form.reason')}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('credits.form.refundMethod')}
          value={refundMethod}
          onChange={(event) => setRefundMethod(event.currentTarget.value)}
          data={[
            { value: '', label: t('credits.form.notGivenBack') },
            ...props.methods.map((m) => ({ value: m.code, label: m.name })),
          ]}
        />
        {save.refusal && (
          <Alert color="red" role="alert">
            {save.refusal}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}

/** Applying a deposit of the patient: at most what is left of it and the balance. */
export function ApplyDepositDialog(props: {
  invoice: Invoice;
  deposits: readonly Deposit[];
  onClose: () => void;
  onApplied: (applied: DepositApplied) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const { invoice } = props;
  const usable = props.deposits.filter((d) => d.status === 'SETTLED' && d.remainderCents > 0);
  const [depositId, setDepositId] = useState(usable[0]?.id ?? '');
  const chosen = usable.find((d) => d.id === depositId);
  const amount = useAmount();
  const save = useSave(props.onClose);
  function submit() {
    amount.show();
    if ('problem' in amount.typed || !chosen) return;
    const amountCents = amount.typed.cents;
    void save.run(async () => {
      props.onApplied(await applyDeposit(invoice, chosen.id, amountCents));
    }, props.onStale);
  }
  const most = chosen
    ? maxDepositApplicationCents({
        remainderCents: chosen.remainderCents,
        balanceCents: invoice.balanceCents,
      })
    : 0;
  return (
    <AppDialog
      title={t('credits.invoice.applyTitle', { number: invoice.invoiceNo ?? '' })}
      onClose={props.onClose}
      dirty={amount.text !== ''}
      onSubmit={submit}
      footer={(close) => (
        <Footer close={close} saving={save.saving} label={t('credits.form.apply')} />
      )}
    >
      <Stack gap="sm">
        {usable.length === 0 ? (
          <Text>{t('credits.invoice.noDeposit')}</Text>
        ) : (
          <>
            <NativeSelect
              label={t('credits.invoice.deposit')}
              value={depositId}
              onChange={(event) => setDepositId(event.currentTarget.value)}
              data={usable.map((d) => ({
                value: d.id,
                label: t('credits.invoice.depositLeft', {
                  number: d.depositNo,
                  amount: formatMoney(d.remainderCents),
                }),
              }))}
            />
            <Text size="sm">{t('credits.invoice.mostApply', { amount: formatMoney(most) })}</Text>
            <AmountInput value={amount.text} onChange={amount.setText} error={amount.error} />
          </>
        )}
        {save.refusal && (
          <Alert color="red" role="alert">
            {save.refusal}
          </Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
