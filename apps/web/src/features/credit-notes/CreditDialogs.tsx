import {
  CREDIT_NOTE_TYPE,
  formatCents,
  formatMoney,
  maxCreditNoteCents,
  maxDepositApplicationCents,
  parseMoney,
  returnableQuantity,
  returnedBefore,
  returnedValueCents,
  sumCents,
  type CreditNote,
  type Deposit,
  type DepositApplied,
  type Invoice,
  type InvoiceLine,
  type PaymentMethodItem,
} from '@clinic/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
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

type CreditKind = 'invoice' | 'goodsReturn';

/** Quantities typed per invoice line, by line id ('' or absent: none comes back). */
type Quantities = Readonly<Record<string, string>>;

type QuantityProblem = 'notWhole' | 'aboveReturnable';

/** Why a typed quantity cannot come back, or null ('' is none). */
function quantityProblem(text: string, returnable: number): QuantityProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'notWhole';
  return Number(trimmed) > returnable ? 'aboveReturnable' : null;
}

/** The lines to send: those with a whole quantity above 0, in the invoice's order. */
function returnedLinesOf(lines: readonly InvoiceLine[], quantities: Quantities) {
  return lines.flatMap((line) => {
    const text = (quantities[line.id] ?? '').trim();
    return /^\d+$/.test(text) && Number(text) > 0
      ? [{ lineId: line.id, quantity: Number(text) }]
      : [];
  });
}

/** What the returned lines are worth: the amount offered until the user types one. */
function returnedValueOf(lines: readonly InvoiceLine[], quantities: Quantities): number {
  const returned = returnedLinesOf(lines, quantities);
  return sumCents(
    returned.map(({ lineId, quantity }) =>
      returnedValueCents(
        lines.find((line) => line.id === lineId)!,
        quantity,
      ),
    ),
  );
}

