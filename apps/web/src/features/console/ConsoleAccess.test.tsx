import { ALL_MODULES, UserType, type UserType as UserTypeName } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { sessionStore, type SessionKind } from '../../api/session.ts';
import { testSessionInfo } from '../../app/test-session.ts';
import { ConsoleComingSoon, ConsoleLayout } from './ConsoleLayout.tsx';

/** The console as a user of `type` sees it at `path`. */
function showConsole(type: UserTypeName, path: string, kind: SessionKind = 'tenant') {
  const info = testSessionInfo({ token: `console-${type}`, modules: [...ALL_MODULES] });
  sessionStore.signIn({ ...info, kind, user: { ...info.user, type } }, kind);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/console" element={<ConsoleLayout />}>
              <Route path="*" element={<ConsoleComingSoon />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The console's section links, read from the drawer (jsdom is a narrow screen). */
async function navigationLinks() {
  await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
  const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

afterEach(() => sessionStore.signOut('user'));

describe('the console', () => {
  it('refuses a front-desk user with a sentence, and shows none of its sections', () => {
    showConsole(UserType.frontDesk, '/console/branches', 'clinic');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The console is for clinic administrators.',
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the clinic' })).toHaveAttribute('href', '/');
  });

  it('refuses doctors and nurses too', () => {
    for (const type of [UserType.doctor, UserType.nurse]) {
      showConsole(type, '/console/tenant');
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The console is for clinic administrators.',
      );
      expect(
        screen.getByRole('button', { name: 'Sign in at the staff sign-in page' }),
      ).toBeVisible();
      sessionStore.signOut('user');
      document.body.innerHTML = '';
    }
  });

  it('shows an administrator all ten sections', async () => {
    showConsole(UserType.administrator, '/console/branches');
    expect(await navigationLinks()).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the catalog user the catalogs only, and refuses the other sections', async () => {
    showConsole(UserType.tenantCatalog, '/console/user-management');
    expect(await navigationLinks()).toEqual(['Catalogs']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the console is not open to you.',
    );
  });
});
