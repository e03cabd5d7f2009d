import { ALL_PERMISSIONS, MC_MESSAGES, addDays } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { sessionStore } from '../../api/session.ts';
import { clinicToday } from '../../app/clinic-time.ts';
import { DATE_FORMATS, formatCalendarDate } from '../../app/date-format.ts';
import { TEST_CLINIC_OFFSET, testBranchOption, testSessionInfo } from '../../app/test-session.ts';
import { DialogHost } from '../../components/dialogs.tsx';
import '../../components/dialog-views.tsx';
import '../../i18n/index.ts';
import { McEditorDialog } from './McEditorDialog.tsx';

const BRANCH_ID = '6f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f61';
const VISIT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f61';
const today = clinicToday(TEST_CLINIC_OFFSET);
const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.picker);

function renderEditor() {
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
  client.setQueryData(
    ['dictionary', 1, BRANCH_ID],
    [{ id: '1', code: 'Sick leave', description: 'Sick leave' }],
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <McEditorDialog
            visitId={VISIT_ID}
            defaultDoctorId={null}
            record={null}
            onClose={() => {}}
          />
        </MemoryRouter>
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const dateInput = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function typeDate(name: string, digits: string) {
  const input = dateInput(name);
  await userEvent.clear(input);
  await userEvent.type(input, digits);
  await userEvent.tab();
}

describe('the MC editor (doc 2 sections 2.7, 4.4, 5)', () => {
  it('starts today to today, one day; given days move the to-date', async () => {
    renderEditor();
    expect(dateInput('From date').value).toBe(shown(today));
    expect(dateInput('To date').value).toBe(shown(today));
    const days = screen.getByRole('textbox', { name: 'Given days' });
    expect(days).toHaveValue('1');
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await waitFor(() => expect(dateInput('To date').value).toBe(shown(addDays(today, 2))));
  });

  it('a to-date before the from-date sets the from-date to it and the days to 1', async () => {
    renderEditor();
    await typeDate('To date', '01012020');
    await waitFor(() => expect(dateInput('From date').value).toBe(shown('2020-01-01')));
    expect(screen.getByRole('textbox', { name: 'Given days' })).toHaveValue('1');
  });

  it('a later to-date gives the days, both included', async () => {
    renderEditor();
    await typeDate('From date', '01012030');
    await typeDate('To date', '05012030');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Given days' })).toHaveValue('5'),
    );
  });

  it('Require Time shows both times set to now; a cleared time is required on Save', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('switch', { name: 'Require Time' }));
    const from = screen.getByLabelText<HTMLInputElement>(/From time/);
    expect(from.value).toMatch(/^\d{2}:\d{2}$/);
    await userEvent.clear(from);
    await save();
    expect(await screen.findByText(MC_MESSAGES.fromTimeRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Require Time' }));
    expect(screen.queryByLabelText(/From time/)).not.toBeInTheDocument();
  });

  it('requires the issue date', async () => {
    renderEditor();
    await userEvent.clear(dateInput('Issue date'));
    await userEvent.tab();
    await save();
    expect(await screen.findByText(MC_MESSAGES.issuedDateRequired)).toBeInTheDocument();
  });

  it('an excuse chit disables the duty type', async () => {
    renderEditor();
    const unfit = screen.getByRole('radio', { name: 'Medically unfit' });
    expect(unfit).toBeEnabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Excuse chit' }));
    expect(unfit).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Fit for light duty only' })).toBeDisabled();
  });
});
