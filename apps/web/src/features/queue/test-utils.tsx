/**
 * Test helpers of the queue screen: a signed-in session on branch MAIN, the app's
 * providers, and a query cache the test fills in place of the server (the API address is
 * unreachable, so a list the test does not give stays empty).
 */
import {
  ALL_PERMISSIONS,
  type Permission,
  type QueueEntry,
  type SessionInfo,
} from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { TEST_CLINIC_OFFSET, testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
// Parts the app loads after first paint, loaded up front so tests time the page itself.
import '../../components/DateField.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { patientKeys } from '../patients/patient-api.ts';
import { queueKeys } from './queue-api.ts';

export const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f60';
export const CLINIC_OFFSET = TEST_CLINIC_OFFSET;

/**
 * Signs in on branch MAIN with `modules`; the role there allows `permissions` (the
 * Administrator's, everything, unless a test is about the role).
 */
export function signInForTest(
  modules: SessionInfo['modules'] = ['clinic.queue'],
  permissions: readonly Permission[] = ALL_PERMISSIONS,
): void {
  initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
  sessionStore.signIn(
    testSessionInfo({
      username: 'desk@clinic.test',
      modules,
      branches: [
        testBranchOption(
          { id: BRANCH_ID, code: 'MAIN', name: 'Main clinic', isDefault: true },
          permissions,
        ),
      ],
    }),
    'clinic',
  );
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** Gives a queue option list ('statuses', 'visit-purposes', 'doctors', 'room-services'). */
export function seedQueueOption(client: QueryClient, name: string, items: unknown[]): void {
  client.setQueryData(queueKeys.option(name, BRANCH_ID), items);
}

/** Gives a patient reference list ('genders', 'id-types', 'tel-codes', ...). */
export function seedPatientOption(client: QueryClient, name: string, data: unknown): void {
  client.setQueryData(patientKeys.option(name, BRANCH_ID), data);
}

/** Renders inside branch MAIN (/MAIN/queue) with the app's providers and dialog host. */
export function renderInBranch(ui: ReactElement, client: QueryClient = testQueryClient()) {
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/MAIN/queue']}>
          <Routes>
            <Route path="/:branchCode/queue" element={ui} />
          </Routes>
        </MemoryRouter>
        <DialogHost />
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, client };
}

let sequence = 0;

/** A queue entry with test values; `overrides` sets what a test is about. */
export function queueEntry(overrides: Partial<QueueEntry> = {}): QueueEntry {
  sequence += 1;
  const number = String(sequence).padStart(3, '0');
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    version: 1,
    queueNum: number,
    queueSeq: sequence,
    patientId: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    patientName: `Patient ${number}`,
    nric: null,
    cardNo: null,
    companyName: null,
    doctorNameSort: 'Dr. Lim',
    doctorName: 'Lim',
    visitPurposes: ['Consultation'],
    remark: null,
    roomService: null,
    roomName: null,
    areaID: null,
    status: 'Pending',
    queueStatus: 0,
    color: '#B45309',
    visitDate: 1_790_000_000,
    timeIn: 1_790_000_000,
    timeOut: null,
    consultIn: null,
    consultOut: null,
    callInTime: null,
    isMCO: false,
    voidedReason: null,
    ...overrides,
  };
}

/** Answers OK to every alert left open and drops snackbars, so none reach the next test. */
export async function closeMessages(): Promise<void> {
  act(() => notifications.clean());
  let ok = screen.queryByRole('button', { name: 'OK' });
  while (ok) {
    await userEvent.click(ok);
    ok = screen.queryByRole('button', { name: 'OK' });
  }
}
