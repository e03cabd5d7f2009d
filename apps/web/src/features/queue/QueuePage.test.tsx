import type { QueueEntry } from '@clinic/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueuePage } from './QueuePage.tsx';
import { queueKeys } from './queue-api.ts';
import { QUEUE_COLUMNS_KEY } from './queue-columns.ts';
import { dayStartOf, todayIso } from './queue-format.ts';
import {
  BRANCH_ID,
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
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.latest = this;
  }
  close() {}
}

function renderQueue(entries: QueueEntry[]) {
  const client = testQueryClient();
  client.setQueryData(queueKeys.day(BRANCH_ID, dayStartOf(todayIso())), entries);
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

  it('keeps the chosen columns in the browser', async () => {
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
    const dialog = screen.getByRole('dialog', { name: 'Queue columns' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Seq' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'NRIC' }));
    expect(headers()[0]).toBe('Seq');
    expect(headers()).not.toContain('NRIC');
    expect(JSON.parse(localStorage.getItem(QUEUE_COLUMNS_KEY)!)).toEqual([
      'seq',
      'queueNum',
      'name',
      'visitPurposes',
      'doctor',
      'status',
      'registrationTime',
    ]);

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
