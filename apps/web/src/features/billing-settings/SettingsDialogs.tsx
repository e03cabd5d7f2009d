import type { PaymentMethodRecord, TaxOptionRecord } from '@clinic/domain';
import { Alert, Button, Checkbox, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { DateField } from '../../components/DateField.tsx';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import { i18n } from '../../i18n/index.ts';
import {
  createPaymentMethod,
  createTaxOption,
  updatePaymentMethod,
  updateTaxOption,
} from './billing-settings-api.ts';
import {
  newTaxBody,
  paymentMethodBody,
  paymentMethodEditBody,
  percentText,
  taxEditBody,
  taxEditValues,
  type FormRuleKey,
  type NewTaxValues,
  type PaymentMethodValues,
  type TaxEditValues,
} from './settings-forms.ts';
import '../../i18n/billing-settings/index.ts';

/** The form's messages in words, from the plain check's rule keys. */
function messages(checked: { ok: true } | { ok: false; problems: Record<string, FormRuleKey> }) {
  if (checked.ok) return {};
  return Object.fromEntries(
    Object.entries(checked.problems).map(([path, key]) => [path, i18n.t(key)]),
  );
}

/** The form field a server's field names: a rate's date and figure go on the new-rate fields. */
function formFieldOf(serverField: string): string {
  if (/^(add)?[rR]ates\.\d+\.effectiveFrom$/.test(serverField)) return 'effectiveFrom';
  if (/^(add)?[rR]ates\.\d+\.rateBasisPoints$/.test(serverField)) return 'ratePercent';
  if (/^(add)?[rR]ates$/.test(serverField)) return 'ratePercent';
  return serverField;
}

/** What saving needs of a form: its field names and a place for the server's messages. */
interface FieldsOfForm {
  getValues: () => object;
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * Sends the form: a refusal naming fields of the form goes on them; anything else is
 * alerted in the server's words, and a 409 (changed by someone else meanwhile) closes the
 * dialog and reads the list again.
 */
function useSave(form: FieldsOfForm, onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  async function save(send: () => Promise<unknown>) {
    setBusy(true);
    try {
      await send();
      onSaved();
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.errors : [];
      const placed = errors
        .map((error) => ({ field: formFieldOf(error.field), message: error.message }))
        .filter((error) => error.field in form.getValues());
      if (placed.length > 0) {
        form.setErrors(Object.fromEntries(placed.map((error) => [error.field, error.message])));
      } else {
        alertFailure(failure);
        if (failure instanceof ApiError && failure.status === 409) onSaved();
      }
    } finally {
      setBusy(false);
    }
  }
  return { busy, save };
}

interface DialogFrameProps {
  title: string;
  dirty: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

function DialogFrame({ title, dirty, busy, onClose, onSubmit, children }: DialogFrameProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      title={title}
      onClose={onClose}
      dirty={dirty}
      size="lg"
      onSubmit={onSubmit}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('billingSettings.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-dialog-save>
            {t('billingSettings.save')}
          </Button>
        </>
      )}
    >
      <Stack gap="sm">{children}</Stack>
    </AppDialog>
  );
}

export interface DialogProps {
  onClose: () => void;
  onSaved: () => void;
}

/** A new tax option (last in the order) with its first rate and the date it takes effect. */
export function NewTaxOptionDialog({ today, onClose, onSaved }: DialogProps & { today: string }) {
  const { t } = useTranslation();
  const { form, check } = useCheckedForm<NewTaxValues>({
    initialValues: { code: '', name: '', ratePercent: '', effectiveFrom: today },
    validate: (values) => messages(newTaxBody(values)),
  });
  const { busy, save } = useSave(form, onSaved);
  const submit = () => {
    if (!check()) return;
    const checked = newTaxBody(form.getValues());
    if (checked.ok) void save(() => createTaxOption(checked.body));
  };
  return (
    <DialogFrame
      title={t('billingSettings.tax.newTitle')}
      dirty={form.isDirty()}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('billingSettings.code')} withAsterisk {...form.getInputProps('code')} />
        <TextInput label={t('billingSettings.name')} withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label={t('billingSettings.tax.ratePercent')}
          withAsterisk
          inputMode="decimal"
          {...form.getInputProps('ratePercent')}
        />
        <DateField
          label={t('billingSettings.tax.effectiveFrom')}
          withAsterisk
          value={form.getValues().effectiveFrom}
          onChange={(value) => form.setFieldValue('effectiveFrom', value)}
          error={form.errors.effectiveFrom}
        />
      </SimpleGrid>
      <Alert color="gray">{t('billingSettings.tax.finalisedNote')}</Alert>
    </DialogFrame>
  );
}

