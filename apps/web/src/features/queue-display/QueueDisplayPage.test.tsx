import type { DisplayIdentity } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initApi } from '../../api/clients.ts';
import { clinicDayStartAt } from '../../app/clinic-time.ts';
import { sessionStore } from '../../api/session.ts';
import { BRANCH_ID, CLINIC_OFFSET, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { QueueDisplayPage } from './QueueDisplayPage.tsx';

/** Stands in for the browser's WebSocket; the test speaks for the server. */
class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.made.push(this);
  }
  close() {}
}

/** A display link of a clinic in India (UTC+5:30), unlike the staff session's Singapore. */
const IDENTITY: DisplayIdentity = {
  branchId: BRANCH_ID,
  branchCode: 'MAIN',
  branchName: 'Main clinic',
  clinicName: 'Tan Clinic',
  timezoneOffset: 330,
};

/** What the server answers the link's calls: its data, or a 401 with this refusal code. */
let refusal: 'session.ended' | 'queueDisplay.linkExpired' | null = null;

/** The server's answers; returns the `visitDate` of every board request. */
function serve(): number[] {
  const days: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((address: string) => {
      const url = new URL(address);
      const path = url.pathname.replace('/api/v1', '');
      if (refusal) {
        const error = { code: refusal, message: refusal };
        return Promise.resolve(new Response(JSON.stringify({ error }), { status: 401 }));
      }
      let data: unknown = { items: [] };
      if (path === '/queue/display/identity') data = IDENTITY;
      if (path === '/queue/display') {
        days.push(Number(url.searchParams.get('visitDate')));
        data = { current: [], next: [], roomServices: [] };
      }
      return Promise.resolve(new Response(JSON.stringify({ data }), { status: 200 }));
    }),
  );
  return days;
}

/** What the address bar shows. */
function AddressBar() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function renderBoard(path: string) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AddressBar />
          <Routes>
            <Route path="/:branchCode/queue-display" element={<QueueDisplayPage />} />
            <Route path="/auth/login" element={<p>Sign-in page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function connectedSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
  const socket = FakeWebSocket.made[0]!;
  act(() => socket.onopen?.());
  return socket;
}

/** The browser sits in New York, far from either clinic. */
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

describe('queue display board', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    refusal = null;
    FakeWebSocket.made = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('opened by a display link', () => {
    beforeEach(() => {
      sessionStore.signOut('user');
      initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined });
    });

    it("asks for the clinic's day from the link's identity", async () => {
      const days = serve();
      renderBoard('/MAIN/queue-display?key=link-token');
      await waitFor(() => expect(days.length).toBeGreaterThan(0));
      expect(days[0]).toBe(clinicDayStartAt(IDENTITY.timezoneOffset));
      // Midnight in India: 18:30 UTC the day before.
      expect((days[0]! + 330 * 60) % 86_400).toBe(0);
    });

    it('takes the key out of the address bar, and keeps it for a reload of this tab', async () => {
      serve();
      const first = renderBoard('/MAIN/queue-display?key=link-token');
      await waitFor(() =>
        expect(screen.getByTestId('address')).toHaveTextContent(/^\/MAIN\/queue-display$/),
      );
      expect(
        await screen.findByRole('heading', { name: 'Tan Clinic · Main clinic' }),
      ).toBeVisible();
      expect((await connectedSocket()).url).toContain('token=link-token');
      expect(document.body.textContent).not.toContain('link-token');

      first.unmount();
      FakeWebSocket.made = [];
      renderBoard('/MAIN/queue-display');
      expect(
        await screen.findByRole('heading', { name: 'Tan Clinic · Main clinic' }),
      ).toBeVisible();
      expect((await connectedSocket()).url).toContain('token=link-token');
      expect(screen.queryByText('Sign-in page')).toBeNull();
    });

    it('shows the revoked-link screen when the socket closes for a revoked link', async () => {
      serve();
      renderBoard('/MAIN/queue-display?key=link-token');
      const socket = await connectedSocket();
      expect(socket.url).toContain('token=link-token');
      refusal = 'session.ended';
      act(() => socket.onclose?.({ code: 4401 }));
      expect(await screen.findByText('This display link no longer works')).toBeInTheDocument();
    });

    it('says the link expired when its socket closes at the expiry', async () => {
      serve();
      renderBoard('/MAIN/queue-display?key=link-token');
      const socket = await connectedSocket();
      refusal = 'queueDisplay.linkExpired';
      act(() => socket.onclose?.({ code: 4401 }));
      expect(await screen.findByText('This display link has expired')).toBeInTheDocument();
      expect(screen.queryByText('This display link no longer works')).toBeNull();
    });

    it('says the link expired when it is opened after its expiry', async () => {
      serve();
      refusal = 'queueDisplay.linkExpired';
      renderBoard('/MAIN/queue-display?key=link-token');
      expect(await screen.findByText('This display link has expired')).toBeInTheDocument();
      expect(screen.getByText('Ask your clinic administrator for a new link.')).toBeVisible();
      expect(FakeWebSocket.made).toHaveLength(0);
    });
  });

  describe('opened by staff', () => {
    beforeEach(() => signInForTest());

    it("asks for the clinic's day from the session", async () => {
      const days = serve();
      renderBoard('/MAIN/queue-display');
      await waitFor(() => expect(days.length).toBeGreaterThan(0));
      expect(days[0]).toBe(clinicDayStartAt(CLINIC_OFFSET));
      expect((days[0]! + CLINIC_OFFSET * 60) % 86_400).toBe(0);
    });

    it('ends the session like a 401 when the socket closes for an ended session', async () => {
      serve();
      renderBoard('/MAIN/queue-display');
      const socket = await connectedSocket();
      act(() => socket.onclose?.({ code: 4401 }));
      expect(sessionStore.get()).toBeNull();
      expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    });

    it('only shows it is reconnecting after another close', async () => {
      serve();
      renderBoard('/MAIN/queue-display');
      const socket = await connectedSocket();
      act(() => socket.onclose?.({ code: 1006 }));
      expect(sessionStore.get()).not.toBeNull();
      expect(await screen.findByRole('status')).toHaveTextContent(/reconnect/i);
    });
  });
});
