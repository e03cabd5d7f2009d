import { SYSTEM_ROLES, type PatientHeaderInfo, type VisitDetail } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPatientPath } from '../../app/current-patient.ts';
import { patientRoutes } from '../../app/router.tsx';
import { BRANCH_ID, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { ConsultTimer } from './ConsultTimer.tsx';
import { PatientShell } from './PatientShell.tsx';
import { recordKeys } from './record-api.ts';

const PATIENT = '20000000-0000-4000-8000-000000000001';
const VISIT = '30000000-0000-4000-8000-000000000001';

const header: PatientHeaderInfo = {
  id: PATIENT,
  name: 'Tan Ah Kow',
  title: 'Mr',
  nric: 'S1234567D',
  idType: 'NRIC',
  gender: 'M',
  birthDate: '1980-05-17',
  age: { years: 46, months: 6, days: 8 },
  ageInMonths: 558,
  ageText: '46 Y 6 M',
  cardNoPrefix: 'P',
  cardNo: 'P000123',
  telCode: '+65',
  contactNo: '91234567',
  email: null,
  nationality: 'SG',
  homeAddress: null,
  homePostal: null,
  alertMessage: 'Hard of hearing',
  version: 1,
};

const visit: VisitDetail = {
  id: VISIT,
  date: 1_790_000_000,
  branchId: BRANCH_ID,
  branchCode: 'MAIN',
  doctorId: '40000000-0000-4000-8000-000000000001',
  doctorName: 'Lim Wei',
  patientId: PATIENT,
  consultStartTime: null,
  consultEndTime: null,
  isVoided: false,
  version: 0,
  queueId: null,
  queueStatus: null,
};

function renderRecord(path: string) {
  const client = testQueryClient();
  client.setQueryData(recordKeys.header(BRANCH_ID, PATIENT), header);
  client.setQueryData(recordKeys.vaccinations(BRANCH_ID, PATIENT), { count: 0 });
  client.setQueryData(recordKeys.visits(BRANCH_ID, PATIENT, 1), { items: [visit], total: 1 });
  client.setQueryData(recordKeys.visit(BRANCH_ID, VISIT), visit);
  const router = createMemoryRouter(
    [
      {
        path: '/:branchCode/patients/:patientId',
        element: <PatientShell />,
        children: patientRoutes,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('the patient record', () => {
  beforeEach(() => {
    localStorage.clear();
    signInForTest(['clinic.queue', 'clinic.patient']);
  });

  it('opens on the medical records, under the header card with its alert, and becomes the current patient', async () => {
    const router = renderRecord(`/MAIN/patients/${PATIENT}`);
    expect(await screen.findByTestId('visit-row')).toHaveTextContent('Lim Wei');
    expect(router.state.location.pathname).toBe(`/MAIN/patients/${PATIENT}/medical-records`);
    expect(screen.getByTestId('patient-name')).toHaveTextContent('Mr Tan Ah Kow');
    expect(screen.getByText('S1234567D (NRIC)')).toBeInTheDocument();
    expect(screen.getByText('46 Y 6 M')).toBeInTheDocument();
    expect(screen.getByText('P000123')).toBeInTheDocument();
    expect(screen.getByText('+65 91234567')).toBeInTheDocument();
    expect(screen.getByText('Hard of hearing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Medical Records' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(currentPatientPath('MAIN')).toBe(`patients/${PATIENT}`);
    expect(currentPatientPath('OTHER')).toBe('patients');
  });

  it("says plainly that a later issue's tab has nothing yet, and keeps the header", async () => {
    renderRecord(`/MAIN/patients/${PATIENT}/medical-records`);
    await userEvent.click(await screen.findByRole('link', { name: 'Lab' }));
    expect(await screen.findByText('No lab results for this patient yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lab' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('patient-name')).toBeInTheDocument();
  });

  it('sends invoices to unbilled and personal info to the profile', async () => {
    const router = renderRecord(`/MAIN/patients/${PATIENT}/invoices`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/MAIN/patients/${PATIENT}/invoices/unbills`),
    );
    expect(screen.getByTestId('patient-name')).toBeInTheDocument();
    await router.navigate(`/MAIN/patients/${PATIENT}/personal`);
    expect(await screen.findByText('Patient information')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/MAIN/patients/${PATIENT}/personal/profile`);
  });
});

describe('the consult timer', () => {
  function renderTimer(shown: VisitDetail, readOnly = false) {
    render(
      <MantineProvider env="test">
        <ConsultTimer visit={shown} readOnly={readOnly} onSaved={() => {}} />
      </MantineProvider>,
    );
    return screen.getByTestId('consult-timer');
  }

  it('not started: Start', () => {
    expect(renderTimer(visit)).toHaveAttribute('data-state', '0');
    expect(screen.getByRole('button', { name: 'Start consultation' })).toBeEnabled();
    expect(screen.getByText('Not started')).toBeInTheDocument();
  });

  it('running: Stop, with the time so far', () => {
    const start = Math.floor(Date.now() / 1000) - 125;
    expect(renderTimer({ ...visit, consultStartTime: start })).toHaveAttribute('data-state', '1');
    expect(screen.getByRole('button', { name: 'Stop consultation' })).toBeEnabled();
    expect(screen.getByRole('timer')).toHaveTextContent(/Running for 2:0\d/);
  });

  it('finished: disabled, with the time it took', () => {
    renderTimer({ ...visit, consultStartTime: 1000, consultEndTime: 1000 + 15 * 60 });
    expect(screen.getByTestId('consult-timer')).toHaveAttribute('data-state', '-1');
    expect(screen.getByRole('button', { name: 'Consultation ended' })).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('Took 15:00');
  });

  it('read-only (voided, or another branch): disabled', () => {
    renderTimer(visit, true);
    expect(screen.getByRole('button', { name: 'Start consultation' })).toBeDisabled();
  });
});

describe('the visit page for a role without clinical reads', () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    signInForTest(['clinic.queue', 'clinic.patient'], SYSTEM_ROLES['Front desk']);
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(new URL(url).pathname);
      return Promise.resolve(Response.json({ data: { items: [], total: 0 } }));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the front desk the certificates, and asks nothing of notes, readings or facts', async () => {
    renderRecord(`/MAIN/patients/${PATIENT}/medical-records/${VISIT}`);
    expect(await screen.findByRole('heading', { name: 'Medical certificates' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Physical readings' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Diagnoses' })).toBeNull();
    expect(asked.some((path) => path.includes('/medical-certificates'))).toBe(true);
    expect(asked.filter((path) => /facts|readings|consult-note|diagnos/.test(path))).toEqual([]);
  });
});
