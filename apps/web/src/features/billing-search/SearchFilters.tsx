import { EXPORT_FILE_NAMES, type PatientPickerOption } from '@clinic/domain';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/permissions.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import type { TextKey } from '../../i18n/index.ts';
import { downloadExport, type SearchFilters, type SearchKind } from './search-api.ts';
import '../../i18n/billing-search/index.ts';

// The patient picker and the Selects (with zod, the Combobox and Popover parts) load after
// the page has rendered; until then each shows as a read-only field of the same label.
const PatientFilter = lazy(async () => ({
  default: (await import('./FilterPickers.tsx')).PatientFilter,
}));
const ChoiceFilters = lazy(async () => ({
  default: (await import('./FilterPickers.tsx')).ChoiceFilters,
}));

const NUMBER_LABEL = {
  invoices: 'billingSearch.invoiceNo',
  payments: 'billingSearch.paymentNo',
  medicalCertificates: 'billingSearch.mcNo',
  creditNotes: 'billingSearch.creditNoteNo',
} as const satisfies Record<SearchKind, TextKey>;

const EXPORT_PERMISSION = {
  invoices: 'invoices:export',
  payments: 'payments:export',
  medicalCertificates: 'medicalCertificates:print',
  creditNotes: 'invoices:export',
} as const;

/** The labels of the kind's choice filters, for the read-only fields shown while they load. */
const CHOICE_LABELS: Record<SearchKind, readonly TextKey[]> = {
  invoices: ['billingSearch.status'],
  payments: ['billingSearch.status', 'billingSearch.method'],
  medicalCertificates: [],
  creditNotes: ['billingSearch.status', 'billingSearch.creditNotes.type'],
};

function Loading({ labels, width }: { labels: readonly TextKey[]; width: number }) {
  const { t } = useTranslation();
  return labels.map((label) => <TextInput key={label} readOnly label={t(label)} w={width} />);
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
          <Suspense fallback={<Loading labels={['billingSearch.patient']} width={260} />}>
            <PatientFilter
              value={patient}
              onChange={(chosen) => {
                setPatient(chosen);
                set({ patientId: chosen?.id ?? null });
              }}
            />
          </Suspense>
        </div>
        <TextInput
          label={t(NUMBER_LABEL[kind])}
          value={draft.number}
          onChange={(event) => set({ number: event.currentTarget.value })}
          w={160}
        />
        <Suspense fallback={<Loading labels={CHOICE_LABELS[kind]} width={170} />}>
          <ChoiceFilters kind={kind} draft={draft} onChange={set} />
        </Suspense>
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
