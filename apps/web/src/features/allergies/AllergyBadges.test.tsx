import { ALL_PERMISSIONS, type AllergyRecord, type Permission } from '@clinic/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BRANCH_ID,
  closeMessages,
  renderInBranch,
  signInForTest,
  testQueryClient,
} from '../queue/test-utils.tsx';
import '../../components/DateField.tsx';
import './AllergyFormDialog.tsx';
import { allergyKeys } from './allergy-api.ts';
import { AllergiesTab } from './AllergiesTab.tsx';
import { AllergyBadges } from './AllergyBadges.tsx';

const PATIENT = '10000000-0000-4000-8000-000000000001';

const allergy = (overrides: Partial<AllergyRecord>): AllergyRecord => ({
  id: '40000000-0000-4000-8000-000000000001',
  patientId: PATIENT,
  visitId: null,
  allergyType: 'Drug',
  allergyDrugID: 'drug-penicillin',
  allergyDrugCode: 'PENICILLIN',
  allergyDrugName: 'Penicillin',
  allergyReaction: 'Y',
  allergyReactionName: 'Drug allergy',
  allergyRemark: 'Rash',
  onsetDate: '2019-03-04',
  createdAt: 1_790_000_000,
  createdByName: 'Nurse Test',
  isVoided: false,
  version: 1,
  ...overrides,
});

describe('AllergyBadges', () => {
  afterEach(closeMessages);

  it('shows drug allergies as red badges first, then others, then the alert message', () => {
    signInForTest(['clinic.patient'], ALL_PERMISSIONS);
    const client = testQueryClient();
    client.setQueryData(allergyKeys.badges(BRANCH_ID, PATIENT), {
      alertMessage: 'Hard of hearing',
      allergies: [
        allergy({
          id: '40000000-0000-4000-8000-000000000002',
          allergyType: 'Others',
          allergyDrugName: 'Peanut',
        }),
        allergy({}),
      ],
    });
    renderInBranch(<AllergyBadges patientId={PATIENT} />, client);
    const badges = screen.getByRole('group', { name: 'Allergies and alert' });
    expect(badges.textContent).toBe(
      'Drug allergy: PenicillinAllergy: PeanutAlert: Hard of hearing',
    );
  });

  it('says there are no known allergies, and shows nothing to a role that may not read them', () => {
    signInForTest(['clinic.patient'], ALL_PERMISSIONS);
    const client = testQueryClient();
    client.setQueryData(allergyKeys.badges(BRANCH_ID, PATIENT), {
      alertMessage: null,
      allergies: [],
    });
    renderInBranch(<AllergyBadges patientId={PATIENT} />, client);
    expect(screen.getByText('No known allergies')).toBeTruthy();
  });

  it('shows nothing to a role that may not read allergies', () => {
    const withoutAllergies: Permission[] = ALL_PERMISSIONS.filter(
      (p) => !p.startsWith('allergies:'),
    );
    signInForTest(['clinic.patient'], withoutAllergies);
    renderInBranch(<AllergyBadges patientId={PATIENT} />);
    expect(screen.queryByRole('group', { name: 'Allergies and alert' })).toBeNull();
  });
});

describe('AllergiesTab', () => {
  afterEach(closeMessages);

  it("lists the patient's allergies and checks every field of the form before saving", async () => {
    signInForTest(['clinic.patient'], ALL_PERMISSIONS);
    const client = testQueryClient();
    client.setQueryData(allergyKeys.list(BRANCH_ID, PATIENT), [allergy({})]);
    renderInBranch(<AllergiesTab patientId={PATIENT} />, client);
    expect(screen.getByRole('cell', { name: 'Rash' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    await screen.findByRole('dialog', { name: 'Allergy' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Onset date is required',
      'Allergy type is required',
      'Allergy is required',
      'Drug allergy or adverse drug reaction is required',
      'Adverse reaction details is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });
});
