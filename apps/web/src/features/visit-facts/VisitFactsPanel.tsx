import {
  CURRENT_SMOKER,
  FAGERSTROM_SCORES,
  SMOKING_STATUSES,
  STAGES_OF_CHANGE,
  bodyMassIndex,
  refusalMessage,
  visitFactsProblems,
  vitalsApi,
  withSmokingRule,
  type FagerstromScore,
  type SmokingStatus,
  type StageOfChange,
  type VisitFactsInput,
  type VisitFactsRecord,
} from '@clinic/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { clinicToday, useClinicOffset } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { LazyDateField } from '../../components/LazyDateField.tsx';
import '../../i18n/patient-area/index.ts';

export const visitFactsKey = (branchId: string | undefined, visitId: string) =>
  ['visit-facts', branchId, visitId] as const;

const EMPTY: VisitFactsInput = {
  height: null,
  weight: null,
  waist: null,
  weightNotFeasible: false,
  smokingStatus: null,
  yearStartedSmoking: null,
  numberSticksPerday: null,
  fagerstromTestScore: null,
  stageOfChange: null,
  smokingAssessmentDate: null,
  smokingAssessmentRemark: null,
};

export function inputOf(record: VisitFactsRecord | null): VisitFactsInput {
  if (!record) return EMPTY;
  return {
    height: record.height,
    weight: record.weight,
    waist: record.waist,
    weightNotFeasible: record.weightNotFeasible,
    smokingStatus: record.smokingStatus as SmokingStatus | null,
    yearStartedSmoking: record.yearStartedSmoking,
    numberSticksPerday: record.numberSticksPerday,
    fagerstromTestScore: record.fagerstromTestScore as FagerstromScore | null,
    stageOfChange: record.stateOfChange as StageOfChange | null,
    smokingAssessmentDate: record.smokingAssessmentDate,
    smokingAssessmentRemark: record.smokingAssessmentRemark,
  };
}

const numberOf = (value: string | number): number | null =>
  value === '' || value === null ? null : Number(value);

const options = (list: readonly { code: string; name: string }[]) =>
  list.map((item) => ({ value: item.code, label: `${item.name}` }));

/**
 * The visit facts side panel (doc 2 sections 2.2, 4.2, 5): height, weight, waist, BMI
 * computed as the user types, smoking information (details only for a current smoker,
 * ss03) and the weight-not-feasible flag. Created with POST, updated with the version read.
 */
