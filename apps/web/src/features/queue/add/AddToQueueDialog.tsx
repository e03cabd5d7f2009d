import {
  CUSTOM_CARD_PREFIX,
  PatientCardNoPatchBody,
  idNumberProblem,
  type PatientCreateBody,
  type PatientPickerOption,
  type QueueEntry,
} from '@clinic/domain';
import { Button, Grid, Group, Modal, Paper, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/clients.ts';
import { clinicToday, nowUnix, useClinicOffset } from '../../../app/clinic-time.ts';
import { ApiError } from '../../../api/http.ts';
import { dialogs, snackbar } from '../../../components/dialogs.tsx';
import { EditIdentityDialog } from '../../patients/EditIdentityDialog.tsx';
import {
  createPatient,
  usePatientProfile,
  usePatientReferenceLists,
} from '../../patients/patient-api.ts';
import { EMPTY_PATIENT, patientFormOf, type PatientForm } from '../../patients/patient-form.ts';
import { PatientFields } from '../../patients/PatientFields.tsx';
import { patientRefusalOf, type PatientRefusal } from '../../patients/patient-refusal.ts';
import { PatientSearchPicker } from '../../patients/PatientSearchPicker.tsx';
import {
  useHasHciCode,
  usePickableDoctors,
  useRefreshQueue,
  useVisitPurposes,
} from '../queue-api.ts';
import { type FieldErrors } from '../../../components/form/field-errors.ts';
import {
  EMPTY_VISIT,
  checkAddToQueue,
  checkVisit,
  type ClinicContext,
  type VisitForm,
} from './add-to-queue-form.ts';
import { rememberDoctor, rememberedDoctor } from './default-doctor.ts';
import { VisitFields } from './VisitFields.tsx';

/** A refused ID or card number being corrected, with the form it was refused in. */
interface IdentityEdit {
  refusal: Exclude<PatientRefusal, 'nameTaken'>;
  form: PatientForm;
}

/**
 * Adds a visit to the queue for a chosen patient, or registers a new patient first
 * (doc 1 sections 2.13, 4 and 5).
 *
 * The New Patient switch: with no patient chosen, the dialog registers a new one, so the
 * switch is on and cannot be turned off (it is "disabled until a patient is selected").
 * Choosing a patient turns it off and shows that patient read-only; turning it back on
 * drops the chosen patient for a blank new-patient form.
 */
export function AddToQueueDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const doctors = usePickableDoctors();
  const visitPurposes = useVisitPurposes();
  const lists = usePatientReferenceLists();
  const hasHciCode = useHasHciCode();
  const refresh = useRefreshQueue();

  const [visitInput, setVisitInput] = useState<VisitForm>(EMPTY_VISIT);
  const [chosen, setChosen] = useState<PatientPickerOption | null>(null);
  const [patientInput, setPatientInput] = useState<PatientForm>(EMPTY_PATIENT);
  /** A new patient registered by an earlier Save whose queueing then failed. */
  const [registeredId, setRegisteredId] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [identityEdit, setIdentityEdit] = useState<IdentityEdit | null>(null);
  const profile = usePatientProfile(chosen?.id ?? null);

  const timezoneOffset = useClinicOffset();
  const now = nowUnix();
  const today = clinicToday(timezoneOffset, now);
  const context: ClinicContext = { hasHciCode, today, now, timezoneOffset };
  // Defaults the lists bring: the remembered doctor, the clinic's tel code, the first ID
  // type and nationality (the clinic's own, listed first), the first prefix.
  const visit: VisitForm = {
    ...visitInput,
    doctorId: visitInput.doctorId ?? rememberedDoctor(doctors),
  };
  const newPatient: PatientForm = {
    ...patientInput,
    telCode: patientInput.telCode ?? lists.defaultTelCode?.code ?? null,
    idType: patientInput.idType ?? lists.idTypes[0]?.code ?? null,
    nationality: patientInput.nationality ?? lists.nationalities[0]?.code ?? null,
    cardNoPrefix: patientInput.cardNoPrefix ?? lists.cardPrefixes[0]?.prefix ?? null,
  };
  const newPatientMode = chosen === null;
  const knownPatientId = chosen?.id ?? registeredId;
  const check = checkAddToQueue(visit, knownPatientId, knownPatientId ? null : newPatient, context);
  const errors = submitted ? { ...check.errors, ...serverErrors } : serverErrors;

  const editVisit = (next: VisitForm) => {
    setServerErrors({});
    setVisitInput(next);
  };
  const editPatient = (next: PatientForm) => {
    setServerErrors({});
    setPatientInput(next);
  };

  function choosePatient(patient: PatientPickerOption | null) {
    setServerErrors({});
    setChosen(patient);
    // The doctor of the patient's last visit, when on duty today.
    const lastDoctor = doctors.find((doctor) => doctor.id === patient?.consultDoctor);
    if (lastDoctor) setVisitInput({ ...visitInput, doctorId: lastDoctor.id });
  }

  function startNewPatient() {
    setChosen(null);
    setRegisteredId(null);
    setPatientInput(EMPTY_PATIENT);
    setServerErrors({});
    setPickerKey((key) => key + 1);
  }

  function showFailure(error: unknown) {
    if (error instanceof ApiError) {
      // 401 ends the session and 403 already showed its alert (api/clients.ts).
      if (error.status === 401 || error.status === 403) return;
      setServerErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
    }
    void dialogs.alert(error instanceof Error ? error.message : String(error));
  }

  async function register(
    body: PatientCreateBody,
    form: PatientForm,
    ignoreNameCheck: boolean,
  ): Promise<string | null> {
    try {
      const created = await dialogs.whileLoading(() => createPatient({ ...body, ignoreNameCheck }));
      setRegisteredId(created.patientId);
      return created.patientId;
    } catch (error) {
      const refusal = patientRefusalOf(error);
      if (refusal === 'nameTaken') {
        const answer = await dialogs.confirm({
          title: t('patient.duplicate.title'),
          message: t('patient.duplicate.text', { name: body.name }),
          okText: t('patient.duplicate.proceed'),
        });
        if (answer.confirmed) await save(form, true);
      } else if (refusal) {
        setIdentityEdit({ refusal, form });
      } else {
        showFailure(error);
      }
      return null;
    }
  }

  async function save(form = newPatient, ignoreNameCheck = false) {
    setSubmitted(true);
    setServerErrors({});
    const checked = checkAddToQueue(visit, knownPatientId, knownPatientId ? null : form, context);
    if (Object.keys(checked.errors).length > 0) return;
    const patientId =
      knownPatientId ??
      (checked.patientBody && (await register(checked.patientBody, form, ignoreNameCheck)));
    if (!patientId) return;
    const queued = checkVisit(visit, patientId, context);
    if (!queued.ok) {
      setServerErrors(queued.errors);
      return;
    }
    try {
      await dialogs.whileLoading(() => api().post<QueueEntry>('/queue', queued.body));
    } catch (error) {
      showFailure(error);
      return;
    }
    rememberDoctor(queued.body.doctorId);
    snackbar.success(t('queue.successful'));
    void refresh();
    onClose();
  }

  function retryWith(form: PatientForm) {
    setIdentityEdit(null);
    setPatientInput(form);
    void save(form);
  }

  const shownPatient = chosen ? patientFormOf(profile.data ?? chosen) : newPatient;
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      title={t('queue.add.title')}
      size={1100}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <PatientSearchPicker
                key={pickerKey}
                label={t('queue.add.patient')}
                value={chosen}
                onChange={choosePatient}
                error={errors.patientId}
                autoFocus
              />
              <VisitFields
                visit={visit}
                onChange={editVisit}
                errors={errors}
                doctors={doctors}
                visitPurposes={visitPurposes}
                latestVisitDate={hasHciCode ? today : undefined}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="sm">
              <Group justify="space-between" mb="sm">
                <Title order={3} size="h5">
                  {t('queue.add.patientInfo')}
                </Title>
                <Switch
                  label={t('queue.add.newPatient')}
                  checked={newPatientMode}
                  disabled={newPatientMode}
                  onChange={(event) => event.currentTarget.checked && startNewPatient()}
                />
              </Group>
              <PatientFields
                form={shownPatient}
                onChange={editPatient}
                errors={newPatientMode ? errors : {}}
                readOnly={!newPatientMode || registeredId !== null}
                hasHciCode={hasHciCode}
                today={today}
                lists={lists}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('dialog.close')}
          </Button>
          <Button type="submit">{t('queue.save')}</Button>
        </Group>
      </form>
      {identityEdit?.refusal === 'cardNoTaken' && (
        <EditIdentityDialog
          title={t('patient.edit.cardTitle')}
          tip={t('patient.edit.cardTaken')}
          fieldName={t('patient.cardNo')}
          currentValue={identityEdit.form.cardNo}
          validate={(cardNo) => {
            const result = PatientCardNoPatchBody.safeParse({ cardNo });
            return result.success ? null : (result.error.issues[0]?.message ?? null);
          }}
          onConfirm={(cardNo) =>
            retryWith({ ...identityEdit.form, cardNoPrefix: CUSTOM_CARD_PREFIX, cardNo })
          }
          onClose={() => setIdentityEdit(null)}
        />
      )}
      {identityEdit && identityEdit.refusal !== 'cardNoTaken' && (
        <EditIdentityDialog
          title={t('patient.edit.idTitle', { idType: identityEdit.form.idType })}
          tip={t(
            identityEdit.refusal === 'nricInvalid'
              ? 'patient.edit.idInvalid'
              : 'patient.edit.idTaken',
            { idType: identityEdit.form.idType },
          )}
          fieldName={identityEdit.form.idType ?? t('patient.nric')}
          currentValue={identityEdit.form.nric}
          validate={(nric) => idNumberProblem(identityEdit.form.idType ?? '', nric)}
          onConfirm={(nric) => retryWith({ ...identityEdit.form, nric })}
          onClose={() => setIdentityEdit(null)}
        />
      )}
    </Modal>
  );
}
