import {
  canSubmitReferral,
  GPFIRST_TERMS,
  isReadOnlyReferral,
  needsModifiedReason,
  PATIENT_REQUESTS,
  REFERRAL_MESSAGES,
  REFERRAL_STATUS,
  REFERRAL_TYPE,
  targetLocked,
  type ReferralOutRecord,
  type ReferralStatus,
  type ReferralType,
} from '@clinic/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import {
  clinicToday,
  clinicUnixOf,
  formatClinicTime,
  nowUnix,
  useClinicOffset,
} from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';
import { useCan } from '../../app/permissions.tsx';
import { DateField } from '../../components/DateField.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import { alertFailure } from '../../components/confirmed-removal.ts';
import { useCheckedForm } from '../../components/form/use-checked-form.ts';
import type { TextKey } from '../../i18n/index.ts';
import {
  createReferral,
  updateReferral,
  useInstitutions,
  useReferralReload,
  useReferralSaved,
  useSpecialties,
  voidReferral,
} from './referral-api.ts';
import {
  needsAcknowledgement,
  newReferralValues,
  referralBody,
  referralChanges,
  referralErrors,
  referralValuesOf,
  type ReferralFormValues,
} from './referral-form.ts';
import { previewReferralLetter, printReferralLetter } from './print-referral.ts';
import { SendStatusChip, StatusChip } from './ReferralChips.tsx';
import '../../i18n/referrals/index.ts';

export interface ReferralFormProps {
  patientId: string;
  visitId: string;
  /** The referral to edit; null writes a new one. */
  record: ReferralOutRecord | null;
  /** The HSG checkbox is offered (the patient is enrolled or Singaporean, or it is HSG). */
  hsgOffered: boolean;
  /** The ophthalmologist module: Management and Review includes (doc 2 section 2.5). */
  withExamination: boolean;
  /** After a save or a void: the saved referral. */
  onSaved: (saved: ReferralOutRecord) => void;
  /** Cancel: back to the list. */
  onCancel: () => void;
}

type IncludeField =
  'isIncludingDiagnosis' | 'isIncludingMedication' | 'isIncludingProcedure' | 'isIncludingReview';

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children || '-'}</Text>
    </div>
  );
}

/** The existing referral's id, status, send status, update and void (doc 2 section 2.5). */
function ReferralFacts({ record }: { record: ReferralOutRecord }) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const at = (unix: number | null) =>
    unix === null ? '' : formatClinicInstant(unix, offset, DATE_FORMATS.documentTime);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="referral-facts">
      <Info label={t('referrals.editor.referralId')}>{record.id}</Info>
      <Info label={t('referrals.editor.status')}>
        <StatusChip status={record.referralStatus} />
      </Info>
      {record.isHsg && (
        <Info label={t('referrals.editor.sendStatus')}>
          <SendStatusChip status={record.sendStatus} />
        </Info>
      )}
      <Info label={t('referrals.editor.lastUpdated')}>{at(record.updatedAt)}</Info>
      {record.modifiedReason && (
        <Info label={t('referrals.editor.updateReason')}>{record.modifiedReason}</Info>
      )}
      {record.voidedDate !== null && (
        <>
          <Info label={t('referrals.editor.voidedTime')}>{at(record.voidedDate)}</Info>
          <Info label={t('referrals.editor.voidedReason')}>{record.voidedReason}</Info>
        </>
      )}
    </SimpleGrid>
  );
}

/** What an include shows: the saved snapshot in a grey box, or the spec's 'No … on this visit'. */
function IncludedBox({ lines, empty }: { lines: string[]; empty: string }) {
  const { t } = useTranslation();
  return (
    <Paper bg="gray.1" p="xs" radius="sm">
      {lines.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        lines.map((line, index) => (
          <Text size="sm" key={index}>
            {line}
          </Text>
        ))
      )}
      <Text size="xs" c="dimmed">
        {t('referrals.editor.includedOnSave')}
      </Text>
    </Paper>
  );
}

