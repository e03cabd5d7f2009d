import { BACKGROUND_REQUEST_HEADER, type TimeoutInfo } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import { STORAGE, sessionStore } from '../../api/session.ts';
import { dialogs } from '../../components/dialogs.tsx';
import { signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { ACTIVITY_REPORT_MS, InactivityGuard, WARNING_SECONDS } from './InactivityDialog.tsx';

const TIMEOUT_MINUTES = 1;
const PATIENT = 'TAN AH KOW';
const NRIC = 'S1234567D';

function renderGuard() {
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
          <InactivityGuard>
            <p>
              {PATIENT} ({NRIC})
            </p>
            <button type="button">Does nothing on the server</button>
          </InactivityGuard>
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
/** The text of the whole document, dialogs and portals included. */
const everything = () => document.body.textContent ?? '';

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
    renderGuard();
    seconds(TIMEOUT_MINUTES * 60 + 1);
    expect(warning()).not.toBeNull();
    seconds(WARNING_SECONDS);
    expect(sessionStore.get()).toBeNull();
  });

  it('hides the warning and stays signed in after a click in another tab', () => {
    renderGuard();
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

describe('patient data while the countdown shows', () => {
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

  it('is gone from the page when the countdown starts, and back when the user stays', () => {
    renderGuard();
    expect(everything()).toContain(PATIENT);
    seconds(TIMEOUT_MINUTES * 60 + 1);

    expect(warning()).not.toBeNull();
    expect(everything()).not.toContain(PATIENT);
    expect(everything()).not.toContain(NRIC);
    expect(screen.getByRole('heading', { name: 'Hidden while you are away' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    seconds(1);
    expect(warning()).toBeNull();
    expect(everything()).toContain(PATIENT);
  });

  it('closes an open confirm that may name a patient, as not confirmed', async () => {
    renderGuard();
    const answer = dialogs.confirm({ title: `Delete queue 12 of ${PATIENT}?` });
    seconds(TIMEOUT_MINUTES * 60 + 1);
    await expect(answer).resolves.toEqual({ confirmed: false });
  });
});

describe('what the server is told', () => {
  const sent = () =>
    ((fetch as Mock).mock.calls as Array<[string, RequestInit]>).map(([url, init]) => ({
      path: new URL(url).pathname,
      background: (init.headers as Record<string, string>)[BACKGROUND_REQUEST_HEADER],
    }));

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"data":{}}'))),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reports clicks that make no call, at most once a minute, as the user\u2019s activity', () => {
    renderGuard();
    fireEvent.click(screen.getByRole('button', { name: 'Does nothing on the server' }));
    seconds(1);
    expect(sent()).toEqual([{ path: '/api/v1/timeout', background: undefined }]);

    seconds(5);
    fireEvent.click(screen.getByRole('button', { name: 'Does nothing on the server' }));
    seconds(5);
    expect(sent()).toHaveLength(1);
    seconds(ACTIVITY_REPORT_MS / 1000);
    expect(sent()).toEqual([
      { path: '/api/v1/timeout', background: undefined },
      { path: '/api/v1/timeout', background: undefined },
    ]);
    // No click since: nothing more to report.
    seconds(ACTIVITY_REPORT_MS / 1000 + 1);
    expect(sent()).toHaveLength(2);
  });

  it('asks for the time-out in the background', async () => {
    const client = testQueryClient();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <InactivityGuard>
              <p>Page</p>
            </InactivityGuard>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(sent()).toContainEqual({ path: '/api/v1/timeout', background: '1' });
  });
});
