import {
  ID_NUMBER_REQUIRED,
  PATIENT_MESSAGES,
  QUEUE_MESSAGES,
  nricFor,
  type CurrentBranch,
  type RefusalCode,
} from '@clinic/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicToday } from '../../../app/clinic-time.ts';
import { testBranchOption } from '../../../app/test-session.ts';
import { queueKeys } from '../queue-api.ts';
import {
  BRANCH_ID,
  CLINIC_OFFSET,
  closeMessages,
  queueEntry,
  renderInBranch,
  seedPatientOption,
  seedQueueOption,
  signInForTest,
  testQueryClient,
} from '../test-utils.tsx';
import { AddToQueueDialog } from './AddToQueueDialog.tsx';

const BRANCH: CurrentBranch = {
  ...testBranchOption({ id: BRANCH_ID, code: 'MAIN', name: 'Main clinic', isDefault: true }),
  currency: 'SGD',
  printer: false,
  address: null,
  postal: null,
  country: 'SG',
  phone: null,
  fax: null,
  hciCode: null,
  companyRegistrationNo: null,
  taxRegistrationNo: null,
  hasLogo: false,
};

function renderDialog({
  hciCode = null,
  onClose = () => {},
}: { hciCode?: string | null; onClose?: () => void } = {}) {
  const client = testQueryClient();
  client.setQueryData(queueKeys.currentBranch(BRANCH_ID), { ...BRANCH, hciCode });
  seedQueueOption(client, 'doctors', [
    { id: '30000000-0000-4000-8000-000000000001', fullName: 'Lim', offDuty: false, userType: '50' },
  ]);
  seedQueueOption(client, 'visit-purposes', [{ code: 'Consultation' }, { code: 'Vaccination' }]);
  seedPatientOption(client, 'genders', [
    { code: 'M', name: 'Male' },
    { code: 'F', name: 'Female' },
  ]);
  seedPatientOption(client, 'id-types', [
    { code: 'NRIC', name: 'NRIC' },
    { code: 'PP', name: 'Passport' },
    { code: 'NA', name: 'No ID' },
  ]);
  seedPatientOption(client, 'nationalities', [{ code: 'SG', name: 'Singapore' }]);
  seedPatientOption(client, 'tel-codes', [{ code: '+65', name: 'Singapore' }]);
  seedPatientOption(client, 'tel-code-default', { code: '+65', name: 'Singapore' });
  seedPatientOption(client, 'card-prefixes', [
    { id: '40000000-0000-4000-8000-000000000001', prefix: 'P' },
    { id: -1, prefix: 'Custom' },
  ]);
  renderInBranch(<AddToQueueDialog onClose={onClose} />, client);
}

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
/** Each message shows exactly once (getByText fails on none and on several). */
const expectOnce = (...messages: string[]) =>
  messages.forEach((message) => expect(screen.getByText(message)).toBeInTheDocument());
const expectNone = (message: string) => expect(screen.queryByText(message)).not.toBeInTheDocument();

async function choose(selectName: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: selectName }));
  await userEvent.click(screen.getByRole('option', { name: option }));
}

/** Types without key-by-key events: for long values. */
function fill(fieldName: string, value: string) {
  fireEvent.change(field(fieldName), { target: { value } });
}

