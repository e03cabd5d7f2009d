import {
  SEARCH_DEBOUNCE_MS,
  isSearchable,
  type DiagnosisRecord,
  type SnomedTerm,
} from '@clinic/domain';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { addDiagnosis, diagnosisKeys, useSnomedSearch } from './diagnosis-api.ts';
import { EMPTY_DIAGNOSIS, checkDiagnosis, type DiagnosisForm } from './diagnosis-form.ts';
import '../../i18n/patient-area/index.ts';

export interface DiagnosisEditorProps {
  patientId: string;
  visitId: string;
  /** The visit's diagnoses, for 'Already in list'. */
  listed: readonly DiagnosisRecord[];
  /** Closes the editor (Cancel returns to the medical records, doc 2 section 2.8). */
  onClose: () => void;
}

/**
 * The diagnosis editor (doc 2 section 2.8): a coded diagnosis picked by search (2
 * characters, 500 ms after typing), a remark; Save, Save and Add Another, Cancel.
 */
export function DiagnosisEditor({ patientId, visitId, listed, onClose }: DiagnosisEditorProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<DiagnosisForm>(EMPTY_DIAGNOSIS);
  const [error, setError] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useSnomedSearch(debounced);
  const terms: SnomedTerm[] = isSearchable(debounced) ? (found.data ?? []) : [];
  // The chosen term stays an option while the search moves on.
  const options = [
    ...(values.diagnosis && !terms.some((term) => term.id === values.diagnosis?.id)
      ? [values.diagnosis]
      : []),
    ...terms,
  ];

  function choose(id: string | null) {
    const diagnosis = options.find((term) => term.id === id) ?? null;
    setValues((current) => ({ ...current, diagnosis }));
    setError(undefined);
  }

  async function save(another: boolean) {
    const problems = checkDiagnosis(values, listed);
    if (problems.diagnosis) {
      setError(problems.diagnosis);
      return;
    }
    setSaving(true);
    try {
      await addDiagnosis({
        visitId,
        patientId,
        model: {
          id: values.diagnosis!.id,
          name: values.diagnosis!.name,
          remark: values.remark.trim() || null,
        },
      });
      await queryClient.invalidateQueries({ queryKey: diagnosisKeys.visit(branchId, visitId) });
      snackbar.success(t('diagnosis.saved'));
      if (another) {
        setValues(EMPTY_DIAGNOSIS);
        setSearch('');
      } else onClose();
    } catch (failure) {
      if (failure instanceof ApiError) {
        if (failure.status === 401) return;
        const message = failure.fieldMessage('model.id') ?? failure.fieldMessage('model');
        if (message) {
          setError(message);
          return;
        }
        if (failure.status === 403 && failure.code !== 'visit.anotherBranch') return;
      }
      void dialogs.alert(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title={t('diagnosis.editorTitle')}
      onClose={onClose}
      size={500}
      dirty={values.diagnosis !== null || values.remark !== ''}
      onSubmit={() => void save(false)}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('diagnosis.cancel')}
          </Button>
          <Button variant="light" loading={saving} onClick={() => void save(true)}>
            {t('diagnosis.saveAndAddAnother')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('diagnosis.save')}
          </Button>
        </Group>
      )}
    >
      <Stack>
        <Select
          label={t('diagnosis.diagnosis')}
          placeholder={t('diagnosis.searchHint')}
          searchable
          clearable
          withAsterisk
          data={options.map((term) => ({ value: term.id, label: term.name }))}
          value={values.diagnosis?.id ?? null}
          onChange={choose}
          searchValue={search}
          onSearchChange={setSearch}
          // The server searched already: every answer is shown as it came.
          filter={({ options: all }) => all}
          nothingFoundMessage={
            isSearchable(debounced) && found.isSuccess ? t('diagnosis.nothingFound') : undefined
          }
          error={error}
        />
        <Textarea
          label={t('diagnosis.remark')}
          rows={3}
          value={values.remark}
          onChange={(event) => {
            const remark = event.currentTarget.value;
            setValues((current) => ({ ...current, remark }));
          }}
        />
      </Stack>
    </AppDialog>
  );
}
