import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { ReferralOutButton } from './ReferralOutButton.tsx';

const PATIENT_ID = '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const VISIT_ID = '7f1c2a9e-4d1b-4c55-9a3e-1b2c3d4e5f61';

describe('Referral out on the visit page', () => {
  it('opens the editor for a new referral of the visit', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[`/MAIN/patients/${PATIENT_ID}/medical-records/${VISIT_ID}`]}>
          <Routes>
            <Route
              path="/:branchCode/*"
              element={<ReferralOutButton patientId={PATIENT_ID} visitId={VISIT_ID} />}
            />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Referral out' })).toHaveAttribute(
      'href',
      `/MAIN/patients/${PATIENT_ID}/referral/${VISIT_ID}/new`,
    );
  });
});