describe('add to queue: new patient rules', () => {
  beforeEach(() => {
    localStorage.clear();
    signInForTest();
  });

  it('starts as a new patient, and asks for every required field once on Save', async () => {
    renderDialog();
    const newPatient = screen.getByRole('switch', { name: 'New Patient' });
    expect(newPatient).toBeChecked();
    expect(newPatient).toBeDisabled();
    expect(screen.queryByText(PATIENT_MESSAGES.nameRequired)).not.toBeInTheDocument();

    await save();
    expectOnce(
      QUEUE_MESSAGES.doctorRequired,
      QUEUE_MESSAGES.visitPurposeRequired,
      PATIENT_MESSAGES.nameRequired,
      PATIENT_MESSAGES.genderRequired,
      PATIENT_MESSAGES.birthDateRequired,
      ID_NUMBER_REQUIRED,
      PATIENT_MESSAGES.mobileRequired,
    );
    // The clinic's tel code, the first ID type and nationality, the first card prefix are filled in.
    expectNone(PATIENT_MESSAGES.telCodeRequired);
    expectNone(PATIENT_MESSAGES.idTypeRequired);
    expectNone(PATIENT_MESSAGES.nationalityRequired);
    expectNone(PATIENT_MESSAGES.cardNoRequired);
    expectNone(QUEUE_MESSAGES.patientRequired);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(field('Name'), 'Tan Ah Kow');
    expectNone(PATIENT_MESSAGES.nameRequired);
  });

  it('checks the NRIC checksum, and clears and disables the number for NA', async () => {
    renderDialog();
    await choose('ID type', 'NRIC');
    await userEvent.type(field('ID number'), 'S1234567A');
    await save();
    expectOnce('Please verify your entry for NRIC');

    await userEvent.clear(field('ID number'));
    await userEvent.type(field('ID number'), 'S1234567D');
    expectNone('Please verify your entry for NRIC');

    await choose('ID type', 'No ID');
    expect(field('ID number')).toBeDisabled();
    expect(field('ID number')).toHaveValue('');
  });

  it('asks for a parent under 16', async () => {
    renderDialog();
    await userEvent.type(field('Birth date'), '01012020');
    await userEvent.tab();
    await save();
    expectOnce(PATIENT_MESSAGES.fatherRequired, PATIENT_MESSAGES.motherRequired);

    await userEvent.type(field('Mother'), 'Lee Mei');
    expectNone(PATIENT_MESSAGES.fatherRequired);
    expectNone(PATIENT_MESSAGES.motherRequired);
  });

  it('applies the email rule', async () => {
    renderDialog();
    await userEvent.type(field('Email'), 'tan.ah@example.com');
    await save();
    expectOnce(PATIENT_MESSAGES.emailDotBeforeAt);

    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'tan@example.comm');
    expectOnce(PATIENT_MESSAGES.emailSuffix);

    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'tan@example.com');
    expectNone(PATIENT_MESSAGES.emailSuffix);
  });

  it('limits the mobile and the parents names', async () => {
    renderDialog();
    fill('Mobile', '9'.repeat(33));
    fill('Father', 'F'.repeat(141));
    fill('Mother', 'M'.repeat(141));
    await save();
    expectOnce(
      PATIENT_MESSAGES.mobileTooLong,
      PATIENT_MESSAGES.fatherTooLong,
      PATIENT_MESSAGES.motherTooLong,
    );

    fill('Mobile', '9'.repeat(32));
    expectNone(PATIENT_MESSAGES.mobileTooLong);
  });

  it('numbers cards itself unless the prefix is Custom', async () => {
    renderDialog();
    expect(field('Card number')).toHaveAttribute('readonly');
    expect(field('Card number')).toHaveAttribute('placeholder', 'Auto Generate');

    await choose('Card prefix', 'Custom');
    expect(field('Card number')).not.toHaveAttribute('readonly');
    await save();
    expectOnce(PATIENT_MESSAGES.cardNoRequired);
  });

  it('with an HCI code: keeps what is typed in the name and says at once it is not English', async () => {
    renderDialog({ hciCode: 'HCI0001' });
    await userEvent.type(field('Name'), 'Tan 123 Ah 4');
    // Nothing swallowed, the rule's message at once (no Save yet), the field marked.
    expect(field('Name')).toHaveValue('Tan 123 Ah 4');
    expectOnce(PATIENT_MESSAGES.nameNotEnglish);
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    await save();
    expectOnce(PATIENT_MESSAGES.nameNotEnglish);

    await userEvent.clear(field('Name'));
    expectNone(PATIENT_MESSAGES.nameNotEnglish);
    // Accents have an English form: folded as typed, nothing to say.
    await userEvent.type(field('Name'), 'José Tan');
    expect(field('Name')).toHaveValue('Jose Tan');
    expectNone(PATIENT_MESSAGES.nameNotEnglish);
  });

  it('with an HCI code: keeps pasted text whole and marks the name', async () => {
    renderDialog({ hciCode: 'HCI0001' });
    await userEvent.click(field('Name'));
    await userEvent.paste('Tan 陈 Ah Kow');
    expect(field('Name')).toHaveValue('Tan 陈 Ah Kow');
    expectOnce(PATIENT_MESSAGES.nameNotEnglish);
  });

  it('without an HCI code: any name, nothing to say', async () => {
    renderDialog();
    await userEvent.type(field('Name'), 'Tan 陈 Ah Kow');
    expect(field('Name')).toHaveValue('Tan 陈 Ah Kow');
    expectNone(PATIENT_MESSAGES.nameNotEnglish);
  });

  it('with an HCI code: a newborn needs a birth time', async () => {
    renderDialog({ hciCode: 'HCI0001' });
    await userEvent.type(field('Name'), 'Tan Ah Kow');

    const [year, month, day] = clinicToday(CLINIC_OFFSET).split('-');
    await userEvent.type(field('Birth date'), `${day}${month}${year}`);
    await userEvent.tab();
    await save();
    expectOnce(PATIENT_MESSAGES.birthTimeRequired);
  });

  it('keeps the chosen doctor when the list is browsed with arrow keys and Enter', async () => {
    renderDialog();
    const doctor = screen.getByRole('combobox', { name: /Doctor/ });
    await userEvent.click(doctor);
    await userEvent.click(screen.getByRole('option', { name: 'Lim' }));
    expect(doctor).toHaveValue('Lim');
    doctor.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(doctor).toHaveValue('Lim');
    await save();
    expectNone(QUEUE_MESSAGES.doctorRequired);
  });

  it('closes the visit purpose list on Tab, so it covers no field below', async () => {
    renderDialog();
    const purposes = screen.getByRole('button', { name: /Visit purposes/ });
    await userEvent.click(purposes);
    expect(await screen.findByRole('listbox', { name: /Visit purposes/ })).toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('enables the visit date and time only when backdating', async () => {
    renderDialog();
    expect(field('Visit date')).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Backdate' }));
    expect(field('Visit date')).toBeEnabled();
    expect(screen.getByLabelText(/Visit time/)).toBeEnabled();
  });
});