export function VisitFactsPanel({
  visitId,
  readOnly,
}: {
  patientId: string;
  visitId: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const offset = useClinicOffset();
  const queryClient = useQueryClient();
  const key = visitFactsKey(branchId, visitId);
  const facts = useQuery({
    queryKey: key,
    queryFn: (context) =>
      api().call(vitalsApi.facts, { params: { id: visitId } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });
  const [form, setForm] = useState<VisitFactsInput | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const record = facts.data ?? null;
  const editing = form !== null;
  const values = form ?? inputOf(record);
  const smoker = values.smokingStatus === CURRENT_SMOKER;
  const bmi = bodyMassIndex(values.height, values.weight);

  function set<K extends keyof VisitFactsInput>(field: K, value: VisitFactsInput[K]) {
    setForm((current) => {
      const next = { ...(current ?? values), [field]: value };
      return field === 'smokingStatus' ? withSmokingRule(next) : next;
    });
  }

  async function save() {
    if (!form) return;
    const sent = withSmokingRule(form);
    const problems = visitFactsProblems(sent, clinicToday(offset));
    if (problems.length > 0) {
      setErrors(
        Object.fromEntries(
          problems.map(({ field, key: rule }) => [field, refusalMessage(`vitals.${rule}`)]),
        ),
      );
      setMessage(t('vitals.facts.checkInput'));
      return;
    }
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      const saved = record
        ? await api().call(vitalsApi.updateFacts, {
            params: { id: visitId },
            body: { ...sent, version: record.version },
          })
        : await api().call(vitalsApi.createFacts, { params: { id: visitId }, body: sent });
      queryClient.setQueryData(key, saved);
      setForm(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: key });
        setForm(null);
        setMessage(t('vitals.facts.changed'));
      } else if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        setMessage(t('vitals.facts.checkInput'));
      } else {
        setMessage(error instanceof Error ? error.message : t('vitals.facts.loadFailed'));
      }
    } finally {
      setSaving(false);
    }
  }

  const statusName = SMOKING_STATUSES.find((s) => s.code === values.smokingStatus)?.name;
  return (
    <Paper withBorder p="md" component="aside" aria-label={t('vitals.facts.title')}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('vitals.facts.title')}</Title>
        {!readOnly && !editing && facts.isSuccess && (
          <Button size="xs" variant="light" onClick={() => setForm(inputOf(record))}>
            {t('vitals.facts.edit')}
          </Button>
        )}
      </Group>
      {facts.isError && <Alert color="red">{t('vitals.facts.loadFailed')}</Alert>}
      {message && (
        <Alert color="red" mb="sm" role="alert">
          {message}
        </Alert>
      )}
      {!editing ? (
        facts.isSuccess && !record ? (
          <Text size="sm" c="dimmed">
            {t('vitals.facts.none')}
          </Text>
        ) : (
          record && (
            <Stack gap={4}>
              <Fact label={t('vitals.facts.height')} value={record.height} />
              <Fact label={t('vitals.facts.weight')} value={record.weight} />
              <Fact label={t('vitals.facts.waist')} value={record.waist} />
              <Fact label={t('vitals.facts.bmi')} value={record.bmi?.toFixed(2) ?? null} />
              {record.weightNotFeasible && (
                <Text size="sm">{t('vitals.facts.weightNotFeasible')}</Text>
              )}
              <Fact label={t('vitals.facts.smokingStatus')} value={statusName ?? null} />
              {smoker && (
                <>
                  <Fact label={t('vitals.facts.yearStarted')} value={record.yearStartedSmoking} />
                  <Fact label={t('vitals.facts.sticksPerDay')} value={record.numberSticksPerday} />
                  <Fact
                    label={t('vitals.facts.fagerstrom')}
                    value={record.fagerstromTestScoreVal}
                  />
                  <Fact label={t('vitals.facts.stageOfChange')} value={record.stageOfChangeVal} />
                  <Fact
                    label={t('vitals.facts.assessmentDate')}
                    value={
                      formatCalendarDate(record.smokingAssessmentDate, DATE_FORMATS.picker) || null
                    }
                  />
                  <Fact
                    label={t('vitals.facts.assessmentRemark')}
                    value={record.smokingAssessmentRemark}
                  />
                </>
              )}
            </Stack>
          )
        )
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              label={t('vitals.facts.height')}
              description={t('vitals.facts.heightHint')}
              decimalScale={2}
              min={0}
              max={3}
              value={values.height ?? ''}
              error={errors.height}
              onChange={(value) => set('height', numberOf(value))}
            />
            <NumberInput
              label={t('vitals.facts.weight')}
              decimalScale={2}
              min={0}
              value={values.weight ?? ''}
              error={errors.weight}
              onChange={(value) => set('weight', numberOf(value))}
            />
            <NumberInput
              label={t('vitals.facts.waist')}
              decimalScale={2}
              min={0}
              value={values.waist ?? ''}
              error={errors.waist}
              onChange={(value) => set('waist', numberOf(value))}
            />
            <NumberInput
              label={t('vitals.facts.bmi')}
              value={bmi === null ? '' : bmi.toFixed(2)}
              readOnly
              tabIndex={-1}
            />
          </SimpleGrid>
          <Checkbox
            label={t('vitals.facts.weightNotFeasible')}
            checked={values.weightNotFeasible}
            onChange={(event) => set('weightNotFeasible', event.currentTarget.checked)}
          />
          <Select
            label={t('vitals.facts.smokingStatus')}
            data={options(SMOKING_STATUSES)}
            value={values.smokingStatus}
            clearable
            onChange={(value) => set('smokingStatus', value as SmokingStatus | null)}
          />
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              label={t('vitals.facts.yearStarted')}
              disabled={!smoker}
              allowDecimal={false}
              value={values.yearStartedSmoking ?? ''}
              error={errors.yearStartedSmoking}
              onChange={(value) => set('yearStartedSmoking', numberOf(value))}
            />
            <NumberInput
              label={t('vitals.facts.sticksPerDay')}
              disabled={!smoker}
              allowDecimal={false}
              min={0}
              value={values.numberSticksPerday ?? ''}
              error={errors.numberSticksPerday}
              onChange={(value) => set('numberSticksPerday', numberOf(value))}
            />
          </SimpleGrid>
          <Select
            label={t('vitals.facts.fagerstrom')}
            disabled={!smoker}
            data={options(FAGERSTROM_SCORES)}
            value={values.fagerstromTestScore}
            clearable
            onChange={(value) => set('fagerstromTestScore', value as FagerstromScore | null)}
          />
          <Select
            label={t('vitals.facts.stageOfChange')}
            disabled={!smoker}
            data={options(STAGES_OF_CHANGE)}
            value={values.stageOfChange}
            clearable
            onChange={(value) => set('stageOfChange', value as StageOfChange | null)}
          />
          <LazyDateField
            label={t('vitals.facts.assessmentDate')}
            disabled={!smoker}
            value={values.smokingAssessmentDate}
            error={errors.smokingAssessmentDate}
            onChange={(value) => set('smokingAssessmentDate', value)}
          />
          <Textarea
            label={t('vitals.facts.assessmentRemark')}
            disabled={!smoker}
            rows={2}
            value={values.smokingAssessmentRemark ?? ''}
            onChange={(event) => set('smokingAssessmentRemark', event.currentTarget.value || null)}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setForm(null);
                setErrors({});
                setMessage(null);
              }}
            >
              {t('vitals.facts.cancel')}
            </Button>
            <Button loading={saving} onClick={() => void save()}>
              {t('vitals.facts.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? '-'}</Text>
    </Group>
  );
}
