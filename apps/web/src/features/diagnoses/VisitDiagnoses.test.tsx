import { ALL_PERMISSIONS, type DiagnosisRecord } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '../../components/dialogs.tsx';
import { BRANCH_ID, closeMessages, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { diagnosisKeys } from './diagnosis-api.ts';
import './DiagnosisEditor.tsx';
import { VisitDiagnoses } from './VisitDiagnoses.tsx';

const PATIENT = '10000000-0000-4000-8000-000000000001';
const VISIT = '20000000-0000-4000-8000-000000000001';

const hypertension: DiagnosisRecord = {
  id: '30000000-0000-4000-8000-000000000001',
  visitId: VISIT,
  code: '38341003',
  description: 'Hypertension',
  remark: 'since 2019',
  isVoided: false,
  version: 1,
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderAt(search: string, readOnly = false, items: DiagnosisRecord[] = [hypertension]) {
  const client = testQueryClient();
  client.setQueryData(diagnosisKeys.visit(BRANCH_ID, VISIT), items);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter
          initialEntries={[`/MAIN/patients/${PATIENT}/medical-records/${VISIT}${search}`]}
        >
          <Routes>
            <Route
              path="/:branchCode/patients/:patientId/medical-records/:visitId"
              element={
                <>
                  <VisitDiagnoses patientId={PATIENT} visitId={VISIT} readOnly={readOnly} />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('VisitDiagnoses', () => {
  beforeEach(() => signInForTest(['clinic.patient'], ALL_PERMISSIONS));
  afterEach(closeMessages);

  it("lists the visit's diagnoses with their codes", () => {
    renderAt('');
    expect(screen.getByRole('cell', { name: 'Hypertension' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '38341003' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add diagnosis' })).toBeTruthy();
  });

  it('opens the editor from the address (?diagnosisEditor=new), Save and Add Another included', async () => {
    renderAt('?diagnosisEditor=new');
    expect(await screen.findByRole('dialog', { name: 'Diagnosis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and Add Another' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it("says 'No diagnosis' under the field when saving without one", async () => {
    renderAt('?diagnosisEditor=new');
    await screen.findByRole('dialog', { name: 'Diagnosis' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No diagnosis')).toBeTruthy();
  });

  it('Add diagnosis puts the editor in the address; Cancel takes it out', async () => {
    renderAt('');
    await userEvent.click(screen.getByRole('button', { name: 'Add diagnosis' }));
    expect(screen.getByTestId('address').textContent).toBe('?diagnosisEditor=new');
    await screen.findByRole('dialog', { name: 'Diagnosis' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('read-only: the list without the editor, even from the address', () => {
    renderAt('?diagnosisEditor=new', true);
    expect(screen.getByRole('cell', { name: 'Hypertension' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add diagnosis' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
