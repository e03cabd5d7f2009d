import { CUSTOM_CARD_PREFIX, TITLES, ageOn, isNoIdType, telCodeMenu } from '@clinic/domain';
import { Grid, Select, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../../app/date-format.ts';
import { DateField } from '../../components/DateField.tsx';
import type { FieldErrors } from '../../components/form/field-errors.ts';
import { RuleTextInput } from '../../components/form/RuleTextInput.tsx';
import type { PatientReferenceLists } from './patient-api.ts';
import { ENGLISH_NAME_RULE, withCardPrefix, withIdType, type PatientForm } from './patient-form.ts';

export interface PatientFieldsProps {
  values: PatientForm;
  onChange: (values: PatientForm) => void;
  errors: FieldErrors;
  /** A chosen (or already registered) patient: shown, not edited. */
  readOnly: boolean;
  hasHciCode: boolean;
  /** 'YYYY-MM-DD'. */
  today: string;
  lists: PatientReferenceLists;
}

const codeNames = (options: ReadonlyArray<{ code: string; name: string }>) =>
  options.map((option) => ({ value: option.code, label: option.name }));

/** The patient's fields of the add-to-queue dialog (doc 1 section 2.13). */
export function PatientFields({
  values: form,
  onChange,
  errors,
  readOnly,
  hasHciCode,
  today,
  lists,
}: PatientFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof PatientForm>(field: K, value: PatientForm[K]) =>
    onChange({ ...form, [field]: value });
  const age = form.birthDate ? ageOn(form.birthDate, today) : null;
  const noIdNumber = form.idType !== null && isNoIdType(form.idType);
  const customCard = form.cardNoPrefix === CUSTOM_CARD_PREFIX;
  const telCodes = telCodeMenu(lists.telCodes, lists.defaultTelCode?.code ?? null);
  const telCodeItem = (option: { code: string; name: string }) => ({
    value: option.code,
    label: `${option.code} ${option.name}`,
  });
  // Read-only fields are shaded, so a chosen patient does not look editable, and leave the
  // tab order: Tab goes from the visit's fields to Save, not through 17 fields to read.
  const common = {
    readOnly,
    size: 'sm' as const,
    variant: readOnly ? 'filled' : 'default',
    tabIndex: readOnly ? -1 : undefined,
  };

  return (
    <Grid gap="sm">
      <Grid.Col span={4}>
        <Select
          {...common}
          label={t('patient.title')}
          data={[...TITLES]}
          value={form.title}
          onChange={(value) => set('title', value)}
          error={errors.title}
          clearable={!readOnly}
          clearButtonProps={{ 'aria-label': t('form.clearField', { field: t('patient.title') }) }}
        />
      </Grid.Col>
      <Grid.Col span={8}>
        <RuleTextInput
          {...common}
          label={t('patient.name')}
          value={form.name}
          onChange={(name) => set('name', name)}
          rule={hasHciCode && !readOnly ? ENGLISH_NAME_RULE : null}
          error={errors.name}
          required
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <Select
          {...common}
          label={t('patient.gender')}
          data={codeNames(lists.genders)}
          value={form.gender}
          onChange={(value) => set('gender', value)}
          error={errors.gender}
          required
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <DateField
          {...common}
          label={t('patient.birthDate')}
          clearButtonProps={{
            'aria-label': t('form.clearField', { field: t('patient.birthDate') }),
          }}
          value={form.birthDate}
          onChange={(value) => set('birthDate', value)}
          maxDate={today}
          error={errors.birthDate}
          required
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <TextInput
          readOnly
          variant="filled"
          size="sm"
          tabIndex={-1}
          label={t('patient.age')}
          value={formatAge(age, 'words')}
        />
      </Grid.Col>
      {hasHciCode && (
        <Grid.Col span={4}>
          <TimeInput
            {...common}
            label={t('patient.birthTime')}
            value={form.birthTime}
            onChange={(event) => set('birthTime', event.currentTarget.value)}
            error={errors.birthTime}
          />
        </Grid.Col>
      )}
      <Grid.Col span={4}>
        <Select
          {...common}
          label={t('patient.idType')}
          data={codeNames(lists.idTypes)}
          value={form.idType}
          onChange={(value) => onChange(withIdType(form, value))}
          error={errors.idType}
          searchable
          required
        />
      </Grid.Col>
      <Grid.Col span={hasHciCode ? 4 : 8}>
        <TextInput
          {...common}
          label={t('patient.nric')}
          value={form.nric}
          onChange={(event) => set('nric', event.currentTarget.value)}
          disabled={noIdNumber}
          error={errors.nric}
          required={!noIdNumber}
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <Select
          {...common}
          label={t('patient.cardPrefix')}
          data={[...new Set(lists.cardPrefixes.map((option) => option.prefix))]}
          value={form.cardNoPrefix}
          onChange={(value) => onChange(withCardPrefix(form, value))}
          error={errors.cardNoPrefix}
        />
      </Grid.Col>
      <Grid.Col span={8}>
        <TextInput
          {...common}
          label={t('patient.cardNo')}
          value={form.cardNo}
          onChange={(event) => set('cardNo', event.currentTarget.value)}
          readOnly={readOnly || !customCard}
          tabIndex={readOnly || !customCard ? -1 : undefined}
          placeholder={customCard ? undefined : t('patient.autoGenerate')}
          error={errors.cardNo}
          required={customCard}
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <Select
          {...common}
          label={t('patient.telCode')}
          data={
            telCodes.defaultOption
              ? [
                  {
                    group: t('patient.telCodeDefault'),
                    items: [telCodeItem(telCodes.defaultOption)],
                  },
                  { group: t('patient.telCodeOthers'), items: telCodes.others.map(telCodeItem) },
                ]
              : telCodes.others.map(telCodeItem)
          }
          value={form.telCode}
          onChange={(value) => set('telCode', value)}
          error={errors.telCode}
          searchable
          required
          comboboxProps={{ width: 420, position: 'bottom-start' }}
        />
      </Grid.Col>
      <Grid.Col span={8}>
        <TextInput
          {...common}
          label={t('patient.mobile')}
          type="tel"
          value={form.contactNo}
          onChange={(event) => set('contactNo', event.currentTarget.value)}
          error={errors.contactNo}
          required
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          {...common}
          label={t('patient.father')}
          value={form.father}
          onChange={(event) => set('father', event.currentTarget.value)}
          error={errors.father}
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          {...common}
          label={t('patient.mother')}
          value={form.mother}
          onChange={(event) => set('mother', event.currentTarget.value)}
          error={errors.mother}
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <Select
          {...common}
          label={t('patient.nationality')}
          data={codeNames(lists.nationalities)}
          value={form.nationality}
          onChange={(value) => set('nationality', value)}
          error={errors.nationality}
          searchable
          required
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          {...common}
          label={t('patient.email')}
          type="email"
          value={form.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errors.email}
        />
      </Grid.Col>
    </Grid>
  );
}