/** The invoice's lines with a quantity to return each, and what earlier notes took back. */
function GoodsReturnLines(props: {
  lines: readonly InvoiceLine[];
  before: ReadonlyMap<string, number>;
  quantities: Quantities;
  onChange: (lineId: string, text: string) => void;
  errorOf: (line: InvoiceLine) => string | null;
}) {
  const { t } = useTranslation();
  return (
    <DataTable aria-label={t('credits.goods.lines')} minWidth={420}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('credits.goods.item')}</Table.Th>
          <Table.Th ta="right">{t('credits.goods.billed')}</Table.Th>
          <Table.Th ta="right">{t('credits.goods.returnedBefore')}</Table.Th>
          <Table.Th>{t('credits.goods.quantity')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td ta="right">{props.before.get(line.id) ?? 0}</Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('credits.goods.quantityOf', { name: line.name })}
                inputMode="numeric"
                w={96}
                value={props.quantities[line.id] ?? ''}
                disabled={returnableQuantity(line, props.before) === 0}
                onChange={(event) => props.onChange(line.id, event.currentTarget.value)}
                error={props.errorOf(line)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/** The goods-return part of the dialog: quantities per line, checked as typed. */
function useGoodsReturn(invoice: Invoice, earlierNotes: readonly CreditNote[]) {
  const { t } = useTranslation();
  const [quantities, setQuantities] = useState<Quantities>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const lines = invoice.lines.filter((line) => line.quantity > 0);
  const before = returnedBefore(earlierNotes);
  const problemOf = (line: InvoiceLine) =>
    quantityProblem(quantities[line.id] ?? '', returnableQuantity(line, before));
  const returned = returnedLinesOf(lines, quantities);
  const valid = lines.every((line) => problemOf(line) === null);
  function errorOf(line: InvoiceLine): string | null {
    const problem = problemOf(line);
    if (problem === 'aboveReturnable') {
      return t('credits.goods.aboveReturnable', { count: returnableQuantity(line, before) });
    }
    return problem ? t('credits.goods.notWhole') : (serverErrors[line.id] ?? null);
  }
  function change(lineId: string, text: string) {
    setQuantities((typed) => ({ ...typed, [lineId]: text }));
    setServerErrors(({ [lineId]: _gone, ...rest }) => rest);
  }
  /** The server's refusals of `returnedLines.{i}.…`, put on the line sent at `i`. */
  function placeServerErrors(errors: ReadonlyArray<{ field: string; message: string }>) {
    const placed: Record<string, string> = {};
    for (const error of errors) {
      const index = /^returnedLines\.(\d+)\./.exec(error.field)?.[1];
      const sent = index === undefined ? undefined : returned[Number(index)];
      if (sent) placed[sent.lineId] = error.message;
    }
    setServerErrors(placed);
    return Object.keys(placed).length > 0;
  }
  return {
    lines,
    before,
    quantities,
    returned,
    valid,
    valueCents: returnedValueOf(lines, quantities),
    errorOf,
    change,
    placeServerErrors,
  };
}

/**
 * Issuing a credit note of a finalised invoice (at most what was paid less earlier notes):
 * of the invoice (type 3), or of goods returned (type 2), whose medicine goes back into
 * the batches it was dispensed from. A goods return offers what the returned units billed.
 */
export function CreditNoteDialog(props: {
  invoice: Invoice;
  /** The invoice's credit notes so far: what earlier goods returns took back. */
  earlierNotes: readonly CreditNote[];
  methods: readonly PaymentMethodItem[];
  onClose: () => void;
  onIssued: (note: CreditNote) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const { invoice } = props;
  const [kind, setKind] = useState<CreditKind>('invoice');
  const goods = useGoodsReturn(invoice, props.earlierNotes);
  // null: not typed, so the amount follows what the returned goods are worth.
  const [amountText, setAmountText] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [reason, setReason] = useState('');
  const [refundMethod, setRefundMethod] = useState('');
  const [amountRefusal, setAmountRefusal] = useState<string | null>(null);
  const [noLines, setNoLines] = useState(false);
  const save = useSave(props.onClose);
  const most = maxCreditNoteCents(invoice);
  const isGoods = kind === 'goodsReturn';
  const offered = isGoods && goods.valueCents > 0 ? Math.min(goods.valueCents, most) : null;
  const text = amountText ?? (offered === null ? '' : formatCents(offered));
  const typed = centsTyped(text);
  const amountProblem =
    'problem' in typed
      ? t(`credits.form.money.${typed.problem}`)
      : typed.cents > most
        ? t('credits.invoice.aboveMost', { amount: formatMoney(most) })
        : null;
  function submit() {
    setShown(true);
    setNoLines(isGoods && goods.returned.length === 0);
    if ('problem' in typed || typed.cents > most) return;
    if (isGoods && (!goods.valid || goods.returned.length === 0)) return;
    const amountCents = typed.cents;
    setAmountRefusal(null);
    void save.run(async () => {
      try {
        const note = await issueCreditNote({
          type: isGoods ? CREDIT_NOTE_TYPE.GoodsReturn : CREDIT_NOTE_TYPE.Invoice,
          invoiceId: invoice.id,
          version: invoice.version,
          amountCents,
          reason,
          refundMethod: refundMethod || null,
          ...(isGoods ? { returnedLines: goods.returned } : {}),
        });
        props.onIssued(note);
      } catch (failure) {
        if (!(failure instanceof ApiError) || failure.status !== 400) throw failure;
        const onAmount = failure.fieldMessage('amountCents');
        if (onAmount) setAmountRefusal(onAmount);
        if (!goods.placeServerErrors(failure.errors) && !onAmount) throw failure;
      }
    }, props.onStale);
  }
  return (
    <AppDialog
      title={t('credits.invoice.issueTitle', { number: invoice.invoiceNo ?? '' })}
      size={isGoods ? 'lg' : undefined}
      onClose={props.onClose}
      dirty={amountText !== null || reason !== '' || goods.returned.length > 0}
      onSubmit={submit}
      footer={(close) => (
        <Footer close={close} saving={save.saving} label={t('credits.form.issue')} />
      )}
    >
      <Stack gap="sm">
        <Radio.Group label={t('credits.goods.kind')} value={kind} onChange={setKind}>
          <Group gap="md" mt={4}>
            <Radio value="invoice" label={t('credits.goods.kinds.invoice')} />
            <Radio value="goodsReturn" label={t('credits.goods.kinds.goodsReturn')} />
          </Group>
        </Radio.Group>
        {isGoods && (
          <>
            <Text size="sm">{t('credits.goods.backIntoStock')}</Text>
            <GoodsReturnLines
              lines={goods.lines}
              before={goods.before}
              quantities={goods.quantities}
              onChange={(lineId, value) => {
                setNoLines(false);
                goods.change(lineId, value);
              }}
              errorOf={goods.errorOf}
            />
            {noLines && (
              <Text size="sm" c="red" role="alert">
                {t('credits.goods.noLines')}
              </Text>
            )}
          </>
        )}
        <Text size="sm">{t('credits.invoice.mostCredit', { amount: formatMoney(most) })}</Text>
        <AmountInput
          value={text}
          onChange={(value) => {
            setAmountRefusal(null);
            setAmountText(value);
          }}
          error={amountRefusal ?? (shown ? amountProblem : null)}
        />
        {isGoods && <Text size="sm">{t('credits.goods.amountOffered')}</Text>}
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
