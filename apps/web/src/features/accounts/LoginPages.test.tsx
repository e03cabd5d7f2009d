import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initApi } from '../../api/clients.ts';
import { deviceId } from '../../api/session.ts';
import '../../i18n/index.ts';
import { StaffLoginPage } from './LoginPages.tsx';

/** Answers every sign-in with a wrong password; answers the bodies sent. */
function refuseSignIns(): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(init.body as string) as Record<string, unknown>);
    const error = {
      code: 'session.invalidCredentials',
      message: 'Incorrect username or password.',
    };
    return Promise.resolve(new Response(JSON.stringify({ error }), { status: 400 }));
  });
  return sent;
}

describe('staff sign-in', () => {
  beforeAll(() => initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined }));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("sends the browser's device id as whiteList, the same one each time", async () => {
    const sent = refuseSignIns();
    render(
      <MantineProvider>
        <MemoryRouter>
          <StaffLoginPage />
        </MemoryRouter>
      </MantineProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'demo.doctor');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong-password-1');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await screen.findByText('Incorrect username or password.');
    }
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ username: 'demo.doctor', whiteList: deviceId() });
    expect(sent[1]!.whiteList).toBe(sent[0]!.whiteList);
  });
});
