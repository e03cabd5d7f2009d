import {
  ALL_PERMISSIONS,
  GPFIRST_TERMS,
  REFERRAL_MESSAGES,
  type Permission,
  type ReferralOutRecord,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { dialogs, DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { referralKeys } from './referral-api.ts';
import { ReferralForm } from './ReferralEditor.tsx';
import { keptValues, newReferralValues, referralChanges } from './referral-form.ts';

const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f61';
const PATIENT_ID = '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const VISIT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f61';

const saved: ReferralOutRecord = {
  id: '8b1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  rowVersion: 2,
  patientId: PATIENT_ID,
  visitId: VISIT_ID,
  branchId: BRANCH_ID,
  hciCode: 'HCI01',
  isHsg: false,
  referralType: null,
  referralInstitution: 'Mount Elizabeth Hospital',
  referralInstitutionDescription: 'Mount Elizabeth Hospital',
  speciallyService: null,
  speciallyServiceDescription: null,
  referralReason: 'Persistent pain',
  drugAllergies: 'NKDA',
  diagnosisText: 'Knee pain',
  medicalHistory: null,
  treatments: null,
  isNamedDoctor: false,
  doctorName: null,
  isRelatedToChas: false,
  isRelatedToSfl: false,
  isRelatedToVcdss: false,
  isRelatedToNone: false,
  patientRequest: null,
  billSize: null,
  note: null,
  isIncludingDiagnosis: true,
  isIncludingMedication: true,
  isIncludingProcedure: false,
  isIncludingReview: false,
  referralStatus: 5,
  sendStatus: 1,
  diagnosis: [{ code: '239873007', description: 'Osteoarthritis of knee', remark: null }],
  medications: [],
  procedureContent: null,
  reviewContent: null,
  referralLetter: null,
  modifiedReason: null,
  modifiedDate: null,
  voidedReason: null,
  voidedDate: null,
  fastTrackReason: null,
  referTo: 'Orthopaedic clinic',
  issueDate: Math.floor(Date.now() / 1000) - 3600,
  createdBy: '9c1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  updatedAt: Math.floor(Date.now() / 1000) - 60,
};

function renderForm(
  props: { record?: ReferralOutRecord | null; hsgOffered?: boolean } = {},
  permissions: readonly Permission[] = ALL_PERMISSIONS,
) {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  sessionStore.signIn(
    testSessionInfo({
      modules: ['clinic.patient'],
      branches: [
        testBranchOption(
          { id: BRANCH_ID, code: 'MAIN', name: 'Main clinic', isDefault: true },
          permissions,
        ),
      ],
    }),
    'clinic',
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(referralKeys.institutions(BRANCH_ID, 4), [
    { code: 'H1', description: 'Singapore General Hospital A&E' },
  ]);
  client.setQueryData(referralKeys.specialties(BRANCH_ID, 'H1', 4), [
    { code: 'EM', description: 'Emergency Medicine' },
  ]);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/referral']}>
          <Routes>
            <Route
              path="/:branchCode/*"
              element={
                <ReferralForm
                  patientId={PATIENT_ID}
                  visitId={VISIT_ID}
                  record={props.record ?? null}
                  hsgOffered={props.hsgOffered ?? true}
                  withExamination={false}
                  onSaved={() => {}}
                  onCancel={() => {}}
                />
              }
            />
          </Routes>
        </MemoryRouter>
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the referral editor (doc 2 sections 2.5, 4.3, 5)', () => {
  // The dialogs' queue outlives a test: what one left open would hide the next one's.
  afterEach(() => dialogs.dismissAll());

  it('shows the save rules in the spec words on Save', async () => {
    renderForm({ hsgOffered: false });
    await save();
    for (const message of [
      REFERRAL_MESSAGES.institutionRequired,
      REFERRAL_MESSAGES.diagnosisRequired,
      REFERRAL_MESSAGES.reasonRequired,
      REFERRAL_MESSAGES.drugAllergiesRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByRole('checkbox', { name: 'HSG' })).not.toBeInTheDocument();
  });

  it('GPFirst shows the seven terms and blocks saving until acknowledged', async () => {
    renderForm();
    expect(screen.getByRole('checkbox', { name: 'HSG' })).toBeChecked();
    await chooseOption('Type of referral', 'GPFirst');
    for (const term of GPFIRST_TERMS) expect(screen.getByText(term)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bill size (S$)' })).toBeInTheDocument();
    await save();
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText(REFERRAL_MESSAGES.acknowledge)).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: /ok/i }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I acknowledge the terms and conditions above' }),
    );
    await waitFor(() =>
      expect(screen.queryByText(REFERRAL_MESSAGES.acknowledge)).not.toBeInTheDocument(),
    );
  });

  it('a type change clears the institution; a specialty is chosen of the institution', async () => {
    renderForm();
    await chooseOption('Type of referral', 'GPFirst');
    await chooseOption('Referral institution', 'Singapore General Hospital A&E');
    await chooseOption('Specialty', 'Emergency Medicine');
    await chooseOption('Type of referral', 'Routine');
    expect(screen.getByRole('combobox', { name: 'Referral institution' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Specialty' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Bill size (S$)' })).not.toBeInTheDocument();
  });

  it('saving a referral that is no longer a draft asks the Modified Reason first', async () => {
    renderForm({ record: saved });
    expect(screen.getByText('Finalized')).toBeInTheDocument();
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Modified Reason' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(
      await within(dialog).findByText(REFERRAL_MESSAGES.modifiedReasonRequired),
    ).toBeInTheDocument();
  });

  it('Void asks the Void Reason', async () => {
    renderForm({ record: saved });
    await userEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Reason' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('a voided referral shows its reason and offers no Save or Void', () => {
    renderForm({
      record: {
        ...saved,
        referralStatus: 3,
        voidedReason: 'Wrong patient',
        voidedDate: saved.updatedAt,
      },
    });
    expect(screen.getByText('Wrong patient')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reason for referral/ })).toHaveAttribute(
      'readonly',
    );
  });

  it('a reader sees the referral without Save or Void', () => {
    renderForm({ record: saved }, ['referrals:read', 'patients:read']);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });
});