const DOCTOR_ID = '30000000-0000-4000-8000-000000000001';
const PATIENT_ID = '20000000-0000-4000-8000-000000000042';

/** The server's side of the network, answering each call in turn. */
function serverAnswers(...answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ method: string; path: string; body: any }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({
      method: init.method ?? 'GET',
      path: new URL(url).pathname.replace('/api/v1', ''),
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  return calls;
}

const refusal = (code: RefusalCode, message: string, field: string) => ({
  status: 400,
  body: { error: { code, message, errors: [{ field, message, code }] } },
});
const created = { status: 201, body: { data: { patientId: PATIENT_ID } } };
const queued = { status: 201, body: { data: queueEntry({ patientId: PATIENT_ID }) } };

async function fillVisitAndNewPatient() {
  await choose('Doctor', 'Lim');
  await userEvent.click(screen.getByRole('button', { name: 'Visit purposes' }));
  await userEvent.click(screen.getByRole('option', { name: 'Consultation' }));
  await userEvent.keyboard('{Escape}');
  await userEvent.type(field('Name'), 'Tan Ah Kow');
  await choose('Gender', 'Male');
  await userEvent.type(field('Birth date'), '02011980');
  await userEvent.tab();
  await choose('ID type', 'NRIC');
  await userEvent.type(field('ID number'), 'S1234567D');
  await userEvent.type(field('Mobile'), '91234567');
  await choose('Nationality', 'Singapore');
}

describe('add to queue: saving a new patient', () => {
  beforeEach(() => {
    localStorage.clear();
    signInForTest();
  });
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it('registers the patient, then queues the visit and remembers the doctor', async () => {
    const calls = serverAnswers(created, queued);
    const onClose = vi.fn();
    renderDialog({ onClose });
    await fillVisitAndNewPatient();
    await save();

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /patients',
      'POST /queue',
    ]);
    expect(calls[0]!.body).toMatchObject({ name: 'Tan Ah Kow', nric: 'S1234567D', telCode: '+65' });
    expect(calls[1]!.body).toEqual({
      patientId: PATIENT_ID,
      doctorId: DOCTOR_ID,
      visitPurposes: ['Consultation'],
      remark: null,
      visitDate: null,
      isBackdate: false,
    });
    expect(localStorage.getItem('defaultDoctor')).toBe(DOCTOR_ID);
  });

  it('asks before registering a same-name patient, then retries with ignoreNameCheck', async () => {
    const calls = serverAnswers(
      refusal('patient.nameTaken', PATIENT_MESSAGES.nameTaken, 'name'),
      created,
      queued,
    );
    const onClose = vi.fn();
    renderDialog({ onClose });
    await fillVisitAndNewPatient();
    await save();

    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => call.body.ignoreNameCheck)).toEqual([false, true, undefined]);
  });

  it('asks for another ID number when it is taken, and saves with it', async () => {
    const calls = serverAnswers(
      refusal('patient.nricTaken', PATIENT_MESSAGES.nricTaken, 'nric'),
      created,
      queued,
    );
    const onClose = vi.fn();
    renderDialog({ onClose });
    await fillVisitAndNewPatient();
    await save();

    const edit = await screen.findByRole('dialog', { name: 'Edit NRIC' });
    expect(edit).toHaveTextContent('This NRIC is already in use by another patient.');
    expect(screen.getByRole('textbox', { name: 'Current NRIC' })).toHaveValue('S1234567D');
    const other = nricFor('T', '0123456');
    await userEvent.type(screen.getByRole('textbox', { name: /New NRIC/ }), other);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[1]!.body.nric).toBe(other);
  });

  it('does not register the patient twice when only the queueing failed', async () => {
    const calls = serverAnswers(
      created,
      { status: 500, body: { error: { code: 'server.failed', message: 'The queue is busy' } } },
      queued,
    );
    const onClose = vi.fn();
    renderDialog({ onClose });
    await fillVisitAndNewPatient();
    await save();
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await save();

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /patients',
      'POST /queue',
      'POST /queue',
    ]);
  });
});
