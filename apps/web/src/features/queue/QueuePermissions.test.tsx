import { SYSTEM_ROLES, type Permission } from '@clinic/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicDayStartAt } from '../../app/clinic-time.ts';
import { QueuePage } from './QueuePage.tsx';
import { queueKeys } from './queue-api.ts';
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

/** The socket the queue page opens: never answers here. */
class SilentWebSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  close() {}
}

const FRONT_DESK_WITHOUT_PRINT = SYSTEM_ROLES['Front desk'].filter(
  (permission) => permission !== 'queue:print',
);

function renderQueue(client = testQueryClient()) {
  client.setQueryData(queueKeys.day(BRANCH_ID, clinicDayStartAt(CLINIC_OFFSET)), [
    queueEntry({ queueNum: '007', patientName: 'Tan Ah Kow' }),
  ]);
  seedQueueOption(client, 'statuses', [{ code: 'Pending', color: '#B45309' }]);
  seedQueueOption(client, 'room-services', [{ name: 'Room 1' }]);
  return renderInBranch(<QueuePage />, client);
}

const addButton = () => screen.queryByRole('button', { name: 'Add to queue' });
const printQueueLabel = () =>
  screen.queryByRole('button', { name: 'Print the queue label of 007' });

async function openRowMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'More actions for queue 007' }));
  return screen.getByRole('menu');
}

describe('the queue shows what the role allows', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('WebSocket', SilentWebSocket);
  });
  afterEach(async () => {
    await closeMessages();
    vi.unstubAllGlobals();
  });

  it('gives a nurse Add to queue and the row actions', async () => {
    signInForTest(['clinic.queue'], SYSTEM_ROLES.Nurse);
    renderQueue();
    expect(addButton()).toBeInTheDocument();
    expect(screen.getAllByLabelText('Status of queue 007').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Queue display/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call in' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Edit the registration time of queue 007' }),
    ).toBeVisible();
    const menu = await openRowMenu();
    expect(menu).toHaveTextContent('Move up');
    expect(menu).toHaveTextContent('Delete');
  });

  it('hides label printing from a front desk without queue:print', async () => {
    signInForTest(['clinic.queue'], FRONT_DESK_WITHOUT_PRINT);
    renderQueue();
    expect(addButton()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call in' })).toBeInTheDocument();
    expect(printQueueLabel()).not.toBeInTheDocument();
    const menu = await openRowMenu();
    expect(menu).toHaveTextContent('Delete');
    expect(menu).not.toHaveTextContent('Patient Label print');
  });

  it('shows a queue:read-only role the rows and nothing that changes them', async () => {
    signInForTest(['clinic.queue'], ['queue:read']);
    renderQueue();
    expect(screen.getByText('Tan Ah Kow')).toBeInTheDocument();
    expect(screen.getByText('Consultation')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(addButton()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call in' })).not.toBeInTheDocument();
    expect(printQueueLabel()).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Edit the registration time of queue 007' }),
    ).not.toBeInTheDocument();
    expect(screen.queryAllByLabelText('Status of queue 007')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /Queue display/ })).not.toBeInTheDocument();
    const menu = await openRowMenu();
    expect(menu).not.toHaveTextContent('Move up');
    expect(menu).not.toHaveTextContent('Delete');
  });

  it('follows the current branch answer over the sign-in answer (a changed role)', () => {
    signInForTest(['clinic.queue'], SYSTEM_ROLES['Front desk']);
    const client = testQueryClient();
    // GET /branches/current answered after the administrator made the role read-only.
    client.setQueryData(queueKeys.currentBranch(BRANCH_ID), {
      permissions: ['queue:read'] satisfies Permission[],
    });
    renderQueue(client);
    expect(screen.getByText('Tan Ah Kow')).toBeInTheDocument();
    expect(addButton()).not.toBeInTheDocument();
  });
});