/** Asks a reason in a dialog (Modified Reason, Void Reason); null when cancelled. */
async function askReason(title: string, label: string, ok: string, required: string) {
  const answer = await dialogs.confirm({
    title,
    okText: ok,
    focusCancel: true,
    input: { type: 'textarea', label, required },
  });
  return answer.confirmed ? String(answer.value ?? '').trim() : null;
}

/**
 * The referral out editor (doc 2 sections 2.5, 4.3, 5): every field with its conditions
 * (HSG, type of referral, named doctor, includes, GPFirst terms), the clearing rules of the
 * domain, the save rules in the server's words; saving a referral that is no longer a draft
 * asks a Modified Reason, voiding asks a Void Reason; a voided referral is read-only.
 */
export function ReferralForm(props: ReferralFormProps) {
  const { t } = useTranslation();
  const offset = useClinicOffset();
  const { record } = props;
  const status = (record?.referralStatus ?? REFERRAL_STATUS.draft) as ReferralStatus;
  const mayWrite = useCan(record ? 'referrals:update' : 'referrals:create');
  const mayVoid = useCan('referrals:delete');
  const mayPrint = useCan('referrals:print');
  // The spec's letter preview: an HSG referral that is a draft, failed or finalized.
  const canPreview = (saved: ReferralOutRecord) => mayPrint && canSubmitReferral(saved);
  const voided = isReadOnlyReferral(status);
  const readOnly = voided || !mayWrite;
  const timeOf = (unix: number) => formatClinicTime(unix, offset, DATE_FORMATS.time);
  const saved = useReferralSaved();
  const reload = useReferralReload();
  const issueUnix = (values: ReferralFormValues) =>
    clinicUnixOf(values.issueDate, values.issueTime, offset);
  const { form, check } = useCheckedForm<ReferralFormValues>({
    initialValues: record
      ? referralValuesOf(record, timeOf, offset)
      : newReferralValues({ date: clinicToday(offset), time: timeOf(nowUnix()) }, props.hsgOffered),
    validate: (values) =>
      referralErrors(values, issueUnix(values), nowUnix(), t('referrals.editor.billSizeInvalid')),
  });
  const values = form.values;
  const change = (next: ReferralFormValues) => form.setValues(next);
  const institutions = useInstitutions(values.isHsg ? values.referralType : null);
  const specialties = useSpecialties(
    values.isHsg ? values.referralInstitution : null,
    values.referralType,
  );
  const locked = readOnly || targetLocked(status);
  const type = values.isHsg ? values.referralType : null;
  const text = (field: Extract<keyof ReferralFormValues, string>) => ({
    value: (values[field] as string | null) ?? '',
    onChange: (event: { currentTarget: { value: string } }) =>
      form.setFieldValue(field, event.currentTarget.value),
    error: form.errors[field],
    readOnly,
  });

  /** A failure in words; a 409 (changed meanwhile) reads the referral again. */
  function failed(failure: unknown) {
    if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
      form.setErrors(Object.fromEntries(failure.errors.map((e) => [e.field, e.message])));
    }
    if (failure instanceof ApiError && failure.status === 409 && record) {
      void reload(record.id);
      void dialogs.alert(t('referrals.editor.changedElsewhere'));
      return;
    }
    alertFailure(failure);
  }

  async function save() {
    if (!check()) {
      if (needsAcknowledgement(form.getValues())) {
        void dialogs.alert(REFERRAL_MESSAGES.acknowledge, { type: 'warning' });
      }
      return;
    }
    const current = form.getValues();
    const body = referralBody(current, issueUnix(current));
    let modifiedReason: string | null = null;
    if (record && needsModifiedReason(status)) {
      modifiedReason = await askReason(
        t('referrals.editor.modifiedTitle'),
        t('referrals.editor.modifiedLabel'),
        t('referrals.editor.update'),
        REFERRAL_MESSAGES.modifiedReasonRequired,
      );
      if (modifiedReason === null) return;
    }
    try {
      const answer = await dialogs.whileLoading(() =>
        record
          ? updateReferral(record.id, { ...body, rowVersion: record.rowVersion, modifiedReason })
          : createReferral({ ...body, patientId: props.patientId, visitId: props.visitId }),
      );
      saved(answer);
      form.resetDirty(referralValuesOf(answer, timeOf, offset));
      snackbar.success(t('referrals.editor.saved'));
      props.onSaved(answer);
    } catch (failure) {
      failed(failure);
    }
  }

  async function voidIt() {
    if (!record) return;
    const reason = await askReason(
      t('referrals.editor.voidTitle'),
      t('referrals.editor.voidLabel'),
      t('referrals.editor.void'),
      REFERRAL_MESSAGES.voidedReasonRequired,
    );
    if (reason === null) return;
    try {
      const answer = await dialogs.whileLoading(() => voidReferral(record, reason));
      saved(answer);
      snackbar.success(t('referrals.editor.voided'));
      props.onSaved(answer);
    } catch (failure) {
      failed(failure);
    }
  }

  /**
   * Previews or prints the letter of the saved referral; with unsaved changes it asks for a
   * save first, so a printed letter always matches the record.
   */
  async function letter(action: 'preview' | 'print', saved: ReferralOutRecord) {
    if (form.isDirty()) {
      void dialogs.alert(t('referrals.editor.saveBeforePrint'));
      return;
    }
    try {
      if (action === 'preview') {
        await previewReferralLetter(saved.id, t('referrals.editor.previewTitle'));
      } else {
        await dialogs.whileLoading(() => printReferralLetter(saved.id));
      }
    } catch (failure) {
      alertFailure(failure);
    }
  }

  const include = (field: IncludeField, label: TextKey) => (
    <Checkbox
      label={t(label)}
      checked={values[field]}
      disabled={readOnly}
      onChange={(event) =>
        change(referralChanges.include(form.getValues(), field, event.currentTarget.checked))
      }
    />
  );
  const diagnosisLines = (record?.diagnosis ?? []).map((d) =>
    [d.code, d.description, d.remark].filter(Boolean).join(' '),
  );
  const medicationLines = (record?.medications ?? []).map(
    (m) => `${m.name}: ${m.consumeQty} ${m.consumeUM} ${m.frequency}, ${m.dispenseQty} ${m.um}`,
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {record && <ReferralFacts record={record} />}
        {voided && <Alert color="gray">{t('referrals.editor.readOnly')}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            label={t('referrals.editor.issueDate')}
            withAsterisk
            value={values.issueDate}
            onChange={(date) => form.setFieldValue('issueDate', date)}
            error={form.errors.issueDate}
            readOnly={readOnly}
          />
          <TextInput
            type="time"
            label={t('referrals.editor.issueTime')}
            withAsterisk
            value={values.issueTime}
            onChange={(event) => form.setFieldValue('issueTime', event.currentTarget.value)}
            readOnly={readOnly}
          />
        </SimpleGrid>
        {(props.hsgOffered || values.isHsg) && (
          <Checkbox
            label={t('referrals.editor.isHsg')}
            checked={values.isHsg}
            disabled={readOnly || record !== null}
            onChange={(event) =>
              change(referralChanges.hsg(form.getValues(), event.currentTarget.checked))
            }
          />
        )}
        {values.isHsg ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('referrals.editor.referralType')}
              withAsterisk
              data={[1, 2, 3, 4].map((value) => ({
                value: String(value),
                label: t(`referrals.type.${value}` as TextKey),
              }))}
              value={values.referralType === null ? null : String(values.referralType)}
              onChange={(value) =>
                change(
                  referralChanges.type(
                    form.getValues(),
                    value === null ? null : (Number(value) as ReferralType),
                  ),
                )
              }
              error={form.errors.referralType}
              readOnly={locked}
              allowDeselect={false}
            />
            {type === REFERRAL_TYPE.fastTrack && (
              <TextInput
                label={t('referrals.editor.fastTrackReason')}
                {...text('fastTrackReason')}
              />
            )}
            <Select
              label={t('referrals.editor.institution')}
              withAsterisk
              searchable
              data={institutionOptions(institutions, values)}
              value={values.referralInstitution}
              onChange={(code, option) =>
                change(referralChanges.institution(form.getValues(), code, option?.label ?? null))
              }
              error={form.errors.referralInstitution}
              readOnly={locked}
              allowDeselect={false}
            />
            <Select
              label={t('referrals.editor.specialty')}
              withAsterisk
              searchable
              data={specialtyOptions(specialties, values)}
              value={values.speciallyService}
              onChange={(code, option) => {
                form.setFieldValue('speciallyService', code);
                form.setFieldValue('speciallyServiceDescription', option?.label ?? null);
              }}
              error={form.errors.speciallyService}
              readOnly={locked}
              allowDeselect={false}
            />
            {type === REFERRAL_TYPE.gpFirst && (
              <TextInput
                label={t('referrals.editor.billSize')}
                inputMode="decimal"
                {...text('billSizeText')}
                error={form.errors.billSize}
              />
            )}
          </SimpleGrid>
        ) : (
          <TextInput
            label={t('referrals.editor.institution')}
            withAsterisk
            {...text('referralInstitution')}
          />
        )}
        <TextInput label={t('referrals.editor.referTo')} {...text('referTo')} />
        <Radio.Group
          label={t('referrals.editor.doctor')}
          value={values.isNamedDoctor ? 'named' : 'unnamed'}
          onChange={(choice) => change(referralChanges.named(form.getValues(), choice === 'named'))}
        >
          <Group mt="xs">
            <Radio value="named" label={t('referrals.editor.named')} disabled={readOnly} />
            <Radio value="unnamed" label={t('referrals.editor.unnamed')} disabled={readOnly} />
          </Group>
        </Radio.Group>
        {values.isNamedDoctor && (
          <TextInput
            label={t('referrals.editor.doctorName')}
            withAsterisk
            {...text('doctorName')}
          />
        )}
        {values.isHsg && (
          <Checkbox.Group label={t('referrals.editor.related')}>
            <Group mt="xs">
              {(
                [
                  ['isRelatedToChas', 'referrals.editor.chas'],
                  ['isRelatedToSfl', 'referrals.editor.sfl'],
                  ['isRelatedToVcdss', 'referrals.editor.vcdss'],
                  ['isRelatedToNone', 'referrals.editor.none'],
                ] as const
              ).map(([field, label]) => (
                <Checkbox
                  key={field}
                  label={t(label)}
                  checked={values[field]}
                  disabled={readOnly}
                  onChange={(event) => form.setFieldValue(field, event.currentTarget.checked)}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {(type === REFERRAL_TYPE.routine || type === REFERRAL_TYPE.fastTrack) && (
          <Radio.Group
            label={t('referrals.editor.patientRequest')}
            withAsterisk
            value={values.patientRequest}
            onChange={(choice) => form.setFieldValue('patientRequest', choice)}
            error={form.errors.patientRequest}
          >
            <Group mt="xs">
              {PATIENT_REQUESTS.map((request) => (
                <Radio key={request} value={request} label={request} disabled={readOnly} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Textarea
          label={t('referrals.editor.diagnosisText')}
          withAsterisk={type !== REFERRAL_TYPE.gpFirst}

          rows={2}
          {...text('diagnosisText')}
        />
        <Textarea
          label={t('referrals.editor.referralReason')}
          withAsterisk

          rows={2}
          {...text('referralReason')}
        />
        {values.isHsg && (
          <Textarea
            label={t('referrals.editor.treatments')}
            withAsterisk={type === REFERRAL_TYPE.routine || type === REFERRAL_TYPE.fastTrack}

            rows={2}
            {...text('treatments')}
          />
        )}
        <Textarea
          label={t('referrals.editor.medicalHistory')}
          withAsterisk={type === REFERRAL_TYPE.gpFirst}

          rows={2}
          {...text('medicalHistory')}
        />
        <Textarea
          label={t('referrals.editor.drugAllergies')}
          withAsterisk

          rows={1}
          {...text('drugAllergies')}
        />
        <Textarea label={t('referrals.editor.note')} rows={2} {...text('note')} />
        <Stack gap="xs">
          <Text fw={500} size="sm">
            {t('referrals.editor.include')}
          </Text>
          {include('isIncludingDiagnosis', 'referrals.editor.includeDiagnosis')}
          {values.isIncludingDiagnosis && (
            <IncludedBox lines={diagnosisLines} empty={t('referrals.editor.noDiagnosis')} />
          )}
          {include('isIncludingMedication', 'referrals.editor.includeMedication')}
          {values.isIncludingMedication && (
            <IncludedBox lines={medicationLines} empty={t('referrals.editor.noMedication')} />
          )}
          {props.withExamination && (
            <>
              {include('isIncludingProcedure', 'referrals.editor.includeProcedure')}
              {values.isIncludingProcedure && (
                <Textarea
                  aria-label={t('referrals.editor.includeProcedure')}
                  placeholder={t('referrals.editor.noProcedure')}

                  {...text('procedureContent')}
                />
              )}
              {include('isIncludingReview', 'referrals.editor.includeReview')}
              {values.isIncludingReview && (
                <Textarea
                  aria-label={t('referrals.editor.includeReview')}
                  placeholder={t('referrals.editor.noReview')}

                  {...text('reviewContent')}
                />
              )}
            </>
          )}
        </Stack>
        {type === REFERRAL_TYPE.gpFirst && (
          <Paper withBorder p="sm" component="section" aria-labelledby="gpfirst-terms">
            <Title order={3} size="h5" id="gpfirst-terms" mb="xs">
              {t('referrals.editor.gpFirstTerms')}
            </Title>
            <List type="ordered" size="sm" spacing={4} mb="sm">
              {GPFIRST_TERMS.map((term) => (
                <List.Item key={term}>{term}</List.Item>
              ))}
            </List>
            <Checkbox
              label={t('referrals.editor.acknowledge')}
              checked={values.isRelatedToChas}
              disabled={readOnly}
              onChange={(event) =>
                form.setFieldValue('isRelatedToChas', event.currentTarget.checked)
              }
              error={form.errors.isRelatedToChas}
            />
          </Paper>
        )}
        <Group justify="flex-end" gap="sm" data-testid="referral-footer">
          {record && !voided && mayVoid && (
            <Button variant="outline" color="red" onClick={() => void voidIt()}>
              {t('referrals.editor.void')}
            </Button>
          )}
          {record && !voided && mayPrint && (
            <Button variant="default" onClick={() => void letter('print', record)}>
              {t('referrals.editor.print')}
            </Button>
          )}
          {record && canPreview(record) && (
            <Button variant="default" onClick={() => void letter('preview', record)}>
              {t('referrals.editor.preview')}
            </Button>
          )}
          <Button variant="default" onClick={props.onCancel}>
            {t('referrals.editor.cancel')}
          </Button>
          {!readOnly && <Button type="submit">{t('referrals.editor.save')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}

/** The institutions of the type, with the referral's own when the list no longer has it. */
function institutionOptions(
  items: ReadonlyArray<{ code: string; description: string }>,
  values: ReferralFormValues,
) {
  const options = items.map((item) => ({ value: item.code, label: item.description }));
  const own = values.referralInstitution;
  if (own && !options.some((option) => option.value === own)) {
    options.push({ value: own, label: values.referralInstitutionDescription ?? own });
  }
  return options;
}

function specialtyOptions(
  items: ReadonlyArray<{ code: string; description: string }>,
  values: ReferralFormValues,
) {
  const options = items.map((item) => ({ value: item.code, label: item.description }));
  const own = values.speciallyService;
  if (own && !options.some((option) => option.value === own)) {
    options.push({ value: own, label: values.speciallyServiceDescription ?? own });
  }
  return options;
}
