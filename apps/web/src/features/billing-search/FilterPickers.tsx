import {
  SEARCHED_CREDIT_NOTE_STATUSES,
  SEARCHED_INVOICE_STATUSES,
  SEARCHED_PAYMENT_STATUSES,
  type PatientPickerOption,
} from '@clinic/domain';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '../billing/billing-api.ts';
import { PatientSearchPicker } from '../patients/PatientSearchPicker.tsx';
import type { SearchFilters, SearchKind } from './search-api.ts';
import '../../i18n/billing/index.ts';
import '../../i18n/billing-search/index.ts';

/**
 * The search filters that need the patient picker or a Select (its Combobox and Popover
 * parts): loaded after the page has rendered (`SearchFilters.tsx` shows read-only fields
 * meanwhile), so they stay out of the search pages' first load.
 */

export function PatientFilter({
  value,
  onChange,
}: {
  value: PatientPickerOption | null;
  onChange: (patient: PatientPickerOption | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <PatientSearchPicker label={t('billingSearch.patient')} value={value} onChange={onChange} />
  );
}

type Choice = { value: string; label: string };

function ChoiceSelect({
  label,
  data,
  value,
  onChange,
}: {
  label: string;
  data: Choice[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      placeholder={t('billingSearch.any')}
      data={data}
      value={value}
      onChange={onChange}
      clearable
      w={170}
    />
  );
}

function useStatusChoices(kind: SearchKind): Choice[] {
  const { t } = useTranslation();
  switch (kind) {
    case 'invoices':
      return SEARCHED_INVOICE_STATUSES.map((status) => ({
        value: status,
        label: t(`billing.status.${status}`),
      }));
    case 'payments':
      return SEARCHED_PAYMENT_STATUSES.map((status) => ({
        value: status,
        label: t(status === 'VOIDED' ? 'billing.payments.voided' : 'billing.payments.settled'),
      }));
    case 'creditNotes':
      return SEARCHED_CREDIT_NOTE_STATUSES.map((status) => ({
        value: status,
        label: t(`billingSearch.creditNotes.statuses.${status}`),
      }));
    case 'medicalCertificates':
      return [];
  }
}

/** The method filter's choices: the clinic's payment methods. */
function MethodSelect({ value, onChange }: ChoiceProps<'method'>) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  return (
    <ChoiceSelect
      label={t('billingSearch.method')}
      data={(methods.data ?? []).map((method) => ({ value: method.code, label: method.name }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** doc 3 section 3.7's `creditNoteType`: 1 deposit, 2 goods return, 3 invoice. */
function TypeSelect({ value, onChange }: ChoiceProps<'type'>) {
  const { t } = useTranslation();
  const data = (['deposit', 'goodsReturn', 'invoice'] as const).map((type, index) => ({
    value: String(index + 1),
    label: t(`billingSearch.creditNotes.types.${type}`),
  }));
  return (
    <ChoiceSelect
      label={t('billingSearch.creditNotes.type')}
      data={data}
      value={value}
      onChange={onChange}
    />
  );
}

interface ChoiceProps<F extends keyof SearchFilters> {
  value: string | null;
  onChange: (value: SearchFilters[F]) => void;
}

/** The kind's status filter, and its payment method or credit-note type filter. */
export function ChoiceFilters({
  kind,
  draft,
  onChange,
}: {
  kind: SearchKind;
  draft: SearchFilters;
  onChange: (change: Partial<SearchFilters>) => void;
}) {
  const { t } = useTranslation();
  const statuses = useStatusChoices(kind);
  return (
    <>
      {statuses.length > 0 && (
        <ChoiceSelect
          label={t('billingSearch.status')}
          data={statuses}
          value={draft.status}
          onChange={(status) => onChange({ status })}
        />
      )}
      {kind === 'payments' && (
        <MethodSelect value={draft.method} onChange={(method) => onChange({ method })} />
      )}
      {kind === 'creditNotes' && (
        <TypeSelect value={draft.type} onChange={(type) => onChange({ type })} />
      )}
    </>
  );
}
