import {
  EXPORT_FILE_NAMES,
  SEARCHED_INVOICE_STATUSES,
  SEARCHED_PAYMENT_STATUSES,
  type PatientPickerOption,
} from '@clinic/domain';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import { usePaymentMethods } from '../billing/billing-api.ts';
import { PatientSearchPicker } from '../patients/PatientSearchPicker.tsx';
import { downloadExport, type SearchFilters, type SearchKind } from './search-api.ts';
import '../../i18n/billing/index.ts';
import '../../i18n/billing-search/index.ts';

const NUMBER_LABEL = {
  invoices: 'billingSearch.invoiceNo',
  payments: 'billingSearch.paymentNo',
  medicalCertificates: 'billingSearch.mcNo',
} as const;

const EXPORT_PERMISSION = {
  invoices: 'invoices:export',
  payments: 'payments:export',
  medicalCertificates: 'medicalCertificates:print',
} as const;

function StatusSelect({
  kind,
  value,
  onChange,
}: {
  kind: 'invoices' | 'payments';
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const data =
    kind === 'invoices'
      ? SEARCHED_INVOICE_STATUSES.map((status) => ({
          value: status,
          label: t(`billing.status.${status}`),
        }))
      : SEARCHED_PAYMENT_STATUSES.map((status) => ({
          value: status,
          label: t(status === 'VOIDED' ? 'billing.payments.voided' : 'billing.payments.settled'),
        }));
  return (
    <Select
      label={t('billingSearch.status')}
      placeholder={t('billingSearch.any')}
      data={data}
      value={value}
      onChange={onChange}
      clearable
      w={170}
    />
  );
}

function MethodSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  return (
    <Select
      label={t('billingSearch.method')}
      placeholder={t('billingSearch.any')}
      data={(methods.data ?? []).map((method) => ({ value: method.code, label: method.name }))}
      value={value}
      onChange={onChange}
      clearable
      w={170}
    />
  );
}

/**
 * The filters of a search: typed freely, sent when Search is pressed (`onSearch`); Export
 * downloads the server's workbook of the filters last searched.
 */
export function SearchFilterBar({
  kind,
  applied,
  onSearch,
}: {
  kind: SearchKind;
  applied: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
}) {
  const { t } = useTranslation();
  const mayExport = useCan(EXPORT_PERMISSION[kind]);
  const [draft, setDraft] = useState(applied);
  const [patient, setPatient] = useState<PatientPickerOption | null>(null);
  const [exporting, setExporting] = useState(false);
  const set = (change: Partial<SearchFilters>) =>
    setDraft((current) => ({ ...current, ...change }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }
  async function exportRows() {
    setExporting(true);
    try {
      await downloadExport(kind, applied, EXPORT_FILE_NAMES[kind]);
    } catch (failure) {
      alertFailure(failure);
    } finally {
      setExporting(false);
    }
  }
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      onSubmit={submit}
      aria-label={t('billingSearch.filters')}
    >
      <Group align="flex-end" gap="sm">
        <LazyDateField
          label={t('billingSearch.fromDate')}
          value={draft.fromDate}
          onChange={(fromDate) => set({ fromDate })}
          clearable
          w={150}
        />
        <LazyDateField
          label={t('billingSearch.toDate')}
          value={draft.toDate}
          onChange={(toDate) => set({ toDate })}
          clearable
          w={150}
        />
        <div style={{ width: 260 }}>
          <PatientSearchPicker
            label={t('billingSearch.patient')}
            value={patient}
            onChange={(chosen) => {
              setPatient(chosen);
              set({ patientId: chosen?.id ?? null });
            }}
          />
        </div>
        <TextInput
          label={t(NUMBER_LABEL[kind])}
          value={draft.number}
          onChange={(event) => set({ number: event.currentTarget.value })}
          w={160}
        />
        {kind !== 'medicalCertificates' && (
          <StatusSelect kind={kind} value={draft.status} onChange={(status) => set({ status })} />
        )}
        {kind === 'payments' && (
          <MethodSelect value={draft.method} onChange={(method) => set({ method })} />
        )}
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('billingSearch.search')}
        </Button>
        {mayExport && (
          <Button
            variant="default"
            loading={exporting}
            onClick={() => void exportRows()}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('billingSearch.export')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
