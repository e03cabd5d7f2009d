import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { sessionStore } from '../../api/session.ts';
import { testSessionInfo } from '../../app/test-session.ts';
import { TenantInfoPage } from './ConsoleLayout.tsx';

/** The console's first page for a clinic on trial until `trialEndsAt` (Unix seconds). */
function showTenantPage(trialEndsAt: number, timezoneOffset: number) {
  const info = testSessionInfo({ token: 'console-token' });
  sessionStore.signIn(
    {
      ...info,
      kind: 'tenant',
      tenant: { ...info.tenant, status: 'trial', trialEndsAt, timezoneOffset },
    },
    'tenant',
  );
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <TenantInfoPage />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => sessionStore.signOut('user'));

describe('console: the clinic on trial', () => {
  it("says when the trial ends in the spec's date format, on the clinic's clock", () => {
    // 23 Dec 2026 16:30 UTC is already 24 Dec in Singapore, whatever the browser's zone.
    showTenantPage(Date.UTC(2026, 11, 23, 16, 30) / 1000, 480);
    expect(screen.getByText('Trial ends on 24/Dec/2026')).toBeInTheDocument();
  });

  it('gives a clinic west of UTC its own day', () => {
    showTenantPage(Date.UTC(2026, 11, 23, 16, 30) / 1000, -300);
    expect(screen.getByText('Trial ends on 23/Dec/2026')).toBeInTheDocument();
  });
});
