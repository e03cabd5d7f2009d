import {
  CUSTOM_CARD_PREFIX,
  PatientCardNoPatchBody,
  idNumberProblem,
  queueApi,
  type PatientCreateBody,
  type PatientPickerOption,
} from '@clinic/domain';
import { Button, Grid, Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/clients.ts';
import { clinicToday, nowUnix, useClinicOffset } from '../../../app/clinic-time.ts';
import { ApiError } from '../../../api/http.ts';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { dialogs, snackbar } from '../../../components/dialogs.tsx';
import { errorsAt, errorsWithin, type FieldErrors } from '../../../components/form/field-errors.ts';
import { useCheckedForm } from '../../../components/form/use-checked-form.ts';
import { EditIdentityDialog } from '../../patients/EditIdentityDialog.tsx';
import {
  createPatient,
  usePatientProfile,
  usePatientReferenceLists,
} from '../../patients/patient-api.ts';
import {
  EMPTY_PATIENT,
  patientFormOf,
  patientWithDefaults,
  type PatientForm,
} from '../../patients/patient-form.ts';
import { PatientFields } from '../../patients/PatientFields.tsx';
import { patientRefusalOf, type PatientRefusal } from '../../patients/patient-refusal.ts';
import { PatientSearchPicker } from '../../patients/PatientSearchPicker.tsx';
import {
  useHasHciCode,
  usePickableDoctors,
  useRefreshQueue,
  useVisitPurposes,
} from '../queue-api.ts';
import {
  EMPTY_ADD_TO_QUEUE,
  checkAddToQueue,
  checkVisit,
  knownPatientId,
  visitErrorPaths,
  type AddToQueueValues,
  type ClinicContext,
} from './add-to-queue-form.ts';
import { rememberDoctor, rememberedDoctor } from './default-doctor.ts';
import { VisitFields } from './VisitFields.tsx';

/** A refused ID or card number being corrected, with the new patient it was refused for. */
interface IdentityEdit {
  refusal: Exclude<PatientRefusal, 'nameTaken'>;
  patient: PatientForm;
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
  const [pickerKey, setPickerKey] = useState(0);
  const [identityEdit, setIdentityEdit] = useState<IdentityEdit | null>(null);

  const timezoneOffset = useClinicOffset();
  const now = nowUnix();
  const today = clinicToday(timezoneOffset, now);
  const context: ClinicContext = { hasHciCode, today, now, timezoneOffset };
  // Blank fields the lists fill in: the remembered doctor, and the patient's (see
  // patientWithDefaults). They load after the dialog opens; the user's choice wins.
  const withDefaults = (values: AddToQueueValues): AddToQueueValues => ({
    ...values,
    visit: { ...values.visit, doctorId: values.visit.doctorId ?? rememberedDoctor(doctors) },
    newPatient: patientWithDefaults(values.newPatient, lists),
  });
  const { form, check } = useCheckedForm<AddToQueueValues>({
    initialValues: EMPTY_ADD_TO_QUEUE,
    validate: (values) => checkAddToQueue(withDefaults(values), context).errors,
  });
  const values = withDefaults(form.values);
  const chosen = values.patient;
  const registeredId = values.registeredPatientId;
  const newPatientMode = chosen === null;
  const profile = usePatientProfile(chosen?.id ?? null);

  function choosePatient(patient: PatientPickerOption | null) {
    // The doctor of the patient's last visit, when on duty today.
    const lastDoctor = doctors.find((doctor) => doctor.id === patient?.consultDoctor);
    const visit = form.getValues().visit;
    form.setValues({ patient, visit: lastDoctor ? { ...visit, doctorId: lastDoctor.id } : visit });
  }

  function startNewPatient() {
    form.setValues({ patient: null, registeredPatientId: null, newPatient: EMPTY_PATIENT });
    setPickerKey((key) => key + 1);
  }

  /** Shows a failure; the server's messages go to their fields (`toPaths` places them). */
  function showFailure(error: unknown, toPaths: (errors: FieldErrors) => FieldErrors) {
    if (error instanceof ApiError) {
      // 401 ends the session and 403 already showed its alert (api/clients.ts).
      if (error.status === 401 || error.status === 403) return;
      form.setErrors(toPaths(Object.fromEntries(error.errors.map((e) => [e.field, e.message]))));
    }
    void dialogs.alert(error instanceof Error ? error.message : String(error));
  }

  async function register(
    body: PatientCreateBody,
    patient: PatientForm,
    ignoreNameCheck: boolean,
  ): Promise<string | null> {
    try {
      const created = await dialogs.whileLoading(() => createPatient({ ...body, ignoreNameCheck }));
      form.setFieldValue('registeredPatientId', created.patientId);
      return created.patientId;
    } catch (error) {
      const refusal = patientRefusalOf(error);
      if (refusal === 'nameTaken') {
        const answer = await dialogs.confirm({
          title: t('patient.duplicate.title'),
          message: t('patient.duplicate.text', { name: body.name }),
          okText: t('patient.duplicate.proceed'),
        });
        if (answer.confirmed) await save(true);
      } else if (refusal) {
        setIdentityEdit({ refusal, patient });
      } else {
        showFailure(error, (errors) => errorsAt('newPatient', errors));
      }
      return null;
    }
  }

  async function save(ignoreNameCheck = false) {
    if (!check()) return;
    const current = withDefaults(form.getValues());
    const { patientBody } = checkAddToQueue(current, context);
    const patientId =
      knownPatientId(current) ??
      (patientBody && (await register(patientBody, current.newPatient, ignoreNameCheck)));
    if (!patientId) return;
    const queued = checkVisit(current.visit, patientId, context);
    if (!queued.ok) {
      form.setErrors(visitErrorPaths(queued.errors));
      return;
    }
    try {
      await dialogs.whileLoading(() => api().call(queueApi.add, { body: queued.body }));
    } catch (error) {
      showFailure(error, visitErrorPaths);
      return;
    }
    rememberDoctor(queued.body.doctorId);
    snackbar.success(t('queue.successful'));
    void refresh();
    onClose();
  }

  function retryWith(newPatient: PatientForm) {
    setIdentityEdit(null);
    form.setFieldValue('newPatient', newPatient);
    void save();
  }

  const shownPatient = chosen ? patientFormOf(profile.data ?? chosen) : values.newPatient;
  return (
    <>
      <AppDialog
        onClose={onClose}
        title={t('queue.add.title')}
        size={1100}
        dirty={form.isDirty()}
        onSubmit={() => void save()}
        footer={(close) => (
          <>
            <Button variant="default" onClick={close}>
              {t('dialog.close')}
            </Button>
            <Button type="submit" data-dialog-save>
              {t('queue.save')}
            </Button>
          </>
        )}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <PatientSearchPicker
                key={pickerKey}
                label={t('queue.add.patient')}
                value={chosen}
                onChange={choosePatient}
                error={form.errors.patient}
                autoFocus
              />
              <VisitFields
                form={form}
                doctorId={values.visit.doctorId}
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
                values={shownPatient}
                onChange={(patient) => form.setFieldValue('newPatient', patient)}
                errors={newPatientMode ? errorsWithin(form.errors, 'newPatient') : {}}
                readOnly={!newPatientMode || registeredId !== null}
                hasHciCode={hasHciCode}
                today={today}
                lists={lists}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      </AppDialog>
      {identityEdit?.refusal === 'cardNoTaken' && (
        <EditIdentityDialog
          title={t('patient.edit.cardTitle')}
          tip={t('patient.edit.cardTaken')}
          fieldName={t('patient.cardNo')}
          currentValue={identityEdit.patient.cardNo}
          validate={(cardNo) => {
            const result = PatientCardNoPatchBody.safeParse({ cardNo });
            return result.success ? null : (result.error.issues[0]?.message ?? null);
          }}
          onConfirm={(cardNo) =>
            retryWith({ ...identityEdit.patient, cardNoPrefix: CUSTOM_CARD_PREFIX, cardNo })
          }
          onClose={() => setIdentityEdit(null)}
        />
      )}
      {identityEdit && identityEdit.refusal !== 'cardNoTaken' && (
        <EditIdentityDialog
          title={t('patient.edit.idTitle', { idType: identityEdit.patient.idType })}
          tip={t(
            identityEdit.refusal === 'nricInvalid'
              ? 'patient.edit.idInvalid'
              : 'patient.edit.idTaken',
            { idType: identityEdit.patient.idType },
          )}
          fieldName={identityEdit.patient.idType ?? t('patient.nric')}
          currentValue={identityEdit.patient.nric}
          validate={(nric) => idNumberProblem(identityEdit.patient.idType ?? '', nric)}
          onConfirm={(nric) => retryWith({ ...identityEdit.patient, nric })}
          onClose={() => setIdentityEdit(null)}
        />
      )}
    </>
  );
}
