import type { QueueEntry } from '@clinic/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicDayStartAt } from '../../app/clinic-time.ts';
import { sessionStore } from '../../api/session.ts';
import { QueuePage } from './QueuePage.tsx';
import { queueKeys } from './queue-api.ts';
import { queueColumnsKey } from './queue-columns.ts';
import {
  BRANCH_ID,
  CLINIC_OFFSET,
  closeMessages,
  queueEntry,
  renderInBranch,
  seedQueueOption,
  signInForTest,
  testQueryClient,
} from './test-utils.tsx';

/** Stands in for the browser's WebSocket; the test speaks for the server. */
class FakeWebSocket {
  static latest: FakeWebSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.latest = this;
  }
  close() {}
}

function renderQueue(entries: QueueEntry[]) {
  const client = testQueryClient();
  client.setQueryData(queueKeys.day(BRANCH_ID, clinicDayStartAt(CLINIC_OFFSET)), entries);
  seedQueueOption(client, 'statuses', [
    { code: 'Pending', color: '#B45309' },
    { code: 'Consult In', color: '#1D4ED8' },
  ]);
  return renderInBranch(<QueuePage />, client);
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('queue page', () => {
  beforeEach(() => {
    localStorage.clear();
    signInForTest();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it('keeps the chosen columns in the browser, for the user', async () => {
    const { unmount } = renderQueue([queueEntry()]);
    expect(headers()).toEqual([
      'Queue No.',
      'Name',
      'NRIC',
      'Visit Purposes',
      'Doctor/Clinician',
      'Status',
      'Registration Time',
      'Action',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Queue columns' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Seq' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'NRIC' }));
    expect(headers()[0]).toBe('Seq');
    expect(headers()).not.toContain('NRIC');
    expect(
      JSON.parse(localStorage.getItem(queueColumnsKey(sessionStore.get()!.info.user.id))!),
    ).toEqual(['seq', 'queueNum', 'name', 'visitPurposes', 'doctor', 'status', 'registrationTime']);

    unmount();
    renderQueue([queueEntry()]);
    expect(headers()[0]).toBe('Seq');
    expect(headers()).not.toContain('NRIC');
  });

  it('disables move up on the first row and move down on the last', async () => {
    const last = queueEntry({ queueNum: 'A001', queueSeq: 1 });
    const middle = queueEntry({ queueNum: 'A002', queueSeq: 2 });
    const first = queueEntry({ queueNum: 'A003', queueSeq: 3 });
    renderQueue([first, middle, last]);

    const menuOf = async (queueNum: string) => {
      await userEvent.click(
        screen.getByRole('button', { name: `More actions for queue ${queueNum}` }),
      );
      const menu = screen.getByRole('menu');
      const item = (name: string) => within(menu).getByRole('menuitem', { name });
      return { up: item('Move up'), down: item('Move down') };
    };

    let items = await menuOf('A003');
    expect(items.up).toBeDisabled();
    expect(items.down).toBeEnabled();
    await userEvent.keyboard('{Escape}');

    items = await menuOf('A002');
    expect(items.up).toBeEnabled();
    expect(items.down).toBeEnabled();
    await userEvent.keyboard('{Escape}');

    items = await menuOf('A001');
    expect(items.up).toBeEnabled();
    expect(items.down).toBeDisabled();
  });

  it('offers Recall and Time Out once a row is called in, and marks MCO entries', () => {
    renderQueue([
      queueEntry({ queueNum: 'B002', callInTime: 1_790_000_500, isMCO: true }),
      queueEntry({ queueNum: 'B001' }),
    ]);
    const [, called, waiting] = screen.getAllByRole('row');
    expect(within(called!).getByRole('button', { name: 'Recall' })).toBeInTheDocument();
    expect(within(called!).getByRole('button', { name: 'Time Out' })).toBeInTheDocument();
    expect(within(called!).getByText('MCO')).toBeInTheDocument();
    expect(within(called!).getByRole('link', { name: /Open the patient/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/MAIN\/patients\/mco-/),
    );
    expect(within(waiting!).getByRole('button', { name: 'Call in' })).toBeInTheDocument();
    expect(within(waiting!).queryByText('MCO')).not.toBeInTheDocument();
  });

  it('shows the empty state with add and refresh', () => {
    renderQueue([]);
    expect(screen.getByText('Sorry, nothing to display. Please add a queue')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add to queue' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Refresh' })).toHaveLength(2);
  });

  it('opens add to queue and search with Alt+N and Alt+P, shown in their tooltips', async () => {
    renderQueue([]);
    const [add] = screen.getAllByRole('button', { name: 'Add to queue' });
    expect(add).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
    await userEvent.hover(add!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add to queue (Alt+N)');

    await userEvent.keyboard('{Alt>}n{/Alt}');
    expect(await screen.findByRole('dialog', { name: 'Add to queue' })).toBeInTheDocument();
    // Under an open dialog the page's shortcuts wait.
    await userEvent.keyboard('{Alt>}p{/Alt}');
    expect(
      screen.queryByRole('dialog', { name: 'Search queue by patient' }),
    ).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.keyboard('{Alt>}p{/Alt}');
    expect(
      await screen.findByRole('dialog', { name: 'Search queue by patient' }),
    ).toBeInTheDocument();
  });

  it('shows the appointment request tab only with its module', () => {
    renderQueue([]);
    expect(screen.queryByRole('tab', { name: /Appointment request/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /New Patient Review/ })).toBeInTheDocument();
  });

  it('listens to the branch and tells the desk about calls', async () => {
    signInForTest(['clinic.queue', 'clinic.queuerequest']);
    renderQueue([queueEntry()]);
    expect(screen.getByRole('tab', { name: /Appointment request/ })).toBeInTheDocument();
    const socket = FakeWebSocket.latest!;
    expect(socket.url).toBe(
      `ws://127.0.0.1:9/api/v1/notifications/ws?branchId=${BRANCH_ID}&token=test-token`,
    );
    act(() =>
      socket.onmessage?.({
        data: JSON.stringify({
          eventCode: 'queueCalledIn',
          data: { id: 'x', queueNum: '007', patientName: 'Tan', branchId: BRANCH_ID },
          message: 'Queue 007 is called in',
        }),
      }),
    );
    expect(await screen.findByText('Queue 007 is called in')).toBeInTheDocument();
  });

  it('ends the session, as a 401 does, when the socket closes for an ended session', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderQueue([queueEntry()]);
      const socket = FakeWebSocket.latest!;
      act(() => socket.onopen?.());
      act(() => socket.onclose?.({ code: 4401 }));
      expect(sessionStore.get()).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      // No reconnection with the ended session's token.
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(FakeWebSocket.latest).toBe(socket);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for the clinic's day, not the browser's", () => {
    const browserZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    const client = testQueryClient();
    try {
      renderInBranch(<QueuePage />, client);
    } finally {
      process.env.TZ = browserZone;
    }
    const [key] = client
      .getQueryCache()
      .findAll({ queryKey: ['queue', BRANCH_ID] })
      .map((query) => query.queryKey);
    const dayStart = key?.[2] as number;
    // The clinic's midnight (UTC+8) is 16:00 UTC, whatever the browser's zone.
    expect((dayStart + CLINIC_OFFSET * 60) % 86_400).toBe(0);
    expect(dayStart).toBe(clinicDayStartAt(CLINIC_OFFSET));
  });

  it("shows and edits the registration time on the clinic's clock and day", async () => {
    // 00:30 on 5 January in the clinic (UTC+8): still the 4th in UTC and westwards.
    const entry = queueEntry({ queueNum: 'D001', visitDate: Date.UTC(2026, 0, 4, 16, 30) / 1000 });
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (new URL(url).pathname.endsWith('/queue/visit-time'))
        sent.push(JSON.parse(init.body as string));
      return Promise.resolve(new Response(JSON.stringify({ data: entry }), { status: 200 }));
    });
    renderQueue([entry]);
    const row = screen.getByRole('row', { name: /D001/ });
    expect(row).toHaveTextContent('00:30');

    await userEvent.click(
      within(row).getByRole('button', { name: 'Edit the registration time of queue D001' }),
    );
    const field = screen.getByLabelText('Registration Time');
    expect(field).toHaveValue('00:30');
    fireEvent.change(field, { target: { value: '17:40' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successful');
    // 17:40 on the 5th in the clinic is 09:40 UTC on the 5th.
    expect(sent).toEqual([
      { id: entry.id, visitTime: Date.UTC(2026, 0, 5, 9, 40) / 1000, version: entry.version },
    ]);
  });

  it('puts a status back and says why when the change fails', async () => {
    renderQueue([queueEntry({ queueNum: 'C001', status: 'Pending' })]);
    const status = screen.getByRole('combobox', { name: 'Status of queue C001' });
    await userEvent.click(status);
    await userEvent.click(screen.getByRole('option', { name: 'Consult In' }));
    // The API is unreachable here: the change fails without a server message.
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(status).toHaveValue('Pending');
  });
});
