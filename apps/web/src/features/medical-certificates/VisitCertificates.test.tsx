import { ALL_PERMISSIONS, MC_REMOVE_CONFIRM, type McRecord } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/DateField.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { mcKeys } from './mc-api.ts';
import { VisitCertificates } from './VisitCertificates.tsx';

const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const VISIT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';
const PATIENT_ID = '8f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62';

const RECORD: McRecord = {
  id: '9f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62',
  version: 1,
  visitId: VISIT_ID,
  patientId: PATIENT_ID,
  branchId: BRANCH_ID,
  mcNo: 'MC26000007',
  issuedDate: '2026-11-25',
  fromDate: '2026-11-25',
  toDate: '2026-11-27',
  givenDays: 3,
  doctorId: 'af1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f62',
  doctorName: 'Dr Lim',
  mcPurpose: 'Sick leave',
  remark: null,
  excuseChit: false,
  timeRequired: false,
  fromTime: null,
  toTime: null,
  fitChoice: 1,
  createdAt: 1_790_000_000,
};

function renderList({ readOnly = false, search = '' } = {}) {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  sessionStore.signIn(
    testSessionInfo({
      modules: ['clinic.patient'],
      branches: [
        testBranchOption(
          { id: BRANCH_ID, code: 'MAIN', name: 'Main clinic', isDefault: true },
          ALL_PERMISSIONS,
        ),
      ],
    }),
    'clinic',
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(mcKeys.visit(VISIT_ID), [RECORD]);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/MAIN/patients${search}`]}>
          <Routes>
            <Route
              path="/:branchCode/patients"
              element={
                <VisitCertificates patientId={PATIENT_ID} visitId={VISIT_ID} readOnly={readOnly} />
              }
            />
          </Routes>
        </MemoryRouter>
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("a visit's medical certificates (doc 2 section 2.7)", () => {
  it('lists each certificate with its number, dates and days', () => {
    renderList();
    expect(screen.getByText('MC26000007')).toBeInTheDocument();
    expect(screen.getByText('25 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('27 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Sick leave')).toBeInTheDocument();
  });

  it('asks before deleting, in the product words', async () => {
    renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MC_REMOVE_CONFIRM)).toBeInTheDocument();
    expect(MC_REMOVE_CONFIRM).toBe('Are your sure you remove this?');
  });

  it('opens the editor from ?mcEditor=new and ?mcEditor=<id>', async () => {
    renderList({ search: '?mcEditor=new' });
    expect(await screen.findByText('New medical certificate')).toBeInTheDocument();
  });

  it('opens an existing certificate with its number read-only', async () => {
    renderList({ search: `?mcEditor=${RECORD.id}` });
    const mcNo = await screen.findByRole('textbox', { name: 'MC number' });
    expect(mcNo).toHaveValue('MC26000007');
    expect(mcNo).toHaveAttribute('readonly');
  });

  it('read-only: prints, but offers no add, edit or delete', () => {
    renderList({ readOnly: true });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    for (const name of ['Add MC', 'Edit', 'Delete']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
