import type { TimeoutInfo } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { STORAGE, sessionStore } from '../../api/session.ts';
import { signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { InactivityDialog, WARNING_SECONDS } from './InactivityDialog.tsx';

const TIMEOUT_MINUTES = 1;

function renderDialog() {
  const client = testQueryClient();
  const timeout: TimeoutInfo = {
    timeout: TIMEOUT_MINUTES,
    clinicName: 'Tan Clinic',
    clinicType: 'GP',
    clinicServiceLicenseNumber: null,
  };
  client.setQueryData(['timeout'], timeout);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <InactivityDialog />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });
const seconds = (count: number) =>
  act(() => {
    vi.advanceTimersByTime(count * 1000);
  });
/** Another tab records a click: only the shared storage changes here. */
const clickInAnotherTab = () => localStorage.setItem(STORAGE.lastClickTime, String(Date.now()));

describe('inactivity across tabs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}'))),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('signs out at the deadline when nobody clicks anywhere', () => {
    renderDialog();
    seconds(TIMEOUT_MINUTES * 60 + 1);
    expect(warning()).not.toBeNull();
    seconds(WARNING_SECONDS);
    expect(sessionStore.get()).toBeNull();
  });

  it('hides the warning and stays signed in after a click in another tab', () => {
    renderDialog();
    seconds(TIMEOUT_MINUTES * 60 + 1);
    expect(warning()).not.toBeNull();

    clickInAnotherTab();
    seconds(1);
    expect(warning()).toBeNull();
    // Past the deadline the warning had set: still signed in.
    seconds(WARNING_SECONDS);
    expect(sessionStore.get()).not.toBeNull();
  });
});
