import { ALLERGY_TYPES, SEARCH_DEBOUNCE_MS } from '@clinic/domain';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DateField } from '../../components/DateField.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { addAllergy, refreshAllergies, useAllergens, useReactionOptions } from './allergy-api.ts';
import {
  EMPTY_ALLERGY,
  SERVER_FIELDS,
  allergyBody,
  checkAllergy,
  type AllergyErrors,
  type AllergyForm,
} from './allergy-form.ts';
import '../../i18n/patient-area/index.ts';

export interface AllergyFormDialogProps {
  patientId: string;
  /** The visit it is noted in, when opened from one. */
  visitId?: string | null;
  onClose: () => void;
}

/**
 * The allergy form (doc 2 section 2.9): onset date, allergy type, allergy (search), reaction,
 * adverse reaction details; Cancel and Save. Saving refreshes the list and the header badges.
 */
export function AllergyFormDialog({ patientId, visitId = null, onClose }: AllergyFormDialogProps) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const queryClient = useQueryClient();
  const offset = useClinicOffset();
  const [values, setValues] = useState<AllergyForm>(EMPTY_ALLERGY);
  const [errors, setErrors] = useState<AllergyErrors>({});
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const allergens = useAllergens(values.allergyType, keyword).data ?? [];
  const reactions = useReactionOptions().data ?? [];
  const options = [
    ...(values.allergen && !allergens.some((option) => option.id === values.allergen?.id)
      ? [values.allergen]
      : []),
    ...allergens,
  ];

  function change<K extends keyof AllergyForm>(field: K, value: AllergyForm[K]) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Another type drops an allergen of the old one.
      if (field === 'allergyType' && current.allergen && current.allergen.type !== value)
        next.allergen = null;
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function save() {
    const problems = checkAllergy(values, clinicToday(offset));
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      await addAllergy(allergyBody(values, patientId, visitId, null));
      await refreshAllergies(queryClient, branchId, patientId);
      snackbar.success(t('allergy.saved'));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError) {
        if (failure.status === 401) return;
        const placed: AllergyErrors = {};
        for (const error of failure.errors) {
          const field = SERVER_FIELDS[error.field];
          if (field) placed[field] = error.message;
        }
        if (Object.keys(placed).length > 0) {
          setErrors(placed);
          return;
        }
        if (failure.status === 403 && failure.code !== 'visit.anotherBranch') return;
      }
      void dialogs.alert(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  const dirty =
    values.onsetDate !== null ||
    values.allergyType !== null ||
    values.allergen !== null ||
    values.reaction !== null ||
    values.remark !== '';

  return (
    <AppDialog
      title={t('allergy.formTitle')}
      onClose={onClose}
      size={500}
      dirty={dirty}
      onSubmit={() => void save()}
      footer={(close) => (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('allergy.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-dialog-save>
            {t('allergy.save')}
          </Button>
        </Group>
      )}
    >
      <Stack>
        <DateField
          label={t('allergy.onsetDate')}
          withAsterisk
          value={values.onsetDate}
          onChange={(value) => change('onsetDate', value)}
          error={errors.onsetDate}
        />
        <Select
          label={t('allergy.allergyType')}
          withAsterisk
          data={ALLERGY_TYPES.map((type) => ({ value: type, label: t(`allergy.types.${type}`) }))}
          value={values.allergyType}
          onChange={(value) => change('allergyType', value)}
          error={errors.allergyType}
        />
        <Select
          label={t('allergy.allergy')}
          placeholder={t('allergy.searchHint')}
          withAsterisk
          searchable
          clearable
          data={options.map((option) => ({ value: option.id, label: option.name }))}
          value={values.allergen?.id ?? null}
          onChange={(id) => change('allergen', options.find((option) => option.id === id) ?? null)}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('allergy.nothingFound')}
          error={errors.allergen}
        />
        <Select
          label={t('allergy.reaction')}
          withAsterisk
          data={reactions.map((reaction) => ({ value: reaction.code, label: reaction.name }))}
          value={values.reaction}
          onChange={(value) => change('reaction', value)}
          error={errors.reaction}
        />
        <Textarea
          label={t('allergy.remark')}
          withAsterisk
          rows={3}
          value={values.remark}
          onChange={(event) => change('remark', event.currentTarget.value)}
          error={errors.remark}
        />
      </Stack>
    </AppDialog>
  );
}