/** A tax option's name and active flag, and a new rate from a date (the history is kept). */
export function TaxOptionDialog({
  option,
  onClose,
  onSaved,
}: DialogProps & { option: TaxOptionRecord }) {
  const { t } = useTranslation();
  const { form, check } = useCheckedForm<TaxEditValues>({
    initialValues: taxEditValues(option),
    validate: (values) => messages(taxEditBody(values, option.version)),
  });
  const { busy, save } = useSave(form, onSaved);
  const submit = () => {
    if (!check()) return;
    const checked = taxEditBody(form.getValues(), option.version);
    if (checked.ok) void save(() => updateTaxOption(option.id, checked.body));
  };
  return (
    <DialogFrame
      title={t('billingSettings.tax.editTitle', { code: option.code })}
      dirty={form.isDirty()}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput label={t('billingSettings.name')} withAsterisk {...form.getInputProps('name')} />
      <Checkbox
        label={t('billingSettings.active')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
      <Text fw={600} size="sm">
        {t('billingSettings.tax.history')}
      </Text>
      <List size="sm">
        {option.rates.map((rate) => (
          <List.Item key={rate.effectiveFrom}>
            {t('billingSettings.tax.rateFrom', {
              rate: percentText(rate.rateBasisPoints),
              date: formatCalendarDate(rate.effectiveFrom, DATE_FORMATS.picker),
            })}
          </List.Item>
        ))}
      </List>
      <Text fw={600} size="sm">
        {t('billingSettings.tax.addRate')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('billingSettings.tax.newRatePercent')}
          inputMode="decimal"
          {...form.getInputProps('ratePercent')}
        />
        <DateField
          label={t('billingSettings.tax.effectiveFrom')}
          value={form.getValues().effectiveFrom}
          onChange={(value) => form.setFieldValue('effectiveFrom', value)}
          error={form.errors.effectiveFrom}
        />
      </SimpleGrid>
      <Alert color="gray">{t('billingSettings.tax.finalisedNote')}</Alert>
    </DialogFrame>
  );
}

const methodValues = (method: PaymentMethodRecord | null): PaymentMethodValues => ({
  code: method?.code ?? '',
  name: method?.name ?? '',
  givesChange: method?.givesChange ?? false,
  isActive: method?.isActive ?? true,
});

/** A payment method: code (new only), name, gives change; active on edit. */
export function PaymentMethodDialog({
  method,
  onClose,
  onSaved,
}: DialogProps & { method: PaymentMethodRecord | null }) {
  const { t } = useTranslation();
  const check = (values: PaymentMethodValues) =>
    method ? paymentMethodEditBody(values, method.version) : paymentMethodBody(values);
  const { form, check: checkForm } = useCheckedForm<PaymentMethodValues>({
    initialValues: methodValues(method),
    validate: (values) => messages(check(values)),
  });
  const { busy, save } = useSave(form, onSaved);
  const submit = () => {
    if (!checkForm()) return;
    const values = form.getValues();
    if (method) {
      const checked = paymentMethodEditBody(values, method.version);
      if (checked.ok) void save(() => updatePaymentMethod(method.id, checked.body));
    } else {
      const checked = paymentMethodBody(values);
      if (checked.ok) void save(() => createPaymentMethod(checked.body));
    }
  };
  return (
    <DialogFrame
      title={
        method
          ? t('billingSettings.methods.editTitle', { code: method.code })
          : t('billingSettings.methods.newTitle')
      }
      dirty={form.isDirty()}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('billingSettings.code')}
          withAsterisk={!method}
          readOnly={Boolean(method)}
          tabIndex={method ? -1 : undefined}
          {...form.getInputProps('code')}
        />
        <TextInput label={t('billingSettings.name')} withAsterisk {...form.getInputProps('name')} />
      </SimpleGrid>
      <Checkbox
        label={t('billingSettings.methods.givesChange')}
        description={t('billingSettings.methods.givesChangeHint')}
        {...form.getInputProps('givesChange', { type: 'checkbox' })}
      />
      {method && (
        <Checkbox
          label={t('billingSettings.active')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
      )}
    </DialogFrame>
  );
}