describe('the letter buttons of the editor (doc 2 section 2.5, doc 3 section 2.1)', () => {
  afterEach(() => dialogs.dismissAll());
  const hsgDraft: ReferralOutRecord = {
    ...saved,
    isHsg: true,
    referralType: 4,
    referralInstitution: 'H1',
    referralInstitutionDescription: 'Singapore General Hospital A&E',
    speciallyService: 'EM',
    speciallyServiceDescription: 'Emergency Medicine',
    isRelatedToChas: true,
    referralStatus: 1,
  };
  const button = (name: string) =>
    within(screen.getByTestId('referral-footer')).queryByRole('button', { name });

  it('a saved HSG draft offers Print and the letter preview', async () => {
    renderForm({ record: hsgDraft });
    expect(button('Print')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Letter preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Referral Letter Preview' });
    // The preview has a root of its own, which outlives the test: closed here.
    await userEvent.click(within(preview).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(preview).not.toBeInTheDocument());
  });

  it('a referral that is not HSG prints without the letter preview (the spec hides it)', () => {
    renderForm({ record: saved });
    expect(button('Print')).toBeInTheDocument();
    expect(button('Letter preview')).not.toBeInTheDocument();
  });

  it('a referral not yet saved offers neither', () => {
    renderForm({ record: null });
    expect(button('Print')).not.toBeInTheDocument();
    expect(button('Letter preview')).not.toBeInTheDocument();
  });

  it('a voided referral offers neither', () => {
    renderForm({ record: { ...hsgDraft, referralStatus: 3, voidedReason: 'Wrong patient' } });
    expect(button('Print')).not.toBeInTheDocument();
    expect(button('Letter preview')).not.toBeInTheDocument();
  });

  it('a role without referrals:print sees neither', () => {
    renderForm({ record: hsgDraft }, ['referrals:read', 'referrals:update', 'patients:read']);
    expect(button('Print')).not.toBeInTheDocument();
    expect(button('Letter preview')).not.toBeInTheDocument();
  });

  it('asks to save unsaved changes before printing', async () => {
    renderForm({ record: hsgDraft });
    await userEvent.type(screen.getByRole('textbox', { name: /Reason for referral/ }), ' now');
    await userEvent.click(button('Print')!);
    expect(
      await screen.findByText(
        'Please save your changes first: the letter prints the saved referral.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the editor clearing rules (doc 2 section 4.3)', () => {
  const now = { date: '2026-05-01', time: '09:00' };
  const filled = {
    ...newReferralValues(now, true),
    referralType: 4 as const,
    referralInstitution: 'H1',
    speciallyService: 'EM',
    referTo: 'Dr Tan',
    billSizeText: '50.00',
    isNamedDoctor: true,
    doctorName: 'Dr Lim',
    isRelatedToChas: true,
    patientRequest: 'Subsidised Referral',
  };

  it('toggling HSG clears the target and every HSG field', () => {
    expect(referralChanges.hsg(filled, false)).toMatchObject({
      isHsg: false,
      referTo: null,
      referralType: null,
      referralInstitution: null,
      speciallyService: null,
      isNamedDoctor: false,
      doctorName: null,
      isRelatedToChas: false,
      patientRequest: null,
      billSizeText: '',
    });
  });

  it('unnamed clears the doctor name; bill size is GPFirst only', () => {
    expect(referralChanges.named(filled, false).doctorName).toBeNull();
    expect(keptValues(filled).billSizeText).toBe('50.00');
    expect(referralChanges.type(filled, 1).billSizeText).toBe('');
  });

  it('unticking an include empties its content', () => {
    const reviewed = { ...filled, isIncludingReview: true, reviewContent: 'In 2 weeks' };
    expect(referralChanges.include(reviewed, 'isIncludingReview', false).reviewContent).toBeNull();
  });
});
